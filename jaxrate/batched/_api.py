"""The JAX simplex's host driver: batches, lanes, padding, sharding, processes.

``jaxrate.batched.deviation_ratings``, the JAX solver's own function; users ask
through :func:`jaxrate.deviation_ratings` with ``solver="simplex"``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from jaxrate.batched._core import prepare, recheck
from jaxrate.batched._lanes import stream
from jaxrate.batched._result import BatchResult
from jaxrate.game import gains
from jaxrate.game._game import as_batch, player_masks
from jaxrate.game._simplex_config import SimplexConfig, simplex_config
from jaxrate.game.tolerances import TOLERANCES
from jaxrate.results.result import Ratings
from jaxrate.results.status import Status

__all__ = ["deviation_ratings"]


def _masks_for(shape, masks, batch):
    """Per-player masks ``[B, A_p]`` on the device (all True when ``masks`` is None);
    ``masks`` already read by :func:`jaxrate.game._game.player_masks`."""
    if masks is None:
        return tuple(jnp.ones((batch, a), bool) for a in shape)
    return tuple(jnp.asarray(m) for m in masks)


_prepare_batch = jax.jit(jax.vmap(prepare))


def deviation_ratings(
    payoffs: Any,
    *,
    masks: Sequence[Any] | None = None,
    warm_start: BatchResult | Any | None = None,
    tol: float | None = None,
    max_pivots: int | None = None,
    refactor_every: int | None = None,
    lanes: int | None = None,
    retry: bool = True,
    batched: bool | None = None,
) -> BatchResult:
    """Deviation ratings of one game or a batch, all games solved in parallel in JAX.

    Algorithm 1 per game with a revised simplex method on a fixed-shape LP (:mod:`jaxrate.batched._simplex`):
    levels warm-start from the last basis and rows are frozen by their duals, as on the exact path, so
    results agree with :func:`jaxrate.exact.deviation_ratings` to the working precision.

    Args:
      payoffs: ``[N, A_1, ..., A_N]`` or ``[B, N, A_1, ..., A_N]`` (numpy or JAX; float64 input runs in
        float64 under JAX x64, else float32), a :class:`jaxrate.Game` or a list of games of one shape.
      masks: optional per-player boolean masks, each ``[A_p]`` or ``[B, A_p]``; a masked strategy gets no
        probability and a NaN rating: populations of different sizes share a batch without fake strategies.
      warm_start: a previous :class:`BatchResult` (or its ``joint``) of the same shape: the solve starts from
        the joint strategy the previous one weighted most, e.g. the last iteration of a training loop.
      tol: reduced-cost, pivot and dual tolerance relative to the payoff range (default
        :data:`jaxrate.solvers.SIMPLEX_TOL`: 2e-5 in float32, 1e-9 in float64).
      max_pivots: per-game cap on simplex pivots in the first pass (status MAX_ITERATIONS); default
        ``25 (C + 1)``, a few times what games need (each retry pass has twice it).
      refactor_every: pivots between recomputing the basis inverse (default
        :data:`jaxrate.solvers.REFACTOR_EVERY`: 10 in float32, 50 in float64).
      lanes: games solved side by side; the batch streams through them on the device, a finished game
        handing its lane to the next, so no batch waits for its slowest game (default: :func:`default_lanes`).
      retry: re-solve games a pass leaves unsolved (:data:`RETRIES`; float32 games in float64); ``False``: one
        pass, unsolved games keep their status. A float32 game stays SOLVED only where its proof, rechecked in
        float64 (:func:`jaxrate.batched._core.recheck`), bounds its error by 1e-3 of the range, else FAILED.
      batched: whether an array is a batch; needed only where its shape reads both ways
        (``[3, 2, 2, 2]``: one 3-player game or three 2-player games).

    Returns:
      A :class:`BatchResult`. Never raises for a member of a batch: a bad game (NaN payoffs, pivot cap)
      gets its status, the rest are unaffected; :func:`jaxrate.batched.raise_for_status` raises for it.

    Raises:
      ValueError: for inputs whose structure is wrong (not per-game values).

    Example:
      >>> import numpy as np, jaxrate
      >>> rps = np.array([[[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [[0, 1, -1], [-1, 0, 1], [1, -1, 0]]])
      >>> out = jaxrate.deviation_ratings(rps.astype(np.float32))
      >>> bool(np.allclose(out.ratings[0], 0.0, atol=1e-5)), int(out.status)
      (True, 0)
    """
    data = as_batch(payoffs, batched)
    array, shape, masks = _read(data, masks)
    config_for = functools.partial(
        simplex_config, tol=tol, max_pivots=max_pivots, refactor_every=refactor_every
    )
    out = solve_batch(array, masks, _joint_of(warm_start), config_for, lanes, retry)
    return _assembled(out, shape, data.batched)


def _read(data, masks: Sequence[Any] | None) -> tuple[Any, tuple[int, ...], tuple | None]:
    """The batch's payoffs as floats (integers and bools in float32), its strategy counts
    ``(A_1, ..., A_N)`` and the masks read by :func:`jaxrate.game._game.player_masks`."""
    array = data.payoffs
    if array.dtype.kind in "iub":
        array = array.astype(np.float32)
    shape = tuple(int(a) for a in data.payoffs.shape[2:])
    return array, shape, player_masks(masks, shape, int(data.payoffs.shape[0]))


def _assembled(out: dict, shape: tuple[int, ...], batched: bool) -> BatchResult:
    """The :class:`BatchResult` of :func:`solve_batch`'s arrays: ratings split per player, and
    one game's result without its batch axis."""
    fields = {k: out[k] for k in BatchResult._fields if k not in ("ratings", "precision")}
    result = BatchResult(gains.split_players(out["ratings"], shape), precision=out["precision"], **fields)
    if not batched:
        per_game = {k: v[0] for k, v in result._asdict().items() if k not in ("ratings", "precision")}
        result = result._replace(ratings=tuple(r[0] for r in result.ratings), **per_game)
    return result


def _joint_of(warm_start: Any) -> Any:
    return warm_start.joint if isinstance(warm_start, (BatchResult, Ratings)) else warm_start


def solve_batch(
    payoffs: Any,
    masks: Sequence[Any] | None,
    warm_start: Any,
    config_for: Callable[[int, str], SimplexConfig],
    lanes: int | None = None,
    retry: bool = True,
) -> dict:
    """Rate a batch ``[B, N, A..]`` (already read: numpy or JAX, float; masks ``[B, A_p]``
    or ``None``) with the settings ``config_for(C, precision)`` gives (a
    :class:`jaxrate.Simplex` value's ``config``), ``lanes`` side by side.

    The batch's own precision (float64 under JAX x64, else float32) is the one it
    runs in. Returns one array per field, batch axis first, the ratings flat
    ``[B, C]``, plus ``"precision"``: the solver value's path from
    :func:`jaxrate.deviation_ratings` into the simplex, with no second parse.
    """
    stacked = jnp.asarray(payoffs)
    dtype = jnp.result_type(stacked.dtype, jnp.float32)
    stacked = stacked.astype(dtype)
    precision = jnp.dtype(dtype).name
    batch = int(stacked.shape[0])
    shape = tuple(int(a) for a in stacked.shape[2:])
    mask_arrays = _masks_for(shape, masks, batch)
    start = jnp.full((batch,), -1, jnp.int32)
    if warm_start is not None:
        joint = jnp.asarray(warm_start, dtype)
        if joint.size != batch * int(np.prod(shape)):
            raise ValueError(f"warm_start joint must have shape {(batch,) + shape}; got {joint.shape}")
        start = jnp.argmax(joint.reshape(batch, -1), axis=1).astype(jnp.int32)
    config = config_for(int(sum(shape)), precision)
    lanes = None if lanes is None else max(int(lanes), 1)
    rate = _rate_across_processes if jax.process_count() > 1 else _rate_here
    out = {k: np.array(v)[:batch] for k, v in rate(stacked, mask_arrays, start, config, lanes).items()}
    if precision == "float32":
        _recheck_in_float64(out, stacked, mask_arrays)
    if retry:
        _retry_unsolved(out, stacked, mask_arrays, start, config, lanes)
    out["precision"] = precision
    return out


def default_lanes(num_joints: int, num_constraints: int, batch: int, backend: str | None = None) -> int:
    """Lanes for ``batch`` games of this size: half the batch (a power of two), so
    that finished lanes have games to take, within about 2M numbers of simplex
    state (``lanes (J + (C + 1)^2) <= 2^21``, at most 1,024); a batch of up to 64
    games runs in one wave (benchmarks/RESULTS.md, issue 15).

    On a CPU (``backend``, default JAX's) the lanes' data, ``C J`` numbers a game
    with its state, stays within about 2^20 numbers (at least 32 lanes): fewer
    lanes were faster on 10 of 11 families, up to 1.35x (2P 32 x 32), and slower
    on one, 2P 24 x 24 with clones, by 1.15-1.2x. Fewer lanes wait less for a
    batch's slowest games (2P 24 x 24: pivots 59 a game, at most 108) and pay more
    loop steps (the clones: 76, at most 94, fastest at 256 lanes): a rule fitted
    to the families measured (benchmarks/RESULTS.md, issue 55). A GPU keeps the
    wide waves."""
    per_game = num_joints + (num_constraints + 1) ** 2
    cap = min(1024, max(32, 1 << max(0, (2**21 // per_game).bit_length() - 1)))
    if (backend or jax.default_backend()) == "cpu":
        working = num_constraints * num_joints + per_game
        cap = min(cap, max(32, 1 << max(0, (2**20 // working).bit_length() - 1)))
    wave = _bucket(batch)
    return int(min(cap, wave if wave <= 64 else wave // 2))


def default_chunk(num_constraints: int, refactor_every: int) -> int:
    """Steps between hand-overs of finished lanes: about C / 2 (a game takes
    a few C pivots), at least 16, at most one refactorisation period."""
    return int(min(refactor_every, max(16, num_constraints // 2)))


def _bucket(count: int, multiple: int = 1) -> int:
    """The padded batch size: a power of two (shared compilations), a multiple of ``multiple``."""
    size = 1 << max(count - 1, 0).bit_length()
    return -(-size // multiple) * multiple


# The retry ladder for games a pass leaves unsolved, each step with twice the
# first pass's pivot budget: the largest-pivot ratio test (stabler on highly
# degenerate games: it solved every 0/1 win-loss 48 x 48 game Bland's ties
# left), then Bland's ties again on right-hand sides perturbed by 1e-9 of the
# range (it solved the 100 x 20 leaderboard and 64 x 64 games the first two
# left cycling). Bland's ties go first: about half the pivots elsewhere. A
# retry pivots every level (``unique`` False), as the lanes did before they
# finished games from a unique optimum: where that finish is what failed (a
# near-clone game's ill-conditioned level-1 basis: a residual of 9e-5 of the
# range), the retry does not repeat it.
RETRIES = ({"largest_pivot": True, "unique": False}, {"perturb": 1e-9, "unique": False})


def _retry_unsolved(out: dict, stacked, mask_arrays, start, config, lanes, step: int = 0, given=None) -> None:
    """Re-solve, in place, the games a pass left unsolved: in float64 after a
    float32 pass (float32 runs out of precision on games from 2P 32 x 32 on),
    else with the next step of :data:`RETRIES`. Each game's ``iterations``
    counts every pass it took. ``given``: the payoffs as given where ``stacked`` is their float64
    copy (:func:`_rate_here`)."""
    unsolved = np.nonzero(np.isin(out["status"], (int(Status.MAX_ITERATIONS), int(Status.FAILED))))[0]
    if step >= len(RETRIES) or unsolved.size == 0:
        return
    pick = jnp.asarray(unsolved)
    games, masks, starts = stacked[pick], tuple(m[pick] for m in mask_arrays), start[pick]
    given = None if given is None else given[pick]
    if stacked.dtype == jnp.float32:
        with jax.enable_x64(True):
            wide = jnp.asarray(np.asarray(games, np.float64))
            wide_config = simplex_config(sum(m.shape[1] for m in mask_arrays), "float64")
            again = _rate_here(wide, masks, starts, wide_config, lanes, given=games)
            again = {k: np.array(v)[: unsolved.size] for k, v in again.items()}
            _retry_unsolved(again, wide, masks, starts, wide_config, lanes, given=games)
    else:
        attempt = {"max_pivots": 2 * config.max_pivots, **RETRIES[step]}
        again = _rate_here(games, masks, starts, config, lanes, attempt, given)
        again = {k: np.array(v)[: unsolved.size] for k, v in again.items()}
        _retry_unsolved(again, games, masks, starts, config, lanes, step + 1, given)
    taken = again["status"] == int(Status.SOLVED)
    first_pivots = out["iterations"][unsolved]
    for k, v in again.items():
        out[k][unsolved[taken]] = v[taken]
    out["iterations"][unsolved] = first_pivots + again["iterations"]


_recheck_batch = jax.jit(jax.vmap(recheck))


def _recheck_in_float64(out: dict, stacked, mask_arrays) -> None:
    """A float32 pass's SOLVED games whose proof, rechecked in float64, does not
    bound their error by the float32 accuracy become FAILED (and, with retries,
    are re-solved in float64): float32 can end at a consistent point that is not
    the lexicographic optimum, which its own residuals do not show."""
    solved = np.nonzero(out["status"] == int(Status.SOLVED))[0]
    if solved.size == 0:
        return
    with jax.enable_x64(True):
        pick = jnp.asarray(solved)
        wide = jnp.asarray(np.asarray(stacked[pick], np.float64))
        prep = _prepare_batch(wide, tuple(m[pick] for m in mask_arrays), stacked[pick])
        error = np.asarray(_recheck_batch(prep, {k: jnp.asarray(v[solved]) for k, v in out.items()}))
    out["status"][solved[~(error <= TOLERANCES.accuracy("float32"))]] = int(Status.FAILED)


def _rate_here(stacked, mask_arrays, start, config, lanes, attempt: dict | None = None, given=None) -> dict:
    """Rate a batch on this process's devices (each device streams its block).

    ``attempt`` overrides ``config``'s ``largest_pivot``, ``perturb`` and
    ``max_pivots``, and ``unique``, as traced values: a retry pass compiles nothing new.
    ``given``: the payoffs as the user gave them, where ``stacked`` is a wider copy (a float32
    batch solved again in float64): their resolution sets the near-clone merge's tolerance
    (:func:`jaxrate.batched._core.prepare`), as it does in :func:`jaxrate.batched.rate_game`.
    """
    count = int(stacked.shape[0])
    devices = jax.local_devices()
    size = _bucket(count, len(devices))
    stacked, mask_arrays, start = (
        _padded(stacked, size),
        tuple(_padded(m, size) for m in mask_arrays),
        _padded(start, size),
    )
    shape = tuple(stacked.shape[2:])
    if lanes is None:
        lanes = default_lanes(int(np.prod(shape)), int(sum(shape)), size // len(devices))
    chunk = default_chunk(int(sum(shape)), config.refactor_every)
    prep = _prepare_batch(stacked, mask_arrays, stacked if given is None else _padded(given, size))
    kinds = {"largest_pivot": bool, "perturb": stacked.dtype, "max_pivots": jnp.int32, "unique": bool}
    knobs = {k: getattr(config, k) for k in ("largest_pivot", "perturb", "max_pivots")}
    knobs["unique"] = True  # the first pass finishes a game from a unique optimum (jaxrate.batched._unique)
    attempt = {k: jnp.asarray(v, kinds[k]) for k, v in {**knobs, **(attempt or {})}.items()}
    if len(devices) == 1:
        out = stream(prep, start, jnp.int32(count), attempt, config, lanes, chunk)
    else:
        out = _sharded(devices, config, lanes, chunk)(prep, start, jnp.int32(count), attempt)
    return {k: np.asarray(v)[:count] for k, v in out.items()}


def _sharded(devices, config, lanes, chunk):
    """:func:`stream` on every local device, each on its block of the batch (no collectives)."""
    from jax.sharding import Mesh
    from jax.sharding import PartitionSpec as P

    mesh = Mesh(np.array(devices), ("batch",))
    block = P("batch")

    def local(prep, start, count, attempt):
        first = jax.lax.axis_index("batch") * start.shape[0]
        mine = jnp.clip(count - first, 0, start.shape[0]).astype(jnp.int32)
        return stream(prep, start, mine, attempt, config, lanes, chunk)

    return jax.jit(
        jax.shard_map(local, mesh=mesh, in_specs=(block, block, P(), P()), out_specs=block, check_vma=False)
    )


def _rate_across_processes(stacked, mask_arrays, start, config, lanes) -> dict:
    """Every process rates its block of the batch on its own devices; the blocks are gathered in order.

    After ``jax.distributed.initialize`` every process calls
    :func:`deviation_ratings` with the same full batch and gets the full result.
    """
    from jax.experimental import multihost_utils

    count, me = jax.process_count(), jax.process_index()
    batch = stacked.shape[0]
    block = -(-batch // count)
    pad = block * count - batch

    def padded(x):
        return jnp.concatenate([x, jnp.broadcast_to(x[:1], (pad,) + x.shape[1:])]) if pad else x

    mine = slice(me * block, (me + 1) * block)
    local = _rate_here(
        padded(stacked)[mine], tuple(padded(m)[mine] for m in mask_arrays), padded(start)[mine], config, lanes
    )
    local = {k: np.asarray(v)[:block] for k, v in local.items()}
    return {k: np.asarray(multihost_utils.process_allgather(v, tiled=True)) for k, v in local.items()}


def _padded(x, size: int):
    """``x`` with its batch axis padded to ``size`` by copies of its first game (never rated)."""
    pad = size - x.shape[0]
    return jnp.concatenate([x, jnp.broadcast_to(x[:1], (pad,) + x.shape[1:])]) if pad else x

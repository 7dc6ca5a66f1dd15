"""One game's deviation ratings as a pure JAX function: for ``jit``, ``vmap`` and training steps."""

from __future__ import annotations

import contextlib
import functools
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from jaxrate.batched import _fallback, _lp
from jaxrate.batched._core import advance, finish, init, prepare
from jaxrate.batched._lp import WarmStart, no_warm_start
from jaxrate.batched._simplex import SimplexConfig
from jaxrate.game import gains
from jaxrate.game._simplex_config import simplex_config
from jaxrate.game.jumps import jump_direction
from jaxrate.game.tolerances import TOLERANCES
from jaxrate.results import sensitivity
from jaxrate.results.status import Status

__all__ = ["WarmStart", "no_warm_start", "rate_game", "working_precision"]

# Backends whose XLA compiler has float64 (TPUs and Apple's Metal do not).
FLOAT64_BACKENDS = ("cpu", "gpu", "cuda", "rocm")


def working_precision(precision: str | None) -> str:
    """The precision a game is solved in: ``precision`` if given, else float64
    wherever the default backend has it, whatever the payoffs' dtype.

    Float32 arithmetic cannot rate games as this library promises: its
    feasibility tolerance (about 1e-6 of the range) meets rating sensitivities
    of 1e4 on ordinary games, so that 2-38% of uniform random games were left
    unsolved or off by more than 1e-4 of the range (benchmarks/training_step.py);
    solved in float64 and returned in float32, none were.
    """
    if precision is None:
        precision = "float64" if jax.default_backend() in FLOAT64_BACKENDS else "float32"
    if precision not in ("float32", "float64"):
        raise ValueError(f"precision must be 'float32', 'float64' or None; got {precision!r}")
    return precision


def rate_game(
    payoffs: Any,
    masks: tuple | None = None,
    start: Any = None,
    *,
    warm: WarmStart | None = None,
    config: SimplexConfig | None = None,
    precision: str | None = None,
    jumps: bool = False,
) -> dict:
    """Deviation ratings of one game ``[N, A_1..A_N]``, inside your ``jit``.

    A pure function of arrays, for your own ``jax.jit``-ed training step:
    ``jax.vmap`` it over a population batch, scan it over iterations,
    differentiate it (``jax.grad``, ``jvp``, ``jacfwd``, ``jacrev``: the
    derivative its proof holds, :mod:`jaxrate.sensitivity`; zero where the game
    is not SOLVED; one-sided where ``degenerate``). A game whose proof fails
    after the in-loop retries is rated by the exact path, called back on the
    host (``out["fallback"]``; ``SimplexConfig(fallback=False)`` compiles no
    callback): ``FAILED`` only where that fails too. A game that needs more
    than ``config.max_pivots`` pivots (your budget) ends ``MAX_ITERATIONS``.

    Args:
      payoffs: ``[N, A_1, ..., A_N]``, any float dtype: the outputs come back in it.
      masks: optional per-player boolean masks ``[A_p]`` (a population padded to a
        fixed size, so that a size change does not recompile).
      start: optional int32, the flat index of a joint to start from; -1 for none.
      warm: the previous solve's ``out["warm"]`` (:class:`WarmStart`): each level
        starts from that solve's basis where it is still feasible (payoffs moved,
        a few members replaced); where it is not, the level is solved as cold,
        so a warm start never costs pivots (docs/howto/training-loops.md).
      config: static :class:`SimplexConfig`; default ``simplex_config(C, precision)``:
        tolerance 1e-9 (float64) / 2e-5 (float32), ``25 (C + 1)`` pivots.
      precision: the solve's arithmetic: ``None`` is float64 wherever the backend has it (CPU,
        GPU), whatever the payoffs' dtype; ``"float32"`` forces float32 (backends without float64:
        about 1e-3 of the range, up to 1e-1 on near-tie games; 5.6e-2 the worst of 1,000 2P 10 x 10).
      jumps: static; whether the ratings are pinned by the data (:mod:`jaxrate.jumps`:
        two more solves in the call, payoffs moved by 1e-8 of the range): adds
        ``jump`` and ``jump_size`` (payoff units), with no derivative.

    Returns:
      A dict of arrays: ``ratings`` ``[C]`` stacked by player (NaN where masked),
      ``joint`` ``[A_1..A_N]``, ``status`` (:class:`jaxrate.batched.Status`),
      ``iterations`` (pivots), ``degenerate`` (the derivative may be one-sided
      here), ``warm`` (for the next solve; none from a fallback), ``fallback`` (rated by the
      exact path: the joint's derivative is zero there, the ratings' is the proof's),
      ``max_gain``, ``residual``, and the
      proof the solver checked (:mod:`jaxrate.certificate`): ``levels``,
      ``level_values``, ``frozen_at``, ``duals``, ``dual_gap``, ``min_frozen_dual``.

    Example:
      >>> import jax, jax.numpy as jnp
      >>> from jaxrate.batched import rate_game
      >>> mp = jnp.array([[[1.0, -1.0], [-1.0, 1.0]], [[-1.0, 1.0], [1.0, -1.0]]])
      >>> out = jax.jit(rate_game)(mp)
      >>> [round(float(r), 4) + 0.0 for r in out["ratings"]], int(out["status"])
      ([0.0, 0.0, 0.0, 0.0], 0)
    """
    payoffs, masks, start, config, work = _arguments(payoffs, masks, start, warm, config, precision)
    return _called(payoffs, masks, start, warm, config=config, work=work, jumps=bool(jumps))


def _called(payoffs, masks, start, warm, **static) -> dict:
    """On arrays (a call outside any ``jit`` or ``vmap``, or a derivative of one): one compiled
    function, cached (:func:`_compiled`); otherwise traced into the caller's program."""
    if all(_eager(leaf) for leaf in jax.tree.leaves((payoffs, masks, start, warm))):
        with _arithmetic(static["work"]):
            return _compiled(payoffs, masks, start, warm, **static)
    return _rating(payoffs, masks, start, warm, **static)


def _eager(value) -> bool:
    """Whether ``value`` is an array, or a derivative's tracer around one: ``rate_game`` called
    outside any ``jit`` or ``vmap`` (a ``jax.grad`` of a plain function included)."""
    while isinstance(value, jax.core.Tracer):
        value = getattr(value, "primal", None)  # JVP and linearize tracers hold their primal
        if value is None:
            return False
    return True


def _rating(payoffs, masks, start, warm, *, config: SimplexConfig, work: str, jumps: bool) -> dict:
    out = _rated(payoffs, masks, start, warm, config, work)
    return out | (_jump_check(payoffs, masks, start, warm, config, work, out) if jumps else {})


@functools.partial(jax.jit, static_argnames=("config", "work", "jumps"))
def _compiled(payoffs, masks, start, warm, *, config: SimplexConfig, work: str, jumps: bool) -> dict:
    """:func:`rate_game` as one compiled function, cached by shape, dtype and configuration: inside a
    caller's ``jit`` it is traced into the caller's program, and a call outside any ``jit`` (a loop
    of central differences, ``jax.grad`` of a plain function, a notebook cell run again) compiles
    once instead of at every call (each compile cost 4-5 s and about 900 memory mappings that were
    never given back: a loop of about 40 such calls exhausted the process's mappings)."""
    return _rating(payoffs, masks, start, warm, config=config, work=work, jumps=jumps)


def _jump_check(payoffs, masks, start, warm, config: SimplexConfig, work: str, out: dict) -> dict:
    """``jump`` and ``jump_size`` (:func:`jaxrate.jumps.jump_sizes`, in JAX): the game solved again
    with its payoffs moved both ways along :func:`jaxrate.jumps.jump_direction`; no derivative."""
    dtype = payoffs.dtype
    with _arithmetic(work):
        base = jax.lax.stop_gradient(payoffs).astype(work)
        scale = prepare(base, masks)["scale"]
        move = TOLERANCES.jump_probe(work) * scale * jnp.asarray(jump_direction(payoffs.shape), work)

        def solve(game):
            return _solved(game, masks, start, warm, config, work)[0]

        probed = jax.vmap(solve)(jnp.stack([base + move, base - move]))
        ratings = jax.lax.stop_gradient(out["ratings"]).astype(work)
        moves = jnp.abs(probed["ratings"].astype(work) - ratings[None])
        moves = jnp.max(jnp.where(jnp.isnan(moves), 0.0, moves), axis=-1)  # [2]
        copies = probed["status"] == int(Status.SOLVED)
        rated = out["status"] == int(Status.SOLVED)
        measured = rated & jnp.any(copies)
        size = jnp.where(measured, jnp.max(jnp.where(copies, moves, -jnp.inf)), jnp.nan)
        flag = measured & (size > TOLERANCES.jump(work) * scale) | (rated & ~jnp.any(copies))
        return {"jump": flag, "jump_size": size.astype(dtype)}


def _arguments(payoffs, masks, start, warm, config, precision):
    """``rate_game``'s arguments as arrays, its configuration and its working precision."""
    payoffs = jnp.asarray(payoffs)
    if not jnp.issubdtype(payoffs.dtype, jnp.floating):
        payoffs = payoffs.astype(jnp.float32)
    shape = payoffs.shape[1:]
    num_c = sum(shape)
    work = working_precision(precision)
    if masks is None:
        masks = tuple(jnp.ones(a, bool) for a in shape)
    masks = tuple(jnp.asarray(m, bool) for m in masks)
    if warm is not None:
        wanted = (num_c, num_c + 1)
        if not isinstance(warm, WarmStart) or tuple(warm.bases.shape) != wanted:
            got = getattr(getattr(warm, "bases", None), "shape", type(warm).__name__)
            raise ValueError(
                f"warm must be a previous rate_game output's 'warm' for a game of {num_c} strategies "
                f"(bases {wanted}); got {got}"
            )
    if start is None:
        start = -1
    if config is None:
        config = simplex_config(num_c, work)
    return payoffs, masks, jnp.asarray(start, jnp.int32), config, work


@functools.partial(jax.custom_jvp, nondiff_argnums=(4, 5))
def _rated(payoffs, masks, start, warm, config: SimplexConfig, work: str) -> dict:
    return _solved(payoffs, masks, start, warm, config, work)[0]


@_rated.defjvp
@_lp.full_precision
def _rated_jvp(config: SimplexConfig, work: str, primals, tangents):
    """The derivative the proof holds (:mod:`jaxrate.sensitivity`): every output
    moves by a fixed matrix times ``g = delta(dG, sigma)``, the deviation gains
    of the payoffs' tangent under the joint; linear in ``dG``, so ``jax.grad``
    and ``jax.jacrev`` transpose it. Zero where the game is not SOLVED or is
    constant (no derivative exists; check ``status``). The proof's multipliers
    (``duals``, ``min_frozen_dual``) are not differentiated: their tangents are NaN."""
    payoffs, masks, start, warm = primals
    out, maps = _solved(payoffs, masks, start, warm, config, work, tangents=True)
    joint = out["joint"]
    flat = jnp.concatenate(gains.deviation_gains_per_player(tangents[0].astype(joint.dtype), joint))
    g = jnp.where(jnp.concatenate(masks), flat, 0.0)
    # An unsolved game's basis proves nothing, and a constant game's ratings move
    # by the ratings of dG itself, not linearly: no derivative there, so zero
    # matrices (the status says why). Not NaN: under vmap a NaN tangent would
    # reach every gradient of the batch, even where the game's fitness is masked.
    defined = (out["status"] == int(Status.SOLVED)) & maps["varies"]
    maps = {k: jnp.where(defined, v, 0.0) for k, v in maps.items() if k != "varies"}
    levels = maps["levels"] @ g
    live = jnp.arange(g.shape[0]) < out["levels"]
    refused = jnp.nan * jnp.sum(g)
    moved = {
        "ratings": maps["ratings"] @ g,
        "joint": (maps["joint"] @ g).reshape(joint.shape),
        "level_values": jnp.where(live, levels, 0.0),
        "max_gain": levels[0],
    }
    moved |= {
        "residual": jnp.zeros_like(out["residual"]),
        "dual_gap": jnp.zeros_like(out["dual_gap"]),
        "min_frozen_dual": refused.astype(out["min_frozen_dual"].dtype),
        "duals": jnp.full_like(out["duals"], 1.0) * refused,
    }
    return out, {k: moved[k] if k in moved else jax.tree.map(_no_tangent, v) for k, v in out.items()}


def _no_tangent(value):
    """The tangent of an integer or boolean output (JAX's ``float0`` zeros)."""
    return np.zeros(jnp.shape(value), dtype=jax.dtypes.float0)


@functools.partial(jax.custom_jvp, nondiff_argnums=(4, 5, 6))
@_lp.full_precision
def _solved(payoffs, masks, start, warm, config: SimplexConfig, work: str, tangents: bool = False):
    """The outputs in the payoffs' dtype, and (``tangents``) the matrices that move them."""
    dtype = payoffs.dtype
    with _arithmetic(work):
        prep = prepare(payoffs.astype(work), masks, payoffs)
        state, out = _passes(prep, start, warm, config)
        out, rescued = _fallback.rescue(payoffs.astype(work), prep, out, config)
        maps = None
        if tangents:
            maps = _tangent_maps(state, prep, config, out)
            maps["joint"] = jnp.where(rescued, 0.0, maps["joint"])  # no basis from the exact path
            maps = {k: v.astype(dtype) for k, v in maps.items()} | {"varies": prep["scale"] > 0}
        return jax.tree.map(lambda v: _returned(v, dtype), out), maps


# A game whose proof fails (FAILED) is solved again from the crash basis, one
# rung at a time, while any game of the batch has a rung left. A rung is
# ``(perturb, harris, pivot_rel, unique, largest)``: right-hand sides lowered by
# 1-2x ``perturb`` of the range (no vertex degenerate, no ratio test tied);
# Harris's ratio test with that primal tolerance (0: the textbook test); the
# textbook test's smallest pivot relative to the entering column's largest
# entry (near-clone strategies make pivots of 1e-8 of their column, and bases
# of condition 1e16 after them); levels finished from a unique optimum or
# pivoted to the end; ties by the largest pivot or Bland's rule. Every other
# rung starts from the other end of the joints. Near-clone populations (a
# strategy 1e-5 to 1e-9 of the range from another) fail on the first pass, and
# the rules fail on different games: the rungs were chosen greedily on the
# games the earlier rungs left (benchmarks/near_clones.py). Games that pass the
# first time run no rung; a batch runs the rungs while any of its games fails.
# The two rungs with Harris's test (1e-9) were dropped: without them the fresh
# near-clone games left 27 and 205 of 3,000 (2P / 3P) unsolved against 30 and
# 214 with them, and every pivot no longer computes both ratio tests (2P 10 x 10
# compile 11.4-11.6 s against 13.2-19.3 s; training step: benchmarks/RESULTS.md).
RETRY_RUNGS = (
    (1e-9, 0.0, 0.0, True, True),
    (0.0, 0.0, 1e-6, True, True),
    (1e-7, 0.0, 0.0, True, True),
    (1e-7, 0.0, 0.0, False, False),
    (1e-7, 0.0, 1e-6, True, True),
    (0.0, 0.0, 1e-6, True, False),
    (1e-9, 0.0, 0.0, True, False),
)


# A rung's SOLVED result is taken only where its joint meets the ratings and
# its levels meet their bounds to this fraction of the range, or four times
# its perturbation (the first pass: the certificate's tolerance). Rules that
# pass the certificate's tolerance on near-singular bases (a pivot skipped as
# small leaves a basic variable slightly negative) returned ratings 1e-5 to
# 1e-4 of the range from the exact ones (3P 6 x 6 x 6, eps 1e-7 to 1e-9).
RETRY_TIGHT = 1e-8


# Under ``vmap`` on a CPU, the batch is solved a chunk at a time, each chunk's working memory within
# this many bytes. XLA's CPU runtime takes a call's temporary buffers fresh from the system at every
# call: 2P 10 x 10 at B = 1,024 touched 88 MB of new pages a call (22,000 page faults, about a fifth
# of the call); in chunks of 256 games, none (benchmarks/RESULTS.md).
CHUNK_BYTES = 24 << 20
# ... reckoned at this many numbers a game per entry of its constraint matrix (C x J): XLA's own
# count of the temporaries was 4.3 to 5.5 (2P 10 x 10 to 3P 8 x 8 x 8).
CHUNK_NUMBERS = 6


def _passes(prep, start, warm, config: SimplexConfig):
    """:func:`_solve`; under ``vmap``, a CPU solves the batch in chunks (:func:`_chunked`)."""
    return _chunked(config)(prep, start, warm)


@functools.cache
def _chunked(config: SimplexConfig):
    """:func:`_solve` for ``config``, whose batching rule solves a batch of more games than
    :func:`chunk_games` allows as equal chunks (``lax.map``; a copy of the first game pads
    the last chunk): one traced solver, the same outputs as one ``vmap``."""

    @jax.custom_batching.custom_vmap
    def solve(prep, start, warm):
        return _solve(prep, start, warm, config)

    @solve.def_vmap
    def batched(size, in_batched, prep, start, warm):
        args = jax.tree.map(
            lambda x, b: x if b else jnp.broadcast_to(x, (size,) + jnp.shape(x)),
            (prep, start, warm),
            tuple(in_batched),
        )
        one = jax.vmap(lambda a: _solve(*a, config))
        payoffs = args[0]["payoffs"]
        count = -(-size // chunk_games(payoffs.shape[1:], payoffs.dtype))
        if count <= 1:
            out = one(args)
        else:
            chunk = -(-size // count)
            pad = count * chunk - size
            args = jax.tree.map(lambda x: jnp.concatenate([x, jnp.repeat(x[:1], pad, axis=0)]), args)
            out = jax.lax.map(one, jax.tree.map(lambda x: x.reshape((count, chunk) + x.shape[1:]), args))
            out = jax.tree.map(lambda x: x.reshape((count * chunk,) + x.shape[2:])[:size], out)
        return out, jax.tree.map(lambda _: True, out)

    return solve


def chunk_games(shape: tuple, dtype) -> int:
    """The most games of ``shape`` (``[N, A_1..A_N]``) solved side by side under ``vmap``: on a CPU,
    those whose working memory fits :data:`CHUNK_BYTES` (at least 16); elsewhere, any number."""
    if jax.default_backend() != "cpu":
        return 2**62
    num_c, num_j = sum(shape[1:]), int(np.prod(shape[1:]))
    per_game = CHUNK_NUMBERS * num_c * num_j * jnp.dtype(dtype).itemsize
    return max(16, CHUNK_BYTES // per_game)


def _solve(prep, start, warm, config: SimplexConfig):
    """``(state, out)`` of the first pass and, for a FAILED game, of the rungs of
    :data:`RETRY_RUNGS`: one loop whose body is the whole solve, so that the
    rungs compile nothing more (a second copy of the solver took compilation
    from 7 s to 11 s on 2P 10 x 10)."""
    dtype = prep["payoffs"].dtype
    if any(r[1] > 0 for r in RETRY_RUNGS) and config.harris == 0:
        config = config._replace(retry_rules=True)
    table = ((config.perturb, config.harris, 0.0, True, False),) + tuple(RETRY_RUNGS)
    perturbs = jnp.asarray([r[0] for r in table], dtype)
    harris = jnp.asarray([max(r[1], config.harris) for r in table], dtype)
    rels = jnp.asarray([r[2] for r in table], dtype)
    uniques = jnp.asarray([r[3] for r in table], bool)
    largest = jnp.asarray([r[4] for r in table], bool)
    last = jnp.asarray(prep["joint_mask"].size - 1, jnp.int32)

    def started(k):
        attempt = {
            "perturb": perturbs[k],
            "harris": harris[k],
            "pivot_rel": rels[k],
            "unique": uniques[k],
            "largest_pivot": (largest[k] & (k > 0)) | config.largest_pivot,
            "max_pivots": config.max_pivots,
        }
        begin = jnp.where((k > 0) & (k % 2 == 0), last, start)
        return _started(prep, begin, config, attempt)

    def solve(k):
        state, fresh = started(k)
        state = advance(state, prep, config, None, warm, fresh)
        return state, finish(state, prep, config, warm=True)

    if not RETRY_RUNGS:
        return solve(0)

    def tight(now, k):
        limit = jnp.maximum(RETRY_TIGHT, 4 * perturbs[k]) * jnp.where(prep["scale"] > 0, prep["scale"], 1.0)
        return (now["residual"] <= limit) & (now["dual_gap"] <= limit)

    def again(c):
        st, got, k = c
        fresh, now = solve(k)
        take = (k == 0) | ((now["status"] == int(Status.SOLVED)) & tight(now, k))
        pick = lambda a, b: jnp.where(take, a, b)  # noqa: E731
        kept = jax.tree.map(pick, now, got)
        kept["iterations"] = got["iterations"] + now["iterations"]
        return jax.tree.map(pick, fresh, st), kept, k + 1

    def failing(c):
        return (c[2] == 0) | ((c[1]["status"] == int(Status.FAILED)) & (c[2] < perturbs.shape[0]))

    unsolved = lambda k: (s := started(k)[0], finish(s, prep, config, warm=True))  # noqa: E731
    shapes = jax.eval_shape(unsolved, jnp.zeros((), jnp.int32))  # without tracing the simplex again
    blank = jax.tree.map(lambda x: jnp.zeros(x.shape, x.dtype), shapes)
    carry = _lp.along((*blank, jnp.zeros((), jnp.int32)), prep["payoffs"])
    state, out, _ = jax.lax.while_loop(failing, again, carry)
    return state, out


def _started(prep, begin, config: SimplexConfig, attempt: dict):
    """A pass's start state, and the one a game that stalls in it starts again from
    (:func:`jaxrate.batched._simplex.advance`'s ``fresh``): one traced start for both, batched by two
    (a second copy in the round compiled 0.3 s more)."""
    again = {"perturb": config.cost_tol, "harris": config.harris, "pivot_rel": 0.0, "unique": True}
    again |= {"largest_pivot": True, "max_pivots": config.max_pivots}
    both = {
        k: jnp.stack([jnp.asarray(v), jnp.asarray(again[k], jnp.asarray(v).dtype)])
        for k, v in attempt.items()
    }
    states = jax.vmap(lambda b, a: init(prep, b, config, a))(jnp.stack([begin, jnp.int32(-1)]), both)
    return jax.tree.map(lambda x: x[0], states), jax.tree.map(lambda x: x[1], states)


@_solved.defjvp
def _second_order(config, work, tangents, primals, tangent_values):
    """Differentiating the derivative (``jax.hessian``, a ``jvp`` of a ``grad``):
    the simplex's path is not differentiable, so this refuses rather than
    return the derivative of its arithmetic."""
    raise NotImplementedError(
        "jaxrate.batched.rate_game has exact first derivatives (jax.jvp, grad, jacfwd, jacrev); "
        "second derivatives (jax.hessian, a jvp of a grad) are not supported"
    )


def _tangent_maps(state, prep, config: SimplexConfig, out: dict) -> dict:
    """``[C, C]`` for the ratings and the level values, ``[J, C]`` for the joint:
    each output's rate of change per unit of ``g`` (payoff units)."""
    levels = sensitivity.level_sensitivity(out["duals"], out["frozen_at"], out["levels"])
    ratings = sensitivity.rating_sensitivity(out["duals"], out["frozen_at"], out["levels"])
    lp = _lp.layout(prep["payoffs"], prep["joint_mask"], prep["row_mask"], config)
    scale = jnp.where(prep["scale"] > 0, prep["scale"], 1.0)
    joint = _lp.joint_tangent(lp, state, levels, scale)
    return {"ratings": ratings, "levels": levels, "joint": joint}


def _arithmetic(work: str):
    """A local x64 scope for a float64 solve (JAX's x64 switch only decides
    which dtypes arrays get by default; float64 computations inside a float32
    ``jit`` compile and run on CPU and GPU)."""
    if work == "float64" and not jax.config.jax_enable_x64:
        return jax.enable_x64(True)
    return contextlib.nullcontext()


def _returned(value, dtype):
    """An output in the caller's dtype (floats) or int32 (integers)."""
    if jnp.issubdtype(value.dtype, jnp.floating):
        return value.astype(dtype)
    if jnp.issubdtype(value.dtype, jnp.integer):
        return value.astype(jnp.int32)
    return value

"""A game the JAX simplex leaves unsolved, rated by the exact path from inside ``jit``.

The simplex's rungs (:data:`jaxrate.batched._pure.RETRY_RUNGS`) leave a few games
FAILED where the exact path rates them: near-clone populations, strategies 1e-5 to
1e-9 of the range apart (27 and 205 of 3,000 2P 10 x 10 and 3P 6 x 6 x 6 games,
``benchmarks/near_clones.py``), whose bases reach condition 1e16. Such a game is
handed to the exact path (HiGHS, its exact check and repair) through
:func:`jax.pure_callback`, and its proven result replaces the unsolved one: its
ratings, joint, levels and dual proof, and so the ratings' derivative, which the
proof holds (:mod:`jaxrate.sensitivity`). The joint's derivative needs the
simplex's basis, which the exact path does not return: it is zero on such a game
(``out["fallback"]`` says which).

A game the simplex solves costs nothing more than one test of its status; under
``vmap`` the callback is made once per batch and returns at once where no game
needs it. ``SimplexConfig(fallback=False)`` compiles no callback (``jax.export``,
a backend without host callbacks).
"""

from __future__ import annotations

from collections.abc import Callable

import jax
import jax.numpy as jnp
import numpy as np

from jaxrate.batched._core import degenerate
from jaxrate.batched._simplex import SimplexConfig
from jaxrate.game._fallback import exact_rater
from jaxrate.results.status import Status

__all__ = ["NEEDS_FALLBACK", "rescue"]

#: The status the exact path is asked to replace. Not MAX_ITERATIONS: ``SimplexConfig.max_pivots``
#: is the caller's budget for the rating (a training step's time), which a host solve would not keep.
NEEDS_FALLBACK = int(Status.FAILED)


def rescue(payoffs, prep: dict, out: dict, config: SimplexConfig) -> tuple[dict, jax.Array]:
    """``(out, rescued)``: ``out`` (one game's :func:`jaxrate.batched._core.finish`
    outputs) with the exact path's result where the simplex left it FAILED and the
    exact path rates it; ``rescued`` says where. ``payoffs``: the game as given (in
    the working precision), which the exact path rates as it would rate it itself
    (normalised and quantized its own way: a near-clone game's ratings move by 1e-8
    of the range between two quantizations of one game)."""
    rate = exact_rater()
    status = out["status"]
    needs = status == NEEDS_FALLBACK
    if not config.fallback or rate is None:
        return out | {"fallback": jnp.zeros((), bool)}, jnp.zeros((), bool)
    game = tuple(payoffs.shape[1:])
    called = _called_back(_host(rate, game, np.dtype(payoffs.dtype)), game, payoffs.dtype)
    got = called(_to_bits(payoffs), prep["row_mask"], needs)
    rescued = needs & got["ok"]
    return _merged(out, got, prep, rescued, config), rescued


def _called_back(host: Callable, game: tuple, dtype) -> Callable:
    """``(payoff bits, row mask, needs) -> the host's outputs``, for arrays with any leading (batch)
    axes: the callback is made only where some game of the call needs it. Under ``vmap`` a
    ``lax.cond`` on a batched predicate runs both branches (a callback every call: +20% on 64 2P
    10 x 10 games that all passed, ``benchmarks/fallback_cost.py``), so the batching rule tests
    the whole batch's ``needs`` at once, and calls the function again on the batched arrays."""

    @jax.custom_batching.custom_vmap
    def called(bits, row_mask, needs):
        shapes = _shapes(needs.shape, game, row_mask.shape[-1], dtype)

        def call(args):
            got = jax.pure_callback(host, _as_bits(shapes), *args, vmap_method="broadcast_all")
            return {k: _from_bits(v, shapes[k].dtype) for k, v in got.items()}

        def blank(args):
            return {k: jnp.zeros(v.shape, v.dtype) for k, v in shapes.items()}

        return jax.lax.cond(jnp.any(needs), call, blank, (bits, row_mask, needs))

    @called.def_vmap
    def _batched(axis_size, in_batched, *args):
        args = [a if b else jnp.broadcast_to(a, (axis_size,) + a.shape) for a, b in zip(args, in_batched)]
        got = called(*args)
        return got, jax.tree.map(lambda _: True, got)

    return called


def _shapes(batch: tuple, game: tuple, num_c: int, dtype) -> dict:
    """The host's outputs for games of shape ``game`` in ``batch`` (leading axes)."""
    real = lambda *s: jax.ShapeDtypeStruct(batch + s, dtype)  # noqa: E731
    whole = lambda kind: jax.ShapeDtypeStruct(batch, kind)  # noqa: E731
    return {
        "ratings": real(num_c),
        "joint": real(*game),
        "levels": whole(jnp.int32),
        "level_values": real(num_c),
        "frozen_at": jax.ShapeDtypeStruct(batch + (num_c,), jnp.int32),
        "duals": real(num_c, num_c),
        "max_gain": real(),
        "residual": real(),
        "dual_gap": real(),
        "min_frozen_dual": real(),
        "ok": whole(jnp.bool_),
    }


def _as_bits(shapes: dict) -> dict:
    """The callback's outputs, float64 ones as pairs of uint32, as its float64 input:
    where x64 is off, JAX casts a callback's float64 arguments and results to float32,
    even inside a float64 solve's own ``jax.enable_x64`` scope (the callback runs
    outside it; a near-clone game rounded so moved its ratings by 2e-8)."""
    return {
        k: jax.ShapeDtypeStruct(v.shape + (2,), jnp.uint32) if v.dtype == jnp.float64 else v
        for k, v in shapes.items()
    }


def _to_bits(value):
    return jax.lax.bitcast_convert_type(value, jnp.uint32) if value.dtype == jnp.float64 else value


def _from_bits(value, dtype):
    return jax.lax.bitcast_convert_type(value, dtype) if dtype == jnp.float64 else value


def _bits(value: np.ndarray) -> np.ndarray:
    if value.dtype != np.float64:
        return value
    return np.ascontiguousarray(value).view(np.uint32).reshape(value.shape + (2,))


def _merged(out: dict, got: dict, prep: dict, rescued, config: SimplexConfig) -> dict:
    """``out`` with ``got`` (payoff units) where ``rescued``."""
    scale = jnp.where(prep["scale"] > 0, prep["scale"], 1.0)
    row_mask = prep["row_mask"]
    values, levels = got["level_values"], got["levels"]
    new = {
        "ratings": jnp.where(row_mask, got["ratings"], jnp.nan),
        "joint": got["joint"],
        "levels": levels,
        "level_values": values,
        "frozen_at": got["frozen_at"],
        "duals": got["duals"],
        "max_gain": got["max_gain"],
        "residual": got["residual"],
        "dual_gap": got["dual_gap"],
        "min_frozen_dual": got["min_frozen_dual"],
        "status": jnp.asarray(int(Status.SOLVED), out["status"].dtype),
        "degenerate": degenerate(got["min_frozen_dual"], values / scale, levels, config),
    }
    merged = {k: jnp.where(rescued, new[k].astype(v.dtype), v) if k in new else v for k, v in out.items()}
    if "warm" in out:  # the exact path hands no basis on: the next solve starts cold
        warm = out["warm"]
        merged["warm"] = warm._replace(levels=jnp.where(rescued, 0, warm.levels).astype(warm.levels.dtype))
    return merged | {"fallback": rescued}


def _host(rate: Callable, shape: tuple, dtype: np.dtype) -> Callable:
    """The callback: every game of a batch (leading axes) whose ``needs`` is set,
    rated by ``rate`` on its unmasked strategies; the others left blank. The outputs
    have the traced ``dtype`` (a float64 solve inside a caller's float32 program
    hands the callback its arrays as the caller's default dtype)."""

    def solve(payoffs, row_mask, needs):
        payoffs, row_mask, needs = np.asarray(payoffs), np.asarray(row_mask), np.asarray(needs)
        if dtype == np.float64:  # passed as pairs of uint32 (see _as_bits)
            payoffs = np.ascontiguousarray(payoffs).view(np.float64)[..., 0]
        batch = needs.shape
        num_c = row_mask.shape[-1]
        blank = _blank(batch, shape, num_c, dtype)
        for index in zip(*np.nonzero(needs)) if batch else ([()] if needs else []):
            one = _one(rate, payoffs[index], row_mask[index], shape)
            if one is not None:
                for key, value in one.items():
                    blank[key][index] = value
        return {k: _bits(v) for k, v in blank.items()}

    return solve


def _blank(batch: tuple, shape: tuple, num_c: int, dtype) -> dict:
    return {
        "ratings": np.full(batch + (num_c,), np.nan, dtype),
        "joint": np.zeros(batch + shape, dtype),
        "levels": np.zeros(batch, np.int32),
        "level_values": np.full(batch + (num_c,), np.nan, dtype),
        "frozen_at": np.full(batch + (num_c,), -1, np.int32),
        "duals": np.zeros(batch + (num_c, num_c), dtype),
        "max_gain": np.full(batch, np.nan, dtype),
        "residual": np.full(batch, np.nan, dtype),
        "dual_gap": np.full(batch, np.nan, dtype),
        "min_frozen_dual": np.full(batch, np.nan, dtype),
        "ok": np.zeros(batch, bool),
    }


def _one(rate: Callable, payoffs: np.ndarray, row_mask: np.ndarray, shape: tuple) -> dict | None:
    """One game's exact result on its unmasked strategies, placed back in the padded
    layout (payoff units); ``None`` where the exact path does not rate it, or anything
    stops the placing (a raise inside the callback would end the caller's whole call)."""
    try:
        return _placed(rate, payoffs, row_mask, shape)
    except Exception:  # noqa: BLE001 - the game stays FAILED, the batch goes on
        return None


def _placed(rate: Callable, payoffs: np.ndarray, row_mask: np.ndarray, shape: tuple) -> dict | None:
    masks = np.split(row_mask.astype(bool), np.cumsum(shape)[:-1])
    keep = [np.flatnonzero(m) for m in masks]
    if any(k.size == 0 for k in keep):
        return None
    game = payoffs[np.ix_(range(len(shape)), *keep)].astype(np.float64)
    result = rate(game)
    duals = result.certificate.duals
    if not isinstance(result.joint, np.ndarray) or duals is None:
        return None
    num_c = row_mask.shape[0]
    rows = np.flatnonzero(row_mask)
    levels = int(result.levels)
    out = {
        "ratings": np.zeros(num_c),
        "joint": np.zeros(shape),
        "levels": levels,
        "level_values": np.full(num_c, np.nan),
        "frozen_at": np.full(num_c, -1, np.int32),
        "duals": np.zeros((num_c, num_c)),
    }
    out["ratings"][rows] = np.concatenate(result.ratings)
    out["joint"][np.ix_(*keep)] = result.joint
    out["level_values"][:levels] = result.level_values
    out["frozen_at"][rows] = result.frozen_at
    out["duals"][np.ix_(np.arange(levels), rows)] = duals
    certificate = result.certificate
    out |= {
        "max_gain": certificate.max_gain,
        "residual": certificate.max_rating_residual,
        "dual_gap": max(certificate.max_dual_gap, 0.0),
        "min_frozen_dual": certificate.min_frozen_dual,
        "ok": True,
    }
    return out

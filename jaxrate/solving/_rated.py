"""How the solver values rate the problem: the exact path game by game, the JAX simplex in a batch.

Both fill a :class:`jaxrate.results._filling.Filled` (the one place a
:class:`jaxrate.Ratings` is assembled from solver outputs).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jaxrate.game._game import Game, ScoreTableGame
from jaxrate.results._filling import Filled, Problems, put_exact
from jaxrate.results.certificate import Certificate, Proof, certificate_tolerance
from jaxrate.results.result import SolvedBy
from jaxrate.results.status import SOLVER_FAILURES, Status

__all__ = ["rate_exact", "rate_simplex"]


def rate_exact(problems: Problems, games: np.ndarray, solver: Any, out: Filled) -> None:
    """Rate ``games`` one by one with the exact solver value ``solver`` (masked strategies left out).

    A :class:`jaxrate.ScoreTableGame` passed whole goes to the solver as it
    is (rated through its table, its payoffs never built). Only the exact
    path's declared failures (:data:`jaxrate.status.SOLVER_FAILURES`) become a
    game's status; any other exception propagates.
    """
    for i in games.tolist():
        keep = problems.keep(i)
        out.solved_by[i] = SolvedBy(solver.name)
        out.messages[i] = ""
        if isinstance(problems.game, ScoreTableGame) and keep is None:
            game = problems.game
        else:
            sub = problems.sub_game(i)
            if not np.all(np.isfinite(sub)):
                out.status[i], out.messages[i] = int(Status.NONFINITE), Status.NONFINITE.message
                continue
            names = problems.strategies
            if keep is not None:
                names = tuple(tuple(np.asarray(s)[k].tolist()) for s, k in zip(names, keep))
            game = Game(sub, problems.players, names)
        try:
            progress = problems.progress if problems.size == 1 else None
            previous = problems.previous if problems.size == 1 else None
            result = solver.solve_one(game, progress, previous=previous)
        except SOLVER_FAILURES as err:
            out.status[i], out.messages[i] = int(Status.FAILED), f"{type(err).__name__}: {err}"
            continue
        put_exact(out, i, result, keep, solver.name)


def rate_simplex(problems: Problems, games: np.ndarray, solver: Any, out: Filled) -> None:
    """Rate ``games`` in one batch on the JAX simplex value ``solver``, in its precision."""
    from jaxrate.batched._api import solve_batch

    dtype = np.float64 if solver.precision == "float64" else np.float32
    masks = None if problems.masks is None else tuple(m[games] for m in problems.masks)
    start = problems.warm_start
    if start is not None:
        start = np.asarray(start)  # a sparse joint (a large board's previous result) made dense
        start = start.reshape((problems.size,) + problems.shape)[games] if start.size else None
    with solver.precision_scope():
        got = solve_batch(
            np.asarray(problems.payoffs[games], dtype=dtype), masks, start, solver.config, solver.lanes
        )
    out.precision = got.pop("precision")
    out.ratings[games] = np.asarray(got["ratings"], np.float64)
    out.joint[games] = np.asarray(got["joint"], np.float64)
    for name in ("levels", "status", "iterations", "max_gain", "residual"):
        getattr(out, name)[games] = np.asarray(got[name])
    solved_by = SolvedBy(solver.name)
    for i, code in zip(games.tolist(), np.asarray(got["status"]).tolist()):
        out.solved_by[i] = solved_by
        out.messages[i] = "" if code == int(Status.SOLVED) else Status(code).message
    if problems.masks is None:  # a masked game's proof is of its sub-game
        proofs = _simplex_proofs(got, out.joint[games], solver.accuracy(out.precision), problems.scale[games])
        for i, proof in zip(games.tolist(), proofs):
            out.proofs[i] = proof


def _simplex_proofs(got: dict, joints: np.ndarray, accuracy: float, scales: np.ndarray) -> list[Proof]:
    """Each game's proof from the JAX simplex, in the exact path's form (for :func:`jaxrate.verify`);
    the per-game numbers taken from the batch's arrays at once (a game's proof cost 11 us, a tenth of
    a 2P 10 x 10 game's solve, when each was read from the arrays on its own)."""
    flat = joints.reshape(len(joints), -1)
    simplex = np.abs(flat.sum(axis=1) - 1.0) + np.maximum(0.0, -flat.min(axis=1))
    scales = np.asarray(scales, np.float64)
    columns = zip(
        np.asarray(got["levels"]).tolist(),
        np.asarray(got["max_gain"], np.float64).tolist(),
        np.asarray(got["residual"], np.float64).tolist(),
        simplex.tolist(),
        certificate_tolerance(scales, rel_tol=accuracy).tolist(),
        scales.tolist(),
        np.asarray(got["dual_gap"], np.float64).tolist(),
        np.asarray(got["min_frozen_dual"], np.float64).tolist(),
    )
    duals, values = np.asarray(got["duals"], np.float64), np.asarray(got["level_values"], np.float64)
    frozen_at = np.asarray(got["frozen_at"])
    proofs = []
    for k, (levels, gain, residual, off, tolerance, scale, gap, lowest) in enumerate(columns):
        certificate = Certificate(
            max_gain=gain,
            max_rating_residual=residual,
            max_simplex_residual=off,
            slack=0.0,
            tolerance=tolerance,
            scale=scale,
            duals=duals[k, :levels],
            max_dual_gap=gap,
            min_frozen_dual=lowest,
        )
        proofs.append(Proof(values[k, :levels], frozen_at[k], certificate))
    return proofs

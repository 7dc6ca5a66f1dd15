"""The proof block of ``jaxrate rate --json``, and reading it back for ``--previous``.

A board that grows by a few models is re-proved from its previous result
(:func:`jaxrate.deviation_ratings` ``warm_start``): that needs the previous
joint and every level's dual, which the ranking in the JSON does not hold. The
``"proof"`` block holds them, sparse: the joint's support and each level's
non-zero multipliers, rows named by player and strategy so that a board whose
models were reordered or extended reads back. Floats are written by
:mod:`json` (shortest repr), so they read back exactly.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

__all__ = ["proof_block", "read_previous"]


def proof_block(result: Any) -> dict:
    """The sparse proof of a one-game result: ``{"players", "strategies", "ratings",
    "level_values", "frozen_at", "duals", "joint", "max_dual_gap"}``."""
    proof = result.proof
    joint = np.asarray(result.joint)
    support = np.flatnonzero(joint)
    duals = np.asarray(proof.certificate.duals)
    return {
        "players": list(result.players),
        "strategies": [list(s) for s in result.strategies],
        "ratings": [np.asarray(r, dtype=np.float64).tolist() for r in result.ratings],
        "level_values": np.asarray(proof.level_values, dtype=np.float64).tolist(),
        "frozen_at": np.asarray(proof.frozen_at).tolist(),
        "duals": [[[int(c), float(d[c])] for c in np.flatnonzero(d)] for d in duals],
        "joint": [
            [*(int(i) for i in np.unravel_index(j, joint.shape)), float(joint.flat[j])]
            for j in support.tolist()
        ],
        "max_dual_gap": float(proof.certificate.max_dual_gap),
    }


def read_previous(path: str) -> SimpleNamespace:
    """The previous result ``--previous PATH`` names, shaped as :func:`proof_block` wrote it.

    Raises:
      ValueError: naming the file and what is wrong with it.
    """
    try:
        payload = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise ValueError(f"--previous {path}: cannot read it ({err.strerror or err})") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"--previous {path}: not JSON ({err.msg} at line {err.lineno})") from None
    block = payload.get("proof") if isinstance(payload, dict) else None
    if not isinstance(block, dict):
        raise ValueError(
            f"--previous {path}: no proof in it; write it with `jaxrate rate BOARD --json {path}` "
            "(deviation ratings of a score table)"
        )
    try:
        strategies = tuple(tuple(s) for s in block["strategies"])
        shape = tuple(len(s) for s in strategies)
        joint = np.zeros(shape)
        for *index, weight in block["joint"]:
            joint[tuple(int(i) for i in index)] = float(weight)
        values = np.asarray(block["level_values"], dtype=np.float64)
        duals = np.zeros((len(values), sum(shape)))
        for k, entries in enumerate(block["duals"]):
            for c, d in entries:
                duals[k, int(c)] = float(d)
        certificate = SimpleNamespace(duals=duals, max_dual_gap=float(block["max_dual_gap"]))
        proof = SimpleNamespace(
            level_values=values,
            frozen_at=np.asarray(block["frozen_at"], dtype=np.int64),
            certificate=certificate,
        )
        ratings = tuple(np.asarray(r, dtype=np.float64) for r in block["ratings"])
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise ValueError(
            f"--previous {path}: its proof block is malformed ({type(err).__name__}: {err})"
        ) from None
    return SimpleNamespace(
        players=tuple(block["players"]), strategies=strategies, ratings=ratings, joint=joint, proof=proof
    )

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

import hashlib
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

__all__ = ["proof_block", "read_previous"]


def _digest(block: dict) -> str:
    """sha256 of the block without its digest, as canonical JSON (sorted keys, shortest floats)."""
    body = {k: v for k, v in block.items() if k != "digest"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def proof_block(result: Any) -> dict:
    """The sparse proof of a one-game result of a score table's game: ``{"players",
    "strategies", "table", "ratings", "level_values", "frozen_at", "duals", "joint",
    "max_dual_gap", "digest"}``; ``digest`` (sha256 of the rest) tells a block changed
    after it was written (an edited or truncated file) from one as jaxrate wrote it."""
    proof = result.proof
    joint = np.asarray(result.joint)
    support = np.flatnonzero(joint)
    duals = np.asarray(proof.certificate.duals)
    block = {
        "players": list(result.players),
        "strategies": [list(s) for s in result.strategies],
        "table": np.asarray(proof.table, dtype=np.float64).tolist(),
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
    block["digest"] = _digest(block)
    return block


def read_previous(path: str) -> SimpleNamespace:
    """The previous result ``--previous PATH`` names, shaped as :func:`proof_block` wrote it.

    Raises:
      ValueError: naming the file and what is wrong with it.
    """
    try:
        payload = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise ValueError(f"--previous {path}: cannot read it ({err.strerror or err})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ValueError(f"--previous {path}: not JSON ({err})") from None
    block = payload.get("proof") if isinstance(payload, dict) else None
    if not isinstance(block, dict) or "table" not in block:
        raise ValueError(
            f"--previous {path}: no proof in it; write it with `jaxrate rate BOARD --json {path}` "
            "(deviation ratings of a score table)"
        )
    if block.get("digest") != _digest(block):
        raise ValueError(f"--previous {path}: its proof was changed after jaxrate wrote it (digest mismatch)")
    try:
        return _parsed(block)
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise ValueError(
            f"--previous {path}: its proof block is malformed ({type(err).__name__}: {err})"
        ) from None


def _parsed(block: dict) -> SimpleNamespace:
    strategies = tuple(tuple(str(n) for n in s) for s in block["strategies"])
    shape = tuple(len(s) for s in strategies)
    joint = np.zeros(shape)
    for *index, weight in block["joint"]:
        if len(index) != len(shape) or min(index) < 0:
            raise IndexError(f"joint entry {index} is not a joint of a {shape} game")
        joint[tuple(int(i) for i in index)] = float(weight)
    values = np.asarray(block["level_values"], dtype=np.float64)
    duals = np.zeros((len(values), sum(shape)))
    for k, entries in enumerate(block["duals"]):
        for c, d in entries:
            if int(c) < 0:
                raise IndexError(f"dual entry {c} of level {k + 1} is not a constraint")
            duals[k, int(c)] = float(d)
    certificate = SimpleNamespace(duals=duals, max_dual_gap=float(block["max_dual_gap"]))
    proof = SimpleNamespace(
        level_values=values,
        frozen_at=np.asarray(block["frozen_at"], dtype=np.int64),
        certificate=certificate,
        table=np.asarray(block["table"], dtype=np.float64),
    )
    ratings = tuple(np.asarray(r, dtype=np.float64) for r in block["ratings"])
    players = tuple(str(p) for p in block["players"])
    return SimpleNamespace(players=players, strategies=strategies, ratings=ratings, joint=joint, proof=proof)

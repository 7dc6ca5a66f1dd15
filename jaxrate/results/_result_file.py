"""The result file: one versioned JSON document for ratings, their proof and the game they rate.

``Ratings.to_json`` and the command line's ``--json`` write it; ``Ratings.from_json``,
:func:`read_result` and ``jaxrate verify`` read it. The schema is documented in
``docs/reference/result-file.md``. What a reader needs to check a published board
from the file alone:

* the ratings, named (``{player: {strategy: rating}}``);
* the joint (its support, sparse) and the proof: each level's value, the level
  each row froze at and each level's dual vector (sparse), the certificate's
  residuals; the solver that produced them;
* the game: its kind, players, names and the SHA-256 of its data
  (:func:`game_digest`); the data itself (a score table always, payoffs up to
  :data:`EMBED_PAYOFFS` entries) and, from the command line, how the game was
  read from its input (the input options), so that ``verify`` can rebuild it;
* resampling intervals with their method, options and seed, where computed, and
  from the same resamples each strategy's rank interval and tier (first player).

Floats are written by :mod:`json` (the shortest repr, which reads back to the
same float64); NaN is written ``null``. ``digest`` is the SHA-256 of the
document without it (canonical JSON), which tells a file edited after jaxrate
wrote it from one as written.
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import Any

import numpy as np

from jaxrate.game._joint import held, support

__all__ = [
    "EMBED_PAYOFFS",
    "FORMAT",
    "VERSION",
    "document_digest",
    "game_block",
    "game_digest",
    "game_from_block",
    "head",
    "json_number",
    "named",
    "read_document",
    "unnamed",
    "ratings_document",
    "ratings_from_document",
    "write_document",
]

FORMAT = "jaxrate.ratings"
VERSION = 1
# Payoff entries of a game (not a score table's) embedded in the file; a larger game is
# rebuilt from its input (`jaxrate verify RESULT.json INPUT`).
EMBED_PAYOFFS = 1_000_000


# --------------------------------------------------------------------------- floats and arrays


def json_number(x: Any) -> float | None:
    """A float for JSON: ``None`` for NaN (JSON has no NaN); infinities are refused."""
    x = float(x)
    if math.isnan(x):
        return None
    if math.isinf(x):
        raise ValueError(f"an infinite value ({x}) cannot be written to the result file")
    return x


def _nums(values: Any) -> list:
    return [json_number(v) for v in np.asarray(values, dtype=np.float64).reshape(-1).tolist()]


def _floats(values: Any, what: str) -> np.ndarray:
    """Floats read back (``None`` -> NaN), refusing anything that is not a number."""
    try:
        return np.array([np.nan if v is None else float(v) for v in values], dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{what}: not a list of numbers") from None


def _sparse(values: np.ndarray) -> list:
    """``[[index, value], ...]`` of the non-zero entries of a vector."""
    return [[int(i), float(values[i])] for i in np.flatnonzero(values)]


def _dense(entries: Any, size: int, what: str) -> np.ndarray:
    out = np.zeros(size)
    for entry in entries:
        i, value = entry
        if not isinstance(i, int) or not 0 <= i < size:
            raise ValueError(f"{what}: entry {entry!r} is not an index below {size}")
        out[i] = float(value)
    return out


def named(players: Any, strategies: Any, values: Any) -> dict:
    """``{player: {strategy: value}}`` (``None`` for NaN), in the game's order."""
    return {player: dict(zip(strategies[p], _nums(values[p]))) for p, player in enumerate(players)}


def unnamed(block: Any, players: tuple[str, ...], what: str) -> tuple[tuple, tuple]:
    """``(strategies, values)`` per player from a :func:`named` block, checked against ``players``."""
    if not isinstance(block, dict) or list(block) != list(players):
        keys = list(block) if isinstance(block, dict) else block
        raise ValueError(f"{what} are named for players {keys!r}; the players are {list(players)}")
    strategies = tuple(tuple(str(s) for s in block[p]) for p in players)
    values = tuple(_floats(block[p].values(), f"{what} of {p}") for p in players)
    return strategies, values


def head(method: str = "deviation") -> dict:
    """The fields every result file starts with: format, version, the writing jaxrate, the method."""
    from jaxrate._version import __version__

    return {"format": FORMAT, "version": VERSION, "jaxrate_version": __version__, "method": method}


def _canonical(document: dict) -> bytes:
    return json.dumps(document, sort_keys=True, separators=(",", ":"), allow_nan=False).encode()


def document_digest(document: dict) -> str:
    """SHA-256 of the document without its ``digest`` (canonical JSON: sorted keys, shortest floats);
    ``""`` for a document no jaxrate wrote (NaN or infinity in it, nesting too deep to write back)."""
    try:
        return hashlib.sha256(_canonical({k: v for k, v in document.items() if k != "digest"})).hexdigest()
    except (ValueError, TypeError, RecursionError):
        return ""


# --------------------------------------------------------------------------- the game


def game_kind(game: Any) -> str:
    from jaxrate.game._game import ScoreTableGame

    return "score-table" if isinstance(game, ScoreTableGame) else "payoffs"


def game_digest(game: Any) -> str:
    """SHA-256 of what defines a game: its kind, player and strategy names, and its numbers
    (a score table's ``[M, T]`` table, else the payoffs ``[N, A_1..A_N]``), as little-endian
    float64. The same game read from the same input on any machine has the same digest."""
    kind = game_kind(game)
    values = game.table if kind == "score-table" else game.payoffs
    head = json.dumps([kind, list(game.players), [list(s) for s in game.strategies], list(values.shape)])
    h = hashlib.sha256(head.encode())
    h.update(np.ascontiguousarray(values, dtype="<f8").tobytes())
    return h.hexdigest()


def game_block(game: Any, recipe: dict | None = None) -> dict:
    """The ``game`` block: kind, players, shape, digest, the data where small enough, the recipe."""
    kind = game_kind(game)
    block: dict[str, Any] = {
        "kind": kind,
        "players": list(game.players),
        "shape": [int(a) for a in game.num_strategies],
        "sha256": game_digest(game),
    }
    if kind == "score-table":
        block["agents"] = list(game.strategies[0])
        block["tasks"] = list(game.strategies[2])
        block["table"] = [_nums(row) for row in game.table]
    elif game.payoffs.size <= EMBED_PAYOFFS:
        block["strategies"] = [list(s) for s in game.strategies]
        block["payoffs"] = _nums(game.payoffs)
    else:
        block["strategies"] = [list(s) for s in game.strategies]
    if recipe is not None:
        block["input"] = recipe
    return block


def game_from_block(block: Any) -> Any:
    """The game the block embeds, or ``None`` where its data is not in the file.

    Raises:
      ValueError: an unknown kind, or data that does not make the game the block describes.
    """
    from jaxrate.game._game import Game, ScoreTableGame

    if not isinstance(block, dict) or "kind" not in block:
        raise ValueError("the result has no game block (kind, players, data)")
    kind = block["kind"]
    if kind == "score-table":
        if "table" not in block:
            return None
        rows = [_floats(r, "game table") for r in block["table"]]
        return ScoreTableGame(np.array(rows).reshape(len(rows), -1), block["agents"], block["tasks"])
    if kind == "payoffs":
        if "payoffs" not in block:
            return None
        shape = [len(block["players"]), *[int(a) for a in block["shape"]]]
        values = _floats(block["payoffs"], "game payoffs")
        if values.size != math.prod(shape):
            raise ValueError(f"game payoffs: {values.size} numbers for a game of shape {shape}")
        return Game(values.reshape(shape), players=block["players"], strategies=block["strategies"])
    raise ValueError(f"game kind {kind!r} is not one this jaxrate knows ('score-table', 'payoffs')")


# --------------------------------------------------------------------------- ratings


def _proof_block(ratings: Any) -> dict | None:
    proof = ratings.proof
    if proof is None or proof.certificate is None:
        return None
    cert = proof.certificate
    duals = np.zeros((0, 0)) if cert.duals is None else np.asarray(cert.duals, dtype=np.float64)
    return {
        "level_values": _nums(proof.level_values),
        "frozen_at": [int(k) for k in np.asarray(proof.frozen_at).reshape(-1)],
        "duals": [_sparse(d) for d in duals],
        "certificate": {k: v for k, v in cert.as_dict().items()},
        "steps": list(proof.steps),
        "routes": [
            {
                "level": int(r[0]),
                "route": str(r[1]),
                "exact_pivots": int(r[2]),
                "seconds": float(r[3]),
                "float_seconds": float(r[4]),
                "repair_seconds": float(r[5]),
            }
            for r in proof.routes
        ],
    }


def _joint_block(joint: Any) -> dict:
    """The joint's support as ``[i_1, ..., i_N, weight]`` entries (a dense array or a
    :class:`jaxrate.SparseJoint` alike)."""
    shape = tuple(int(a) for a in np.shape(joint))
    flat, weight = support(joint)
    index = np.unravel_index(flat, shape)
    entries = [[*(int(i[k]) for i in index), w] for k, w in enumerate(weight.tolist())]
    return {"shape": list(shape), "support": entries}


def ratings_document(ratings: Any, game: Any = None, recipe: dict | None = None, method: str = "deviation"):
    """The document of one game's :class:`jaxrate.Ratings` (a batch: one per game under ``"games"``)."""
    start = head(method)
    if ratings.batched:
        if game is not None:
            raise ValueError("a batch is written without its game; write each game's ratings with its game")
        games = [_game_document(ratings.game(i), None, None) for i in range(len(ratings.status))]
        return {**start, "games": games}
    return {**start, **_game_document(ratings, game, recipe)}


def _game_document(ratings: Any, game: Any, recipe: dict | None) -> dict:
    from jaxrate.results.status import Status

    by = ratings.solved_by
    out = {
        "players": list(ratings.players),
        "ratings": named(ratings.players, ratings.strategies, ratings.ratings),
        "status": Status(int(ratings.status)).name,
        "message": str(ratings.messages or ""),
        "precision": ratings.precision,
        "scale": json_number(ratings.scale),
        "levels": int(ratings.levels),
        "iterations": int(ratings.iterations),
        "max_gain": json_number(ratings.max_gain),
        "residual": json_number(ratings.residual),
        "solved_by": None if by is None else {k: getattr(by, k) for k in by.__dataclass_fields__},
        "joint": _joint_block(ratings.joint),
        "proof": _proof_block(ratings),
    }
    if getattr(ratings, "jump", None) is not None:  # the jump check ran (jaxrate.jumps)
        out["jump"] = {"flag": bool(ratings.jump), "size": json_number(ratings.jump_size)}
    if game is not None:
        if tuple(game.num_strategies) != tuple(np.shape(ratings.joint)):
            raise ValueError(
                f"the game's strategies {tuple(game.num_strategies)} are not the ratings' "
                f"{tuple(np.shape(ratings.joint))}"
            )
        out["game"] = game_block(game, recipe)
    return out


def ratings_from_document(document: dict, ratings_type: type, solved_by_type: type) -> Any:
    """The :class:`jaxrate.Ratings` a document holds (a batch where it holds several games);
    ``Ratings.from_json`` passes the two result types, which this module does not import.

    Raises:
      ValueError: naming what in the document is missing or malformed.
    """
    _check_head(document)
    if document.get("method", "deviation") != "deviation" and "joint" not in document:
        raise ValueError(
            f"it holds {document['method']} ratings, which have no joint or proof: "
            "only deviation ratings read back as jaxrate.Ratings"
        )
    try:
        if "games" in document:
            return _stacked([_ratings_of(g, ratings_type, solved_by_type) for g in document["games"]])
        return _ratings_of(document, ratings_type, solved_by_type)
    except (KeyError, TypeError, IndexError) as err:
        raise ValueError(f"malformed result document ({type(err).__name__}: {err})") from None


def _check_head(document: Any) -> None:
    if isinstance(document, dict) and "format" not in document and "ranking" in document:
        raise ValueError(
            'written by an older jaxrate, before the result file (no "format"): '
            "rate the input again with `jaxrate rate ... --json`"
        )
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError(f'not a jaxrate result file (no "format": "{FORMAT}")')
    version = document.get("version")
    if not isinstance(version, int) or version > VERSION or version < 1:
        raise ValueError(f"result file version {version!r}; this jaxrate reads version 1 to {VERSION}")


def _ratings_of(doc: dict, Ratings: type, SolvedBy: type) -> Any:  # noqa: N803 (the types)
    from jaxrate.results.certificate import Certificate, LevelRoute, Proof
    from jaxrate.results.status import Status

    players = tuple(str(p) for p in doc["players"])
    strategies, values = unnamed(doc["ratings"], players, "ratings")
    shape = tuple(len(s) for s in strategies)
    joint = _joint_of(doc["joint"], shape)
    proof, table = doc.get("proof"), None
    game = doc.get("game")
    if isinstance(game, dict) and game.get("kind") == "score-table" and "table" in game:
        table = np.array([_floats(r, "game table") for r in game["table"]])
    if proof is not None:
        num_c = sum(shape)
        level_values = _floats(proof["level_values"], "level values")
        duals = np.array([_dense(d, num_c, f"duals of level {k + 1}") for k, d in enumerate(proof["duals"])])
        stats = {k: float(v) for k, v in proof["certificate"].items() if k != "levels_proven"}
        certificate = Certificate(**stats, duals=duals.reshape(-1, num_c))
        routes = tuple(
            LevelRoute(
                int(r["level"]),
                str(r["route"]),
                int(r["exact_pivots"]),
                float(r["seconds"]),
                float(r.get("float_seconds", 0.0)),
                float(r.get("repair_seconds", 0.0)),
            )
            for r in proof.get("routes", [])
        )
        frozen_at = np.asarray(proof["frozen_at"], dtype=np.int64)
        proof = Proof(level_values, frozen_at, certificate, tuple(proof["steps"]), routes, table)
    by = doc.get("solved_by")
    solved_by = None if by is None else SolvedBy(**by)
    jump = _jump_block(doc.get("jump"))
    return Ratings(
        ratings=values,
        joint=joint,
        levels=np.asarray(int(doc["levels"])),
        status=np.asarray(int(Status[doc["status"]])),
        iterations=np.asarray(int(doc["iterations"])),
        max_gain=np.asarray(_floats([doc["max_gain"]], "max_gain")[0]),
        residual=np.asarray(_floats([doc["residual"]], "residual")[0]),
        precision=str(doc["precision"]),
        solver="" if solved_by is None else str(solved_by),
        players=players,
        strategies=strategies,
        scale=np.asarray(_floats([doc["scale"]], "scale")[0]),
        level_values=None if proof is None else proof.level_values,
        frozen_at=None if proof is None else proof.frozen_at,
        certificate=None if proof is None else proof.certificate,
        messages=str(doc.get("message", "")),
        solved_by=solved_by,
        proof=proof,
        jump=None if jump is None else np.asarray(jump[0]),
        jump_size=None if jump is None else np.asarray(jump[1]),
    )


def _jump_block(block: Any) -> tuple[bool, float] | None:
    """``(flag, size)`` of a file's ``jump`` block (size NaN for ``null``), or ``None`` without one."""
    if block is None:
        return None
    size = block.get("size") if isinstance(block, dict) else None
    number = isinstance(size, (int, float)) and not isinstance(size, bool)
    if (
        not isinstance(block, dict)
        or not isinstance(block.get("flag"), bool)
        or not (size is None or (number and math.isfinite(size) and size >= 0))
    ):
        raise ValueError('the "jump" block must be {"flag": true or false, "size": a number >= 0 or null}')
    return block["flag"], np.nan if size is None else float(size)


def _joint_of(block: dict, shape: tuple[int, ...]) -> Any:
    """The joint of a file's block, held as the exact path holds it (:func:`jaxrate.game._joint.held`:
    sparse past ``2**22`` joints)."""
    if tuple(block["shape"]) != shape:
        raise ValueError(f"joint shape {block['shape']} is not the ratings' strategies {list(shape)}")
    index, weight = [], []
    for entry in block["support"]:
        *at, w = entry
        if len(at) != len(shape) or any(not 0 <= int(i) < a for i, a in zip(at, shape)):
            raise ValueError(f"joint entry {entry!r} is not a joint of a {list(shape)} game")
        index.append([int(i) for i in at]), weight.append(float(w))
    flat = np.ravel_multi_index(tuple(np.array(index, dtype=np.int64).reshape(-1, len(shape)).T), shape)
    if len(np.unique(flat)) != len(flat):
        raise ValueError("the joint lists a joint strategy twice")
    return held(flat, np.array(weight), shape)


def _stacked(games: list) -> Any:
    """A batch of single-game results of one shape, stacked as :class:`jaxrate.Ratings` holds one."""
    import dataclasses

    if not games:
        raise ValueError("a batch document with no games")
    first = games[0]
    per_game = ("joint", "levels", "status", "iterations", "max_gain", "residual", "scale")
    fields = {k: np.stack([np.asarray(getattr(g, k)) for g in games]) for k in per_game}
    for k in ("jump", "jump_size"):  # a batch has the check for every game, or for none
        checked = all(getattr(g, k) is not None for g in games)
        fields[k] = np.stack([np.asarray(getattr(g, k)) for g in games]) if checked else None
    return dataclasses.replace(
        first,
        ratings=tuple(np.stack([g.ratings[p] for g in games]) for p in range(len(first.players))),
        solver=tuple(g.solver for g in games),
        messages=tuple(g.messages for g in games),
        solved_by=tuple(g.solved_by for g in games),
        proof=tuple(g.proof for g in games),
        level_values=None,
        frozen_at=None,
        certificate=None,
        **fields,
    )


# --------------------------------------------------------------------------- files


def write_document(document: dict, path: str | Path | None = None) -> str:
    """The document as JSON text (with its ``digest``), written to ``path`` atomically if given."""
    document = _clean(document)
    document = {**document, "digest": document_digest(document)}
    text = json.dumps(document, indent=1, allow_nan=False) + "\n"
    if path is not None:
        from jaxrate.results._files import write_atomic

        write_atomic(str(path), text)
    return text


def _clean(value: Any) -> Any:
    """``value`` with every NaN or infinite float (anywhere in it) as ``None`` (JSON has neither) and
    every key a string (as JSON reads it back, so that the digest is the same after a round trip)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {str(k): _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


def read_document(source: str | Path | dict) -> dict:
    """A result document from a path, JSON text or an already parsed dict.

    Raises:
      ValueError: naming the file and what is wrong (unreadable, not JSON, not a result file).
    """
    from jaxrate.results._files import decode, parse_json, read_bytes

    if isinstance(source, dict):
        document = source
    else:
        text, where = str(source), "the text"
        if not text.lstrip().startswith("{"):  # a path: a regular file only (a FIFO would block)
            where = text
            text = decode(read_bytes(Path(text), what="result file"), where)
        document = parse_json(text, where)  # a key twice: DuplicateKey (tampering, to verify)
    _check_head(document)
    return document

"""A result file read back whole: the ratings, the game it embeds, the intervals."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from jaxrate.results._intervals import RatingIntervals
from jaxrate.results._result_file import document_digest, game_from_block, read_document
from jaxrate.results.result import Ratings

__all__ = ["Inconsistent", "SavedResult", "read_result"]


class Inconsistent(ValueError):
    """A result file that reads as one (its format and version) and does not hold together: no jaxrate
    wrote it so (``jaxrate verify`` says so, exit 1; a reader refuses it)."""


class SavedResult(NamedTuple):
    """A result file read back.

    Attributes:
      ratings: the :class:`jaxrate.Ratings` it holds (``None`` for intervals alone).
      game: the game rebuilt from the data it embeds, or ``None`` (not embedded:
        rebuild it from the input, as ``jaxrate verify RESULT.json INPUT`` does).
      intervals: the :class:`jaxrate.uncertainty.RatingIntervals` it holds, or ``None``.
      document: the parsed JSON document.
      edited: whether the document differs from what jaxrate wrote: its ``digest`` (a SHA-256
        of the rest, unkeyed: it catches edits, not a forger, whom the proof check catches)
        is missing or does not match.
    """

    ratings: Any
    game: Any
    intervals: Any
    document: dict
    edited: bool


def read_result(source: str | Path | dict) -> SavedResult:
    """Read a result file (``Ratings.to_json``, ``RatingIntervals.to_json`` or ``jaxrate rate --json``).

    Raises:
      ValueError: the file is unreadable, not a jaxrate result, or malformed.
    """
    document = read_document(source)
    try:
        # RatingIntervals.to_json writes intervals and no proven ratings; anything else holds ratings.
        has_ratings = "games" in document or "joint" in document or "intervals" not in document
        ratings = Ratings.from_json(document) if has_ratings else None
        game = None if "games" in document or "game" not in document else game_from_block(document["game"])
        intervals = None
        if isinstance(document.get("intervals"), dict) and "lower" in document["intervals"]:
            intervals = RatingIntervals.from_json(document)
    except (KeyError, TypeError, AttributeError, IndexError, ArithmeticError, RecursionError) as err:
        raise Inconsistent(f"malformed result file ({type(err).__name__}: {err})") from None
    except ValueError as err:  # a joint outside the game, listed twice, ratings of other players ...
        raise Inconsistent(f"malformed result file ({err})") from None
    # No digest, or one that does not match: not the document as jaxrate wrote it.
    edited = document.get("digest") != document_digest(document)
    return SavedResult(ratings, game, intervals, document, edited)

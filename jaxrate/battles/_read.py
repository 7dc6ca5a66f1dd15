"""Battle records (Chatbot Arena's format: ``model_a``, ``model_b``, ``winner``) from any table file."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import numpy as np

from jaxrate.battles._records import _OUTCOMES
from jaxrate.io._tables import read_frame, record_name

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["read_battles"]


def read_battles(path: str | os.PathLike) -> pd.DataFrame:
    """Read battle records (``model_a``, ``model_b``, ``winner`` and optional extra columns).

    Returns a DataFrame with those columns as strings.

    Raises:
      ValueError: on a missing column, an empty field, a winner that is not
        one of the accepted spellings (``model_a``/``a``, ``model_b``/``b``,
        ``tie``/``tie (bothbad)``/``draw``, any case) or a model against
        itself, naming the record by the file's line (row) number.
    """
    path = os.fspath(path)
    frame = read_frame(path)
    lower = {str(c).strip().lower(): c for c in frame.columns}
    missing = [c for c in ("model_a", "model_b", "winner") if c not in lower]
    if missing:
        raise ValueError(f"{path}: battle records need columns model_a, model_b, winner; missing {missing}")
    frame = frame.rename(columns={v: k for k, v in lower.items()})
    if len(frame) == 0:
        raise ValueError(f"{path}: no battle records")
    for c in ("model_a", "model_b", "winner"):
        frame[c] = frame[c].where(frame[c].notna(), "")  # JSON's null, Excel's empty cell
    for c in frame.columns:
        frame[c] = frame[c].astype(str).str.strip()
    frame = _winner_by_name(frame)
    _check_records(path, frame)
    return frame


def _winner_by_name(frame):
    """A ``winner`` that names the model that won (``gpt-4o``), not its side (``model_a``), as its
    side; said in ``frame.attrs["notes"]``. A name that is neither side's stays, and is refused."""
    winner = frame["winner"]
    known = winner.str.lower().isin(list(_OUTCOMES))
    side_a = ~known & (winner == frame["model_a"])
    side_b = ~known & (winner == frame["model_b"])
    if not (side_a | side_b).any():
        return frame
    frame = frame.copy()
    frame.loc[side_a, "winner"] = "model_a"
    frame.loc[side_b, "winner"] = "model_b"
    count = int((side_a | side_b).sum())
    frame.attrs["notes"] = [f"read {count:,} winners written as the winning model's name as its side"]
    return frame


def _check_records(path: str, frame) -> None:
    """The first empty field, unknown winner or model against itself, by the file's record number."""

    def fail(mask, what) -> None:
        if mask.any():
            k = int(np.argmax(mask))
            row = tuple(frame[c].iloc[k] for c in ("model_a", "model_b", "winner"))
            raise ValueError(f"{path}: {record_name(path, k)}: {what(row)}")

    fields = frame[["model_a", "model_b", "winner"]]
    fail((fields == "").any(axis=1).to_numpy(), lambda row: f"a battle has an empty field: {row!r}")
    known = frame["winner"].str.lower().isin(list(_OUTCOMES)).to_numpy()
    spellings = ", ".join(_OUTCOMES)
    fail(~known, lambda row: f"winner {row[2]!r} is not one of {spellings} (any case)")
    same = (frame["model_a"] == frame["model_b"]).to_numpy()
    fail(same, lambda row: f"a battle pits {row[0]!r} against itself")

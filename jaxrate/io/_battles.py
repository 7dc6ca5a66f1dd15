"""Battle records (Chatbot Arena's format: ``model_a``, ``model_b``, ``winner``) from any table file."""

from __future__ import annotations

import os

import numpy as np

from jaxrate.io._tables import read_frame

__all__ = ["read_battles"]


def read_battles(path: str | os.PathLike):
    """Read battle records (``model_a``, ``model_b``, ``winner`` and optional extra columns).

    Returns a DataFrame with those columns as strings.

    Raises:
      ValueError: on a missing column or an empty cell (naming the row).
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
    for c in frame.columns:
        frame[c] = frame[c].astype(str).str.strip()
    empty = (frame[["model_a", "model_b", "winner"]] == "").any(axis=1).to_numpy()
    if empty.any():
        k = int(np.argmax(empty))
        row = tuple(frame[c].iloc[k] for c in ("model_a", "model_b", "winner"))
        raise ValueError(f"{path}: battle {k + 1} has an empty field: {row!r}")
    return frame

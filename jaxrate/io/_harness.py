"""Evaluation harness output from Python: :func:`read_harness`, the one pipeline on harness output
(lm-evaluation-harness: :mod:`jaxrate.io._lm_eval`; inspect-ai: :mod:`jaxrate.io._inspect`; HELM:
:mod:`jaxrate.io._helm`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jaxrate.io._replicates import ScoreReplicates

__all__ = ["HARNESS_FORMATS", "read_harness"]

#: The evaluation harness outputs read, in words (for messages).
HARNESS_FORMATS = (
    "lm-evaluation-harness results_*.json (with samples_*.jsonl), inspect-ai .eval/.json logs, "
    "or HELM runs/<suite>/<run>/run_spec.json"
)


def read_harness(paths: str | Sequence[str], **options: Any) -> ScoreReplicates:
    """The scores and per-item scores of evaluation harness output, merged from one or more paths.

    Every score is read by the harness's own definition of its metric and checked: its items'
    aggregate must reproduce it to 1e-9. ``paths``: folders (at any depth) or files of lm-eval,
    inspect-ai or HELM, merged; ``options``: :class:`jaxrate.io.ReadOptions`' fields (``metric``,
    ``filter``, ``prefer``, ``missing``, ``tasks``, ...). Returns a :class:`ScoreReplicates`
    (``table()`` the scores as rated, ``frame`` the items, ``runs`` where each came from).

    Raises:
      ValueError: naming the file for a path without harness output, an unreadable file, a score
        that its items do not reproduce, runs that measured differently, or a missing score.

    Example (the repository's lm-eval fixture: 3 models, 5 tasks):
      >>> import os, jaxrate
      >>> from jaxrate.io import read_harness
      >>> root = os.path.join(os.path.dirname(jaxrate.__file__), "..", "tests", "data", "harness")
      >>> run = read_harness(os.path.join(root, "lm_eval", "outputs", "per_model"))
      >>> run.table().shape, run.column
      ((3, 4), 'item')
      >>> row = run.runs.iloc[1]  # perplexity-type: the harness's number, negated (lower is better)
      >>> str(row["task"]), str(row["aggregate"]), bool(row["rated"] == -row["reported"])
      ('ppl_local', 'weighted_perplexity', True)
    """
    from jaxrate.io._options import ReadOptions
    from jaxrate.io._pipeline import read

    if options.get("missing") == "pairwise":
        raise ValueError("missing='pairwise' makes battles, not scores: read them with jaxrate.io.read")
    reading = read(paths, ReadOptions(**options))
    runs = None if reading.replicates is None else reading.replicates.runs
    if runs is None or not len(runs) or (runs["harness"] == "table").all():
        raise ValueError(f"{reading.name}: no evaluation harness output here ({HARNESS_FORMATS})")
    return reading.replicates

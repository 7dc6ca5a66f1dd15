"""Reading score tables and payoff tensors from files (battle records: :func:`jaxrate.battles.read_battles`).

Formats by extension: ``.csv``, ``.tsv``/``.tab`` (the delimiter, comma,
semicolon or tab, is sniffed; ``sep=`` forces it, ``decimal=","`` reads decimal
commas), ``.parquet``/``.pq``, ``.xlsx`` (first sheet; needs the ``excel``
extra, openpyxl), ``.feather``, ``.json`` (records, or any of pandas' orients that keep the names; a
pandas index is the model column), ``.jsonl``, text and JSON compressed (``.gz``,
``.bz2``, ``.xz``, ``.zip``),
and for raw payoff tensors ``.npy``/``.npz``. Score tables come *wide* (one row per model,
one column per task) or *long* (one row per model and task: columns ``model``,
``task``, ``score`` and optionally ``n``, the number of items behind a score).
``tasks=`` and ``exclude=`` pick the tasks by name or glob; a wide table's
columns of text are skipped, and its standard-error columns are set aside
(:func:`read_scores_with_errors` returns them, :func:`standard_error_columns`
says which they are).
A long table with a replicate column (``replicate``, ``item``, ``seed``,
``fold``, ``doc_id``, ``run``: several scores per model and task) is read by
:func:`read_replicates`, and an lm-evaluation-harness output folder by
:func:`read_harness` (lm-evaluation-harness, inspect-ai and HELM output: one or
more folders or files, every score checked against the harness's own
aggregate); both give per-replicate scores for sampling intervals.

Every reader raises a ``ValueError`` naming the file and the first problem;
nothing is dropped or filled unless asked (``missing=``). Cells reading
``-``, ``NA``, ``N/A``, ``nan``, ``null`` or nothing are missing scores
(:data:`MISSING_MARKERS`); magnitudes above :data:`MAX_SCORE` are refused.
"""

from jaxrate.io._columns import WideTable, read_score_csv, read_wide_table, standard_error_columns
from jaxrate.io._harness import HARNESS_FORMATS, find_harness_output, is_harness_output, read_harness
from jaxrate.io._long import LongColumns, long_columns
from jaxrate.io._payoffs import read_payoffs
from jaxrate.io._replicate_data import AGGREGATES, Aggregate
from jaxrate.io._replicates import REPLICATE_COLUMNS, ScoreReplicates, read_replicates, replicate_column
from jaxrate.io._runs import complete_replicates
from jaxrate.io._scores import (
    MISSING,
    MODELS,
    NORMALISE,
    OUTLIER_FACTOR,
    SCALE_RATIO,
    ScoresWithErrors,
    far_outliers,
    is_long,
    largest_block,
    normalise_scores,
    read_scores,
    read_scores_with_errors,
    read_wide_text,
    scale_mismatch,
    transposed_evidence,
    wide_scores,
)
from jaxrate.io._tables import header, input_kind, suffix
from jaxrate.io._text import (
    DELIMITED,
    DELIMITERS,
    MAX_SCORE,
    MISSING_MARKERS,
    delimiter_name,
    is_missing_marker,
    parse_number,
    sniff_delimiter,
)

__all__ = [
    "AGGREGATES",
    "Aggregate",
    "HARNESS_FORMATS",
    "DELIMITED",
    "DELIMITERS",
    "MAX_SCORE",
    "MISSING",
    "MISSING_MARKERS",
    "MODELS",
    "NORMALISE",
    "OUTLIER_FACTOR",
    "REPLICATE_COLUMNS",
    "SCALE_RATIO",
    "ScoreReplicates",
    "ScoresWithErrors",
    "WideTable",
    "complete_replicates",
    "delimiter_name",
    "far_outliers",
    "find_harness_output",
    "header",
    "input_kind",
    "is_harness_output",
    "is_long",
    "long_columns",
    "LongColumns",
    "largest_block",
    "is_missing_marker",
    "normalise_scores",
    "parse_number",
    "read_harness",
    "read_replicates",
    "read_payoffs",
    "read_score_csv",
    "read_scores",
    "read_scores_with_errors",
    "read_wide_table",
    "read_wide_text",
    "replicate_column",
    "scale_mismatch",
    "sniff_delimiter",
    "standard_error_columns",
    "suffix",
    "transposed_evidence",
    "wide_scores",
]

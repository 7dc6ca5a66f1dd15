"""Reading what jaxrate rates, by one pipeline: :func:`read` (battles: :func:`jaxrate.battles.read_battles`).

``read(paths, ReadOptions(...))`` finds the files, recognises and parses them, gives every column
its role and direction (:mod:`jaxrate.io._roles`), applies the missing rule and returns a
:class:`Reading`. Formats: score tables (``.csv``, ``.tsv``, ``.parquet``, ``.xlsx``, ``.feather``,
``.json``, ``.jsonl``; text compressed too), wide or long (perhaps with replicates: seeds, folds,
items), battle records, payoff tensors (``.npy``/``.npz``), and lm-evaluation-harness, inspect-ai
and HELM output. :func:`read_scores`, :func:`read_scores_with_errors`, :func:`read_harness` and
:func:`read_replicates` are the same pipeline for one kind of input.

Every reader raises a ``ValueError`` naming the file, the first problem and the option that settles
it; nothing is dropped or filled unless asked. Cells reading ``-``, ``NA``, ``nan``, ... or nothing
are missing scores (:data:`MISSING_MARKERS`), and so is a ``-1`` placeholder among values >= 0.
"""

from jaxrate.io._assumed import Assumed
from jaxrate.io._harness import HARNESS_FORMATS, read_harness
from jaxrate.io._long import REPLICATE_COLUMNS, LongColumns, long_columns, replicate_column
from jaxrate.io._missing import largest_block
from jaxrate.io._options import MISSING, MODELS, NORMALISE, ReadOptions
from jaxrate.io._orientation import transposed_evidence
from jaxrate.io._payoffs import read_payoffs
from jaxrate.io._pipeline import Reading, complete_replicates, read, read_replicates
from jaxrate.io._replicate_data import AGGREGATES, Aggregate
from jaxrate.io._replicates import ScoreReplicates
from jaxrate.io._roles import Role, standard_error_columns
from jaxrate.io._scores import ScoresWithErrors, read_scores, read_scores_with_errors
from jaxrate.io._table_formats import table_kind
from jaxrate.io._text import (
    DELIMITED,
    DELIMITERS,
    MAX_SCORE,
    MISSING_MARKERS,
    delimiter_name,
    is_missing_marker,
    parse_number,
    sniff_delimiter,
    suffix,
)
from jaxrate.io._values import OUTLIER_FACTOR, SCALE_RATIO, far_outliers, normalise_scores, scale_mismatch

__all__ = [
    "AGGREGATES",
    "Aggregate",
    "Assumed",
    "DELIMITED",
    "DELIMITERS",
    "HARNESS_FORMATS",
    "LongColumns",
    "MAX_SCORE",
    "MISSING",
    "MISSING_MARKERS",
    "MODELS",
    "NORMALISE",
    "OUTLIER_FACTOR",
    "REPLICATE_COLUMNS",
    "ReadOptions",
    "Reading",
    "Role",
    "SCALE_RATIO",
    "ScoreReplicates",
    "ScoresWithErrors",
    "complete_replicates",
    "delimiter_name",
    "far_outliers",
    "is_missing_marker",
    "largest_block",
    "long_columns",
    "normalise_scores",
    "parse_number",
    "read",
    "read_harness",
    "read_payoffs",
    "read_replicates",
    "read_scores",
    "read_scores_with_errors",
    "replicate_column",
    "scale_mismatch",
    "sniff_delimiter",
    "standard_error_columns",
    "suffix",
    "table_kind",
    "transposed_evidence",
]

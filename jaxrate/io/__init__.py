"""Reading score tables, battle records and payoff tensors from files.

Formats by extension: ``.csv``, ``.tsv``/``.tab`` (the delimiter, comma,
semicolon or tab, is sniffed; ``sep=`` forces it, ``decimal=","`` reads decimal
commas), ``.parquet``/``.pq``, ``.xlsx`` (first sheet; needs the ``excel``
extra, openpyxl), ``.json`` (records or ``{model: {task: score}}``), ``.jsonl``,
and for raw payoff tensors ``.npy``/``.npz``. Score tables come *wide* (one row per model,
one column per task) or *long* (one row per model and task: columns ``model``,
``task``, ``score`` and optionally ``n``, the number of items behind a score).

Every reader raises a ``ValueError`` naming the file and the first problem;
nothing is dropped or filled unless asked (``missing=``).
"""

from jaxrate.io._battles import read_battles
from jaxrate.io._payoffs import read_payoffs
from jaxrate.io._scores import (
    MISSING,
    MODELS,
    NORMALISE,
    is_long,
    normalise_scores,
    read_scores,
    read_wide_text,
    transposed_evidence,
    wide_scores,
)
from jaxrate.io._tables import header, input_kind
from jaxrate.io._text import DELIMITED, DELIMITERS, parse_number, read_score_csv, sniff_delimiter

__all__ = [
    "DELIMITED",
    "DELIMITERS",
    "MISSING",
    "MODELS",
    "NORMALISE",
    "header",
    "input_kind",
    "is_long",
    "normalise_scores",
    "parse_number",
    "read_battles",
    "read_payoffs",
    "read_score_csv",
    "read_scores",
    "read_wide_text",
    "sniff_delimiter",
    "transposed_evidence",
    "wide_scores",
]

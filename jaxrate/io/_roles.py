"""What each column of a source is, and which way it points: decided here, and only here.

:func:`decide` gives every column a :class:`Role`: a **score** with its direction, a **standard
error** of a score, or a column not rated (**count**, **aggregate**, **metadata**, **text**). The
evidence, strongest first: the options (``--tasks``, ``--exclude``, ``--lower-better``,
``--higher-better``); the source's own declaration (lm-eval's ``higher_is_better``, HELM's
``lower_is_better``, ...); the vocabulary of names below, on whole words; else higher is better,
except that in a leaderboard's export mixing in lower-is-better, count or metadata columns a score
whose direction nothing says is refused. The decisions are said in the notes.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from jaxrate.io._averages import BY_VALUE

__all__ = [
    "AGGREGATE_WORDS",
    "COUNT_WORDS",
    "HARNESS_DIRECTIONS",
    "HIGHER_WORDS",
    "LOWER_LAST_WORDS",
    "LOWER_WORDS",
    "METADATA_WORDS",
    "not_score",
    "MODEL_COLUMNS",
    "MORE_MODELS",
    "MORE_TASKS",
    "ROLES",
    "TASK_COLUMNS",
    "Declared",
    "Role",
    "candidates",
    "common_name",
    "decide",
    "direction",
    "error_target",
    "matches",
    "placeholders",
    "standard_error_columns",
]

ROLES = ("score", "stderr", "count", "aggregate", "metadata", "text")
# The columns that name a long table's models and tasks, by their common names (and TabZilla's alg_name,
# d3rlpy's algo, ...): read from a header lower-cased, spaces and hyphens as "_" ("Model Name").
MODEL_COLUMNS = ("model", "agent", "name", "system", "model_name", "classifier", "algorithm", "method")
TASK_COLUMNS = ("task", "benchmark", "category", "game", "dataset", "problem", "env", "environment")
MORE_MODELS = ("algo", "alg_name", "algorithm_name", "method_name", "agent_name", "system_name", "model_id")
MORE_TASKS = ("dataset_name", "task_name", "benchmark_name", "env_name", "environment_name", "game_name",
              "testset", "test_set",
              "question_id", "prompt_id", "problem_id", "tasks")  # fmt: skip
# Lower is better. Metric names anywhere in a column's name; everyday words (time, cost, error) only as
# its last word, units aside ("Inference time (s)", "Top-1 error", but not the Atari game time_pilot).
LOWER_WORDS = frozenset(
    "wer cer ter loss perplexity ppl bpb latency runtime rmse mse mae mape smape mase crps brier regret "
    "fid wql wape msis nll logloss rmsse lpips kid hallucination eer fpr fnr absrel sqrel whdr epe".split()
)
# "per": a phone error rate ("Test PER") as a name's last word, never "tokens per second".
LOWER_LAST_WORDS = frozenset("error errors err time seconds duration cost costs price per minimum".split())
# Higher is better: the common names of accuracies, rates of success, rewards and quality scores.
HIGHER_WORDS = frozenset(
    "acc accuracy score f1 em exact match bleu rouge rougel chrf pass win winrate elo auc auroc precision "
    "recall map ndcg mrr reward return returns success solved resolved correct throughput speedup top "
    "iou miou dice psnr ssim meteor cider spearman pearson kendall dcg r2 balacc hits hit velocity "
    "bandwidth".split()
)
# Not scores: counts (also any name starting "#", "n_" or "num_") and metadata, when every word of the
# name is one of these (or a filler: "Model size (B)", "Max tokens"), so that a task named
# date_understanding stays a task.
COUNT_WORDS = frozenset("count counts samples instances votes battles truncated".split())
# A tally beside a summary column (dl-4-tsc's "Wins" row below its "Average_Rank": on how many datasets a
# classifier was best) counts, it does not score; alone ("model,task,wins,games") it may be the score.
_TALLIES = frozenset("wins losses draws".split())
# What "n_" or "num_" counts when it leads a name (n_wins, num_params; not the task n_body).
_COUNTED = frozenset("wins draws losses ties total base games battles votes tokens questions items "
                     "examples samples instances eval train shots params models tasks".split())  # fmt: skip
METADATA_WORDS = frozenset(
    "size params parameters param license licence date released release link url organization org type "
    "architecture arch tokens token length memory dimensions dimension dim ci interval hub downloads likes "
    "year version ver seed tstamp timestamp batch".split()
)
# Speed, not quality: a column so named beside quality scores is rated, and said (Assumed).
EFFICIENCY_WORDS = frozenset(
    "latency fps throughput speed speedup rtf rtfx qps time runtime duration".split()  # dgl-ke's TIME too
)
# A name led by one of these summarises the other columns ("Avg. WER"; "coraal_avg" is a task's own).
AGGREGATE_WORDS = frozenset("avg average mean overall total rank ranking".split())
_FILLER = frozenset("model max min usage embedding of per in the b m k gb mb kb active activated".split())
_UNITS = frozenset("s ms b gb mb kb usd x".split())
_AGGREGATES = ("mean win rate", "mean winrate", "win rate mean", "mean score", "mean rank")  # HELM's
_ERROR_WORDS = ("standard_error", "stderr", "se")
_ERROR_ALIASES = {"lc_standard_error": "length_controlled_winrate"}  # AlpacaEval 2's


def _ways(higher: str, lower: str) -> dict[str, bool]:
    return {**dict.fromkeys(higher.split(), True), **dict.fromkeys(lower.split(), False)}


# The harnesses' own definitions, for results that do not declare a metric's direction: lm-eval
# 0.4's metric registry and 0.3's tasks' higher_is_better(); HELM's schema_*.yaml (crfm-helm 0.5).
HARNESS_DIRECTIONS = {
    "lm-eval": _ways(
        "acc acc_norm acc_mutual_info acc_bytes exact_match likelihood mcc f1 bleu chrf chrf++ acc_all em "
        "rouge1 rouge2 rougeL rougeLsum bleurt_max bleu_max rouge1_max rouge2_max rougeL_max mc1 mc2 "
        "ppl_argmax_acc multiple_choice_grade exact_str_match",  # the last two: 0.3's bigbench.py
        "perplexity word_perplexity byte_perplexity bits_per_byte ter brier_score ppl likelihood_difference "
        "pct_stereotype",
    ),
    "helm": _ways(
        "exact_match quasi_exact_match prefix_exact_match f1_score rouge_l bleu_1 bleu_4 accuracy",
        "perplexity bits_per_byte inference_runtime inference_denoised_runtime training_co2_cost",
    ),
}


class Declared(NamedTuple):
    """What a source itself says of one column: ``higher`` (``True``, ``False`` or ``None``: nothing),
    ``role`` (one of :data:`ROLES`, or ``None``: nothing), ``of`` (a standard error's score) and
    ``why`` (the source's reason, in words)."""

    higher: bool | None = None
    role: str | None = None
    of: str | None = None
    why: str = ""
    label: str | None = None  # the source's own name of the column, where it differs
    metric: str | None = None  # the metric's name the vocabulary reads ("": none; None: the column's)


class Role(NamedTuple):
    """One column's role (:data:`ROLES`), a score's ``higher``, ``why``, and a standard error's ``of``."""

    name: str
    role: str
    higher: bool | None = None
    why: str = ""
    of: str | None = None
    label: str | None = None
    metric: str | None = None  # the metric's name the vocabulary reads ("": none; None: the column's)


def common_name(column: object) -> str:
    """A header as the common names are written: lower case, spaces and hyphens as ``_`` (``Model Name``:
    ``model_name``)."""
    return _SPACES.sub("_", str(column).strip().lower())


_SPACES = re.compile(r"[\s-]+")


def words(name: object) -> list[str]:
    """A name as lower-case words (``"Avg. WER"``: ``["avg", "wer"]``; ``"# eval"``: ``["#", "eval"]``)."""
    text = str(name).replace("#", " # ")
    if _ONE_WORD.search(text) is None:
        text = _CAMEL.sub(r"\1 \2", text)
    else:  # "CoNLL", "ViLT": one word, not "co nll" (a metric's name inside a dataset's)
        text = " ".join(w if _ONE_WORD.fullmatch(w) else _CAMEL.sub(r"\1 \2", w) for w in text.split(" "))
    return _WORD.findall(text.lower())


_CAMEL, _WORD = re.compile(r"([a-z])([A-Z])"), re.compile(r"#|[a-z0-9+@]+")
_ONE_WORD = re.compile(r"\b[A-Z][a-z][A-Z]{2,}\b")


_FILE = re.compile(
    r"^\S+\.(out|csv|tsv|txt|json|jsonl|npy|npz|parquet|pkl|h5|hdf5|arff|data|dat|wav|flac|mp3|png|jpe?g|gz|zip)$",
    re.I,
)


@functools.lru_cache(maxsize=8192)  # a pure function of the name: metric names recur across runs
def direction(name: object, harness: str | None = None) -> bool | None:
    """A metric's direction from a harness's definitions, else the vocabulary; ``None`` when unknown.

    Metric names (WER, loss, RMSE, ...) count anywhere in the name; everyday words (time, error, cost,
    distance) only as the last of at most three words, units aside: ``Inference time (s)`` is a time,
    ``kitti_closest_vehicle_distance`` a dataset's name.

    >>> direction("AMI WER"), direction("pass@1"), direction("Inference time (s)"), direction("time_pilot")
    (False, True, False, None)
    >>> direction("vtab/kitti_closest_vehicle_distance"), direction("Top-1 error"), direction("Time (ms)")
    (None, False, False)
    """
    if harness is not None and str(name) in HARNESS_DIRECTIONS[harness]:
        return HARNESS_DIRECTIONS[harness][str(name)]
    if _FILE.search(str(name).strip()):  # a data file's name (SMAPE-10_data.out: a series, not a SMAPE)
        return None
    if str(name).rstrip()[-1:] in (")", "]"):  # a unit in brackets closes it (most names: no bracket)
        if _TIME_UNIT.search(str(name)):  # "Email(ms)", "Build [sec]": a time in its unit
            return False
        if _RATE_UNIT.search(str(name)):  # "Bandwidth (GB/s)", "Decode (tok/s)": a rate
            return True
    qualified = _QUALIFIED.match(str(name))
    if (
        qualified
        and qualified.group(1).strip()
        and all(_QUALIFIER.fullmatch(w) for w in words(qualified.group(2)))
    ):
        outer = direction(qualified.group(1), harness)  # "error (top-1)" (pycls): an error, of the top 1
        if outer is not None:  # "ImageNet (top-1)": the name says nothing, the bracket's top-1 does
            return outer
    found = words(name)
    core = [w for w in found if w not in _UNITS or w == "ms"] or found
    plain = [w for w in found if w not in _UNITS] or found  # "Time (ms)": a time, its unit aside
    everyday = len(plain) <= 3 and plain[-1:] and plain[-1] in LOWER_LAST_WORDS
    if set(found) & LOWER_WORDS or everyday:
        return False
    if len(core) <= 4 and core[-2:-1] and core[-2] in ("error", "err") and core[-1] in ("rate", "rates"):
        return False
    stems = {w.split("@")[0] for w in found} | {w.rstrip("0123456789") for w in found}  # pass@1, acc1, top5
    return True if stems & HIGHER_WORDS else None


# A name closed by a bracket that only says which of the metric's variants it is ("error (top-1)",
# "acc (top5)"): the name before it decides the direction, not the "top" inside it.
_QUALIFIED = re.compile(r"^(.*?)\s*[\(\[]([^()\[\]]*)[\)\]]\s*$")
_QUALIFIER = re.compile(r"top|top\d+|k|\d+|at|@\d*")
# A unit of time or of rate closing a name, in brackets: the column is a time (lower is better) or a
# rate (higher); not a bare "(s)" ("STS-B (S)" is a Spearman correlation; "Runtime (s)" is a time by
# its word).
_TIME_UNIT = re.compile(
    r"[\(\[]\s*(?:ms|msec|secs?|seconds|us|\u00b5s|\u03bcs|ns|mins?|minutes|hours?|hrs?)\s*[\)\]]\s*$", re.I
)
_RATE_UNIT = re.compile(
    r"[\(\[]\s*(?:[kmgt]i?b/s|b/s|ops/s|op/s|req/s|requests/s|tok/s|tokens/s|it/s|samples/s|fps|qps|rps|tps)"
    r"\s*[\)\]]\s*$",
    re.I,
)
_UP, _DOWN = frozenset("\u2191\u2b06\u21e7"), frozenset("\u2193\u2b07\u21e9")  # arrows: ↑ ⬆ ⇧, ↓ ⬇ ⇩
_BETTER_SAID = re.compile(r"\b(higher|lower)\s+(?:is\s+)?better\b", re.I)


def said_by_arrow(name: object) -> bool | None:
    """The direction a column's header states (``LAMBADA PPL ↓``, ``Acc (higher is better)``); ``None``
    where it states none, or both.

    >>> said_by_arrow("LAMBADA PPL ↓"), said_by_arrow("Winogrande ↑"), said_by_arrow("WER (lower is better)")
    (False, True, False)
    >>> said_by_arrow("PIQA"), said_by_arrow("↑ acc ↓")
    (None, None)
    """
    text = str(name)
    up, down = bool(_UP & set(text)), bool(_DOWN & set(text))
    said = {m.group(1).lower() for m in _BETTER_SAID.finditer(text)}
    up, down = up or "higher" in said, down or "lower" in said
    return None if up == down else up


def error_target(lower: str) -> str | None:
    """The score column a (lower-case) standard-error column's name points at, lower-cased: ``acc``
    for ``acc_stderr``, ``acc_se``, ``se_acc`` or ``standard_error_acc``; else ``None``."""
    if lower in _ERROR_ALIASES:
        return _ERROR_ALIASES[lower]
    for word in _ERROR_WORDS:
        if lower.endswith("_" + word) and len(lower) > len(word) + 1:
            return lower[: -len(word) - 1]
        if lower.startswith(word + "_") and len(lower) > len(word) + 1:
            return lower[len(word) + 1 :]
    return None


def standard_error_columns(columns: Sequence[str]) -> dict[str, str]:
    """The standard-error columns among a table's columns, by name: ``{score column: its errors}``.

    ``X_stderr``, ``X_se``, ``X_standard_error``, ``stderr_X``, ``se_X``, ``standard_error_X`` (any
    case; AlpacaEval's ``lc_standard_error``) hold score column ``X``'s; a bare ``standard_error``,
    ``stderr`` or ``se`` the column to its left's. A name that points at no column is a score column.

    Raises:
      ValueError: when two columns claim the standard errors of one score.

    >>> standard_error_columns(["win_rate", "standard_error", "n_wins", "acc", "acc_stderr"])
    {'win_rate': 'standard_error', 'acc': 'acc_stderr'}
    """
    names = [str(c).strip() for c in columns]
    by_lower = {name.lower(): name for name in reversed(names)}  # the first of each
    owner: dict[str, str] = {}  # error column -> its score column
    for name in names:
        target = error_target(name.lower())
        score = by_lower.get(target) if target is not None else None
        if score is not None and score != name:
            owner[name] = score
    for k, name in enumerate(names):
        if name.lower() in _ERROR_WORDS and name not in owner and k > 0 and names[k - 1] not in owner:
            owner[name] = names[k - 1]
    found: dict[str, str] = {}
    for name in names:
        score = owner.get(name)
        if score is None or score in owner:  # the standard error of a standard error: a score
            continue
        if score in found:
            raise ValueError(
                f"two columns hold the standard errors of {score!r}: {found[score]!r} and {name!r}; "
                "--exclude one of them"
            )
        found[score] = name
    return {score: found[score] for score in names if score in found}


def matches(where: str, pattern: str, pool: Sequence[str], label, what: str) -> list[str]:
    """The names in ``pool`` that ``pattern`` (a name, else a glob) picks; none is an error naming the
    closest. ``label(pattern)`` shows the option in messages (``--tasks 'x'``, ``tasks='x'``)."""
    import difflib
    import fnmatch

    pool = list(pool)
    if pattern in pool:
        return [pattern]
    if any(c in pattern for c in "*?["):
        found = [n for n in pool if fnmatch.fnmatchcase(n, pattern)]
        if not found:
            raise ValueError(f"{where}: {label(pattern)} matches no {what} ({what}s: {listed(pool)})")
        return found
    close = [n for n in pool if n.lower() == pattern.lower()]
    close = close or difflib.get_close_matches(pattern, pool, n=3, cutoff=0.6)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    raise ValueError(f"{where}: {label(pattern)}: no such {what}{hint} ({what}s: {listed(pool)})")


def listed(names: Sequence[str], most: int = 30) -> str:
    shown = ", ".join(list(names)[:most])
    return shown + (f", ... ({len(names)} in all)" if len(names) > most else "")


def pick_names(where: str, options, field: str, pool: list[str], what: str) -> set[str]:
    label = lambda p: options.flag(field, p)  # noqa: E731
    return {n for p in getattr(options, field) or () for n in matches(where, p, pool, label, what)}


def _all_in(found: list[str], vocabulary: frozenset) -> bool:
    kept = set(found)
    return bool(found) and kept <= _ALLOWED and bool(kept & vocabulary)


def _by_name(name: str, shared) -> tuple[str, str] | None:
    """``(role, why)`` of a column the vocabulary says is not a score (``shared``: how many columns of
    the table use each word; ``None`` for a table of one column)."""
    found = words(name)
    if " ".join(found) in _AGGREGATES:
        return "aggregate", "the leaderboard's aggregate of the other columns"
    tallied = _tallied(name, found, shared)
    if tallied is not None:
        return tallied
    counted = found[:1] in (["n"], ["num"]) and len(found) > 1 and set(found[1:]) <= _COUNTED | _FILLER
    # "Number of Mutants" (ProteinGym's, 5e5 beside Spearman values), "No. of samples"; not "Number of
    # problems solved", whose last word says it is a score
    numbered = found[:2] in (["number", "of"], ["no", "of"]) and len(found) > 2 and direction(name) is None
    if found[:1] == ["#"] and len(found) > 1 or counted or numbered or _all_in(found, COUNT_WORDS):
        return "count", "a count"
    window = found[:2] == ["context", "window"] and set(found[2:]) <= _ALLOWED  # HELMET's "(K)"
    if _all_in(found, METADATA_WORDS) or window or set(found) & _LENGTHS and direction(name) is None:
        return "metadata", "not a score"
    wider = _pooled(name, found, shared)
    if wider:
        return "aggregate", f"pooled over the columns whose names extend it ({few(wider, 2)})"
    spread = _SPREAD_OF.match(str(name))
    if spread and shared is not None and spread.group(1).strip().lower() in shared.lower:
        return "metadata", "a spread"  # "Quality Score (std)" beside "Quality Score": its spread
    beside = _beside_a_mean(found, shared)
    if beside:
        return "metadata", f"a spread (beside {beside!r})"
    if _NO_GROUP.match(str(name)) and shared is not None and shared.grouped >= 2:
        return "aggregate", "an aggregate of the other columns"  # "-, clemscore" beside "taboo, % Played"
    if shared is not None and set(found) & {"aggregate", "aggregated"}:
        return "aggregate", "an aggregate of the other columns"  # "arc_aggregate", "overall_aggregate"
    group = _AGGREGATE_GROUP.match(str(name))
    if group and shared is not None and sum(not _AGGREGATE_GROUP.match(n) for n in shared.names) >= 2:
        # MDPBench's "Overall / Digit." beside "Latin / DE", ...: a column of the summing group
        return "aggregate", f"under the group {group.group(1)!r}: an aggregate of the other columns"
    if found[:1] == ["all"] and len(found) > 1:
        found = found[1:]  # "all, Average % Played": an average over all of the groups
    # the words after it, less units and counts ("Overall(180)" beside "Easy (45)": problems)
    rest = [w for w in found[1:] if w not in _UNITS and w not in _OVER and not w.isdigit()]
    led = shared is not None and found[:1] and found[0] in AGGREGATE_WORDS and not _JOINED.match(str(name))
    averaged = found[1:2] in (["score"], ["scores"])  # "Average Score in English": of some scores
    if led and rest in (["rank"], ["ranking"], ["ranks"]) and not _ranked(shared):  # "Average_Rank"
        return "aggregate", "an average rank over the other columns"
    if led and (all(shared[w] > 1 for w in rest) or averaged or _OVERALL_SAID.search(name)):
        # "Average", "Avg. WER", "Avg Success Rate (overall)"; not mean_reward
        return "aggregate", "an aggregate of the other columns"
    # "BEIR AVG" after the BEIR tasks; not "Hopper average" beside "Walker average" (each task's own)
    # "MRR@100/avg" beside "MRR@100/Ar", "ACC-all" beside "ACC-anatomy": their prefix's aggregate
    parts = re.match(r"^(.+?[/_:-])\s*(all|avg|average|overall)\s*$", str(name), re.I)
    if parts and shared is not None:
        head = parts.group(1)
        if sum(str(n).startswith(head) for n in shared.names) >= 3:
            return "aggregate", f"an aggregate of the other '{head}' columns"
    # ... and not "RULER(4-128K Average)": a benchmark's own average, over its context lengths
    trailed = len(found) > 1 and found[-1] in ("avg", "average")
    own = re.search(r"\([^()]*\b(?:avg|average)\b[^()]*\)\s*$", str(name), re.I)
    if trailed and shared is not None and len(shared.names) >= 3 and shared[found[-1]] == 1 and not own:
        return "aggregate", "an aggregate of the other columns"
    return None


def not_score(name: str) -> str | None:
    """``"count"`` or ``"metadata"`` where the vocabulary says a column of that name is not a score (a
    column named ``Rank`` or ``#`` alone: a leaderboard's positions)."""
    found = _by_name(name, None)
    if found is None and words(name) in (["rank"], ["ranking"], ["#"], ["position"], ["place"]):
        return "metadata"
    return found[0] if found and found[0] in ("count", "metadata") else None


_CHINESE_COUNTS = frozenset("样例数 样本数 题数 题目数 条数 次数 数量".split())
_CHINESE_AGGREGATES = frozenset("平均 平均分 平均得分 总平均 总平均分 总分".split())
# A retrieval or link-prediction table's own metrics: beside them "Avg Rank" is a mean rank, a metric.
_RANK_METRICS = frozenset("mrr mr hits hit ndcg map recall".split())


def _tallied(name: str, found: list[str], shared) -> tuple[str, str] | None:
    """A count or an aggregate named in Chinese, or a tally (``Wins``) beside a summary column."""
    chinese = "".join(c for c in str(name) if "\u4e00" <= c <= "\u9fff")  # words() reads ASCII only
    if chinese and not found:  # whole names only: 通过题数 (problems passed) and 平均精度 (AP) are scores
        if chinese in _CHINESE_COUNTS:  # 样例数: the number of samples
            return "count", "a count"
        if chinese in _CHINESE_AGGREGATES:  # 总平均分: the overall average
            return "aggregate", "an aggregate of the other columns"
    if len(found) == 1 and found[0] in _TALLIES and shared is not None and _summarised(shared):
        return "count", "a count beside the table's summary"
    return None


def _ranked(shared) -> bool:
    return any(w.split("@")[0].rstrip("0123456789") in _RANK_METRICS for w in shared)


def _summarised(shared) -> bool:
    """Whether the table has a summary column (one the vocabulary reads as the others' aggregate)."""
    return any(
        not set(words(n)) & _TALLIES and (_by_name(n, shared) or ("",))[0] == "aggregate"
        for n in shared.names
    )


_ALLOWED = COUNT_WORDS | METADATA_WORDS | _FILLER | AGGREGATE_WORDS  # the words a non-score name is made of
# A name holding one of these and no metric word measures a length, not a score ("Average Summary
# Length (Words)"; but AlpacaEval's length_controlled_winrate is a win rate).
_LENGTHS = frozenset("length lengths len lens".split())
# Words that say what an aggregate is over ("Avg (without CORAAL)", "Average score").
_OVER = frozenset("without excluding except all of over tasks score scores".split())
# An average said to be over everything, in brackets at the end ("Avg Success Rate (overall)" beside
# "Avg Score (<repo>)"); not a word inside a task's name ("Avg Total Return (Hopper)", "Mean Total Reward").
# A flattened two-level header's column under a group named as a summary ("Overall / Photo.").
_AGGREGATE_GROUP = re.compile(r"^\s*(overall|average|avg\.?|mean|total)\s*(?:/|,|:)\s*\S", re.I)
_OVERALL_SAID = re.compile(r"\(\s*(?:overall|total|all)\s*\)\s*$", re.I)


class _Words(dict):
    """How many of the columns use each word, and the columns' names (``names``): as written, lower
    case (``lower``), and how many are a flattened two-level header's ``group, metric`` (``grouped``)."""

    names: tuple = ()
    lower: frozenset = frozenset()
    grouped: int = 0


def _shared(names: Sequence[str]):
    """How many of the columns use each word (``None`` for one column)."""
    from collections import Counter

    if len(names) <= 1:
        return None
    shared = _Words(Counter(w for n in names for w in set(words(n))))
    shared.names = tuple(names)
    shared.lower = frozenset(str(n).strip().lower() for n in names)
    shared.grouped = sum(", " in str(n) and not _NO_GROUP.match(str(n)) for n in names)
    return shared


_SPREADS = frozenset("stderr se std stddev sd error err ci".split())  # a spread's column, not a score's
# A name whose first word is joined to the next by a hyphen: one name ("Rank-BM25"), not "Rank of BM25".
_JOINED = re.compile(r"^\s*[A-Za-z]+-[A-Za-z0-9]")
# A flattened two-level header's column under no group ("-, clemscore" beside "taboo, % Played").
_NO_GROUP = re.compile(r"^\s*[-–—]?\s*,\s*\S")
# A column named as another's spread: "Quality Score (std)", "acc (sd)", "WER std".
_SPREAD_OF = re.compile(
    r"^(.*?\S)\s*(?:\(\s*(?:std|stddev|sd|std\.?\s*dev\.?)\s*\)|[\s_]+(?:std|stddev|sd))\s*$", re.I
)


def _beside_a_mean(found: list[str], shared) -> str | None:
    """The mean a column named only as a spread (``std``) sits beside, where that mean is of several
    other columns (Orion's ``mean``, ``std`` after twelve datasets); None otherwise."""
    if not found or not set(found) <= {"std", "stddev", "sd"}:
        return None
    names = getattr(shared, "names", ())
    means = [n for n in names if set(words(n)) & {"mean", "avg", "average"}]
    return means[0] if means and len(names) - len(means) > 3 else None


def _pooled(name: str, found: list[str], shared) -> list[str]:
    """The columns whose names extend a metric's name (``G1_tool_WinRate``, ``G2_category_WinRate``
    beside ``WinRate``): at least three, none a spread's; ``name`` is then their pooled aggregate."""
    if not getattr(shared, "names", ()) or direction(name) is None:
        return []
    wider = [n for n in shared.names if n != name and n.endswith("_" + name) and not set(words(n)) & _SPREADS]
    return wider if len(wider) >= 3 else []


def decide(
    where: str,
    names: Sequence[str],
    text: Sequence[bool],
    declared: dict[str, Declared],
    options,
    errors: bool = True,
    what: str = "column",
    whole: dict | None = None,
) -> tuple[list[Role], list[str]]:
    """Every column's :class:`Role`, and the notes that say what was decided and why: ``text`` says
    which columns hold no number, ``declared`` what the source says of its columns, ``errors`` whether
    standard errors are found by name.

    Raises:
      ValueError: an option's name that matches no column, ``--tasks`` naming a standard error or an
        aggregate, no score left, or a score of a leaderboard's export whose direction nothing says.
    """
    names = [str(n) for n in names]
    pairs = standard_error_columns(names) if errors else {}
    pairs.update({d.of: n for n, d in declared.items() if d.role == "stderr" and d.of})
    owners = {e: s for s, e in pairs.items()}
    gone = pick_names(where, options, "exclude", names, what)
    named = _named(where, names, owners, declared, options, what)
    shared = _shared(names)
    roles = [_role(n, t, declared.get(n, Declared()), owners, named, shared) for n, t in zip(names, text)]
    roles = [r._replace(role="excluded") if r.name in gone else r for r in roles]
    if named is not None:  # the columns --tasks does not name are not rated, and need no note
        roles = [
            r if r.name in named or r.role in ("stderr", "excluded") else r._replace(role="unpicked")
            for r in roles
        ]
    roles = _directions(where, roles, options, whole)
    if not any(r.role == "score" for r in roles):
        scores = [n for n, r in zip(names, roles) if r.role in ("score", "unpicked", "excluded")]
        if options.tasks is None and options.exclude is None:  # the vocabulary left nothing
            said = "; ".join(_notes(roles, options, what))
            raise ValueError(
                f"{where}: no {what} to rate: {said}; name the ones to rate with {options.flag('tasks')}"
            )
        shown = f"{options.flag('tasks')}/{options.flag('exclude')}"
        raise ValueError(f"{where}: no score {what}s left to rate after {shown} ({listed(scores)})")
    return roles, _notes(roles, options, what)


def _named(where, names, owners, declared, options, what) -> dict[str, bool] | None:
    """``{column: named outright}`` of the columns ``--tasks`` picks, or ``None`` without it."""
    if options.tasks is None:
        return None
    pool = [n for n in names if n not in owners]
    for pattern in options.tasks:
        if pattern in owners:
            raise ValueError(
                f"{where}: {options.flag('tasks', pattern)} holds the standard errors of "
                f"{owners[pattern]!r}, not scores: name {owners[pattern]!r} (its standard errors come "
                "with it)"
            )
        by_name = " ".join(words(pattern)) in _AGGREGATES
        said = declared.get(pattern, Declared())
        if by_name or said.role == "aggregate" and not said.why.startswith(BY_VALUE):
            raise ValueError(
                f"{where}: {options.flag('tasks', pattern)} is the leaderboard's aggregate of its other "
                "columns, not a task: deviation ratings weigh the tasks themselves"
            )
    picked = pick_names(where, options, "tasks", pool, what)
    exact = {p for p in options.tasks if p in picked}  # named outright: a score whatever the vocabulary says
    return {n: n in exact for n in picked}


def _role(name: str, text: bool, said: Declared, owners: dict, named: dict | None, shared) -> Role:
    if name in owners:
        return Role(name, "stderr", None, said.why or "by name", owners[name], said.label)
    if named is not None and named.get(name):
        # a column of words named: refused when parsed
        return Role(name, "score", said.higher, "named", metric=said.metric)
    if said.role is not None:
        why = said.why or "declared by the source"
        return Role(name, said.role, said.higher, why, said.of, said.label, said.metric)
    if text:
        return Role(name, "text", None, "words, not numbers")
    verdict = None if said.higher is not None else _by_name(name, shared)
    if verdict is not None:
        return Role(name, verdict[0], None, verdict[1])
    return Role(name, "score", said.higher, "declared" if said.higher is not None else "", metric=said.metric)


def _directions(where: str, roles: list[Role], options, whole: dict | None = None) -> list[Role]:
    """Each score's direction: the options', else declared, else by name, else higher (or refused);
    ``whole``: which columns hold whole numbers only (counts and lengths, more likely than scores)."""
    whole = whole or {}
    scores = [r.name for r in roles if r.role == "score"]
    lower = pick_names(where, options, "lower_better", scores, "task")
    higher = pick_names(where, options, "higher_better", scores, "task")
    out = []
    for r in roles:
        if r.role != "score":
            out.append(r)
        elif r.name in lower or r.name in higher:
            out.append(r._replace(higher=r.name in higher, why="option"))
        elif r.higher is not None:
            out.append(r)
        elif said_by_arrow(r.name) is not None:  # "LAMBADA PPL ↓", "Winogrande ↑": the source says
            out.append(r._replace(higher=said_by_arrow(r.name), why="declared"))
        else:
            found = None if r.metric == "" else direction(r.name if r.metric is None else r.metric)
            out.append(r._replace(higher=found, why="by name" if found is not None else "convention"))
    unknown = [r.name for r in out if r.role == "score" and r.higher is None]
    lowered = [r.name for r in out if r.role == "score" and r.higher is False and r.why == "by name"]
    raised = [r.name for r in out if r.role == "score" and r.higher and r.why == "by name"]
    others = [r.name for r in out if r.role in ("count", "metadata")]
    counted = [n for n in unknown if whole.get(n)]
    # scores by name beside more columns that nothing names, or counts: statistics, not tasks?
    stats = raised and (counted or len(unknown) > len(raised))
    if unknown and (lowered or others or stats):  # a leaderboard's export, not a plain score table
        verb = "is" if len(lowered) == 1 else "are"
        mixed = f"{few(lowered, 3)} {verb} lower-is-better by name" if lowered else ""
        mixed = mixed or (f"the table also holds {few(others, 3)}, which are not scores" if others else "")
        if not mixed:  # scores by name beside columns nothing names: statistics, counts, or tasks?
            what = (
                f"; {few(counted, 3)} {'holds' if len(counted) == 1 else 'hold'} whole numbers"
                if counted
                else ""
            )
            raise ValueError(
                f"{where}: {few(raised, 3)} {'is a score' if len(raised) == 1 else 'are scores'} by name, "
                "but "
                f"nothing says whether higher or lower is better on {few(unknown, 3)}{what}; rate the scores "
                f"with {options.flag('tasks', ','.join(raised[:3]))}, or say which way the others point with "
                f"{options.flag('higher_better', '*')} or {options.flag('lower_better')} (names or globs)"
            )
        named = ",".join(unknown) if len(unknown) <= 12 else unknown[0]  # each of them, where few
        raise ValueError(
            f"{where}: nothing says whether higher or lower is better on {few(unknown, 3)}, and {mixed}; "
            f"say {options.flag('higher_better', named)} or {options.flag('lower_better', named)} "
            f"(names or globs), or leave {'it' if len(unknown) == 1 else 'them'} out with "
            f"{options.flag('exclude')}"
            + (
                f", or rate only scores named so with {options.flag('tasks', ','.join(raised[:3]))}"
                if raised
                else ""
            )
        )
    return [r._replace(higher=True) if r.role == "score" and r.higher is None else r for r in out]


# The reasons _by_name gives (the vocabulary's, not the source's).
_BY_NAME = (
    "a spread",
    "a count",
    "not a score",
    "an aggregate of the other columns",
    "the leaderboard's aggregate of the other columns",
)
_SAID = {
    "a spread": "the spreads (std) of the score columns they are named after, not tasks",
    "a count": "counts, not tasks",
    "not a score": "not scores (sizes, dates, licences, lengths); --tasks rates one",
    "an aggregate of the other columns": "aggregates of the other columns, not tasks",
    "the leaderboard's aggregate of the other columns": "the leaderboard's aggregate of the other columns, "
    "not a task",
}


def _notes(roles: list[Role], options, what: str = "column") -> list[str]:
    """One line per kind of decision the vocabulary or the source made (not the options'): what the
    vocabulary and the convention decided are :class:`jaxrate.io._assumed.Assumed`."""
    from jaxrate.io._assumed import Assumed

    notes: list[str] = []
    scores = [r for r in roles if r.role == "score"]
    lowered = [r.name for r in scores if r.higher is False and r.why == "by name"]
    raised = [r.name for r in scores if r.higher and r.why == "by name"]
    plain = [r.name for r in scores if r.why == "convention"]
    said = (
        (lowered, "lower", "by name: error rates, losses, times, costs; rated negated", "higher_better"),
        (raised, "higher", "by name: accuracies, scores, rates of success, rewards", "lower_better"),
        (plain, "higher", "nothing in the file says which way they point", "lower_better"),
    )
    for names, way, why, other in said:
        if names:
            option = f"{options.names(other)} says otherwise"
            pin = _pin(options, "higher_better" if way == "higher" else "lower_better", names)
            notes.append(Assumed("direction", f"{way} is better on {few(names)}", why, option, pin))
    left: dict[str, list[str]] = {}
    declared: dict[str, list[str]] = {}
    for r in roles:
        if r.role in ("count", "aggregate", "metadata"):
            by_source = r.why not in _BY_NAME and not r.why.startswith(BY_VALUE)
            (declared if by_source else left).setdefault(_SAID.get(r.why, r.why), []).append(r.name)
    notes += [f"left out {few(names)}: {why}" for why, names in declared.items()]
    rate = f"{options.names('tasks')} rates them"
    notes += [
        Assumed(
            "columns",
            f"left out {few(names)}",
            why if why.startswith(BY_VALUE) else f"by name: {why}",
            rate,
            _pin(options, "exclude", names),
        )
        for why, names in left.items()
    ]
    fast = [r.name for r in scores if set(words(r.name)) & EFFICIENCY_WORDS]
    # distil-whisper's "Rel. Latency ↑" beside its WERs (a long table's task names are data: not read)
    if fast and len(fast) < len(scores) and what == "column":
        them = "them" if len(fast) > 1 else "it"
        notes.append(
            Assumed(
                "columns",
                f"rated {few(fast)} as task{'s' if len(fast) > 1 else ''} beside the others",
                "by name: speed or latency, not the quality the others score",
                f"{options.flag('exclude', ','.join(fast[:8]))} leaves {them} out",
                _pin(options, "tasks", [r.name for r in scores]),
            )
        )
    found = [r.name for r in roles if r.role == "text"]
    if found:
        notes.append(f"skipped non-numeric column{'s' if len(found) > 1 else ''} {few(found)}")
    return notes


def _pin(options, field: str, names: Sequence[str]) -> str:
    """The option naming ``names`` (a few; else its form): ``--higher-better 'math,code'``."""
    return options.flag(field, ",".join(names)) if len(names) <= 8 else options.names(field)


def few(names: Sequence, most: int = 8, show=repr) -> str:
    """The first ``most`` names, each shown by ``show``, and how many more."""
    shown = ", ".join(show(n) for n in names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


# Metrics whose -1 is a real value (a correlation, a reward, a difference): never a placeholder there.
_SIGNED = frozenset("mcc corr correlation pearson spearman kendall kappa reward rewards return returns "
                    "delta diff gain improvement change elo".split())  # fmt: skip


def placeholders(values: np.ndarray, name: str = "") -> np.ndarray:
    """A mask ``[M]`` of a column's ``-1`` placeholders for unknown, where all else is >= 0 (not 0/1)."""
    values = np.asarray(values, dtype=np.float64)
    minus = values == -1.0
    rest = values[np.isfinite(values) & ~minus]
    signed = bool(set(words(name)) & _SIGNED)
    if not minus.any() or len(rest) < 2 or (rest < 0).any() or np.isin(rest, (0.0, 1.0)).all() or signed:
        return np.zeros(len(values), bool)
    return minus


def candidates(names: Sequence[str], text: Sequence[bool], declared: dict[str, Declared]) -> list[bool]:
    """Per column, whether it is a score by everything but the options (the orientation's evidence)."""
    names = [str(n) for n in names]
    owners = {e: s for s, e in standard_error_columns(names).items()}
    owners.update({n: d.of for n, d in declared.items() if d.role == "stderr"})
    shared = _shared(names)
    return [
        _role(n, t, declared.get(n, Declared()), owners, None, shared).role == "score"
        for n, t in zip(names, text)
    ]

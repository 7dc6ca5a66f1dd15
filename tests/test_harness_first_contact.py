"""Harness output nobody on the team had seen (issue 51): read as the source defines it, or say what
was assumed, or refuse in one line saying what to do.

The files are published ones (``tests/data/published/round1/<set>/``: each with its ``provenance.json``,
``notes.md`` quoting what the source defines, and ``expected.csv`` written by an independent reader)
or the harnesses' own fixtures (``tests/data/harness/``); where a case needs a layout a user had (a
samples file left as its Git LFS pointer, a HELM run with an adapter override), the harness's own files
are copied into it, and the test says how. Expected numbers come from the files, never from jaxrate.
"""

from __future__ import annotations

import ast
import csv
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile

import numpy as np
import pytest

from jaxrate import io
from jaxrate.cli import main
from jaxrate.io import _inspect, _runs

DATA = os.path.join(os.path.dirname(__file__), "data")
PUBLISHED = os.path.join(DATA, "published")


def _set(name: str) -> str:
    """A set's folder: the first round of issue 51 (``round1``), or gathered for these tests (``extra``)."""
    for category in ("round1", "extra"):
        if os.path.isdir(os.path.join(PUBLISHED, category, name)):
            return os.path.join(PUBLISHED, category, name)
    raise FileNotFoundError(name)


HARNESS = os.path.join(DATA, "harness")


def _expected(set_name: str) -> dict[tuple[str, str], float]:
    """``{(model, task): score}`` of a set's ``expected.csv`` (every row higher is better here)."""
    with open(os.path.join(_set(set_name), "expected.csv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert all(r["higher_is_better"] == "true" for r in rows)
    return {(r["model"], r["task"]): float(r["score"]) for r in rows}


def _input(set_name: str) -> str:
    with open(os.path.join(PUBLISHED, "manifest.json"), encoding="utf-8") as f:
        entry = next(s for s in json.load(f)["sets"] if s["set"].split("/", 1)[1] == set_name)
    return os.path.join(_set(set_name), entry["input"])


def _cli_error(capsys, *argv) -> str:
    code = main(["rate", *map(str, argv), "--progress", "never"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1 and err.startswith("jaxrate: error: "), err
    return err


def _board(runs: list, options) -> tuple[list, list, np.ndarray]:
    """The board the pipeline's choose stage makes of parsed runs (pick the tasks, then resolve)."""
    board = _runs.resolve(_runs.pick_tasks(runs, options), options)
    return board.models, board.tasks, board.values


# --- selection before any check -----------------------------------------------------------------

XCOPA = "lmeval03_harness_llama_xcopa_bbh"


def test_a_task_left_out_never_stops_the_reading():
    """lm-eval 0.3 files give no direction; jaxrate knows none for bigbench's multiple_choice_grade.
    Rating the folder's xcopa tasks must not depend on the bbh tasks nobody selected."""
    path, want = _input(XCOPA), _expected(XCOPA)
    assert len(want) == 33
    for options in (io.ReadOptions(tasks="xcopa_*", cli=True), io.ReadOptions(exclude="bigbench_*")):
        reading = io.read(path, options)
        assert len(reading.models) == 3 and sorted(reading.tasks) == sorted({t for _, t in want})
        for (model, task), score in want.items():
            assert reading.scores[reading.models.index(model), reading.tasks.index(task)] == score


def test_bigbench_tasks_point_as_lm_eval_0_3_defines_them():
    """lm-eval 0.3's ``tasks/bigbench.py`` declares multiple_choice_grade and exact_str_match
    higher-is-better (quoted in the set's notes): the whole folder is rated, xcopa and bbh alike."""
    reading = io.read(_input(XCOPA), io.ReadOptions(missing="drop-tasks"))
    bbh = [t for t in reading.tasks if t.startswith("bigbench_")]
    assert bbh and len(reading.models) == 3
    runs = reading.replicates.runs
    assert set(runs[runs["task"].isin(bbh)]["higher_is_better"]) == {True}


def test_an_inspect_log_that_cannot_be_rated_is_moot_once_its_task_is_left_out():
    """inspect's own logs: one errored, one with a sample that did not finish, of the task qa_error."""
    logs = [os.path.join(HARNESS, "inspect", "logs", folder) for folder in ("bad", "eval")]
    with pytest.raises(ValueError, match=r"status is 'error'.*or leave it out") as refused:
        io.read_harness(logs)
    left_out = re.search(r"leave it out \(exclude=(.+)\)$", str(refused.value)).group(1)
    found = io.read_harness(logs, exclude=ast.literal_eval(left_out))  # the advice, followed
    assert found.table().shape == (3, 5) and not any("qa_error" in t for t in found.table().columns)


# --- lm-eval samples left as Git LFS pointers -----------------------------------------------------


def _as_lfs_pointer(path: str) -> None:
    """The file at ``path`` replaced by the pointer Git LFS leaves for it when its content is not fetched."""
    with open(path, "rb") as f:
        data = f.read()
    oid = hashlib.sha256(data).hexdigest()
    with open(path, "wb") as f:
        f.write(f"version https://git-lfs.github.com/spec/v1\noid sha256:{oid}\nsize {len(data)}\n".encode())


def test_lm_eval_samples_left_as_git_lfs_pointers_rate_the_harness_s_aggregates(tmp_path):
    """A results folder published through Git LFS and cloned without ``git lfs pull``."""
    shared = os.path.join(HARNESS, "lm_eval", "outputs", "shared")
    shutil.copytree(shared, tmp_path / "shared")
    for samples in glob.glob(str(tmp_path / "shared" / "*" / "samples_*.jsonl")):
        _as_lfs_pointer(samples)
    found = io.read_harness(str(tmp_path / "shared"))
    whole = io.read_harness(shared)
    assert found.table().equals(whole.table())  # the harness's own numbers, each
    assert set(found.runs["items"]) == {0} and found.column is None
    said = [n for n in found.notes if "Git LFS pointers" in n]
    assert len(said) == 1, found.notes
    assert said[0].startswith("the samples files of 12 runs are Git LFS pointers, not fetched (git lfs pull")
    assert "rated from the harness's aggregates, without per-item intervals" in said[0]
    assert not any("line 1: not JSON" in n for n in found.notes)


# --- runs made with --limit ------------------------------------------------------------------------


def test_a_limited_run_is_said_once_per_task():
    published = os.path.join(DATA, "published", "lm_eval_04")
    found = io.read_harness(os.path.join(published, "kt_winogrande_limit10_samples", "raw"))
    assert [n for n in found.notes if "--limit" in n] == [
        "winogrande: rated from --limit 10 runs: 10 documents of 1,267"
    ]
    found = io.read_harness(os.path.join(published, "kt_gpqa_group_gpt4o", "raw"))
    (said,) = [n for n in found.notes if "--limit" in n]
    assert said == (
        "leaderboard_gpqa_diamond, leaderboard_gpqa_extended, leaderboard_gpqa_main: rated from --limit 10 "
        "runs: 10 documents of 198; 10 documents of 546; 10 documents of 448"
    )
    log = os.path.join(_set("inspect_ai_popularity_limit10"), "raw")
    found = io.read_harness(log)
    assert found.table().loc["openai/gpt-4o-mini", "popularity"] == 0.8
    assert [n for n in found.notes if "--limit" in n] == [
        "popularity: rated from --limit 10 runs: 10 samples of 100"
    ]


# --- inspect logs: a percent, a custom metric, a dict scorer ---------------------------------------


def test_inspect_logs_written_by_r_vitals_rate_their_percent_accuracy():
    """vitals writes ``accuracy <- function(...) mean(...) * 100``, rounded to 4 decimals."""
    set_name = "inspect_vitals_models"
    reading = io.read(_input(set_name))
    want = _expected(set_name)
    for (model, task), score in want.items():
        assert reading.scores[reading.models.index(model), reading.tasks.index(task)] == score
    said = [n for n in reading.notes if "a percent" in n]
    assert said == [
        "An-R-Eval: model_graded_qa(partial_credit = TRUE) accuracy is reported as 100 x the samples' mean, "
        "rounded to 4 decimals (a percent, as R's vitals writes inspect logs): its samples rated x 100"
    ]
    frame = reading.replicates.frame
    claude = frame[frame["model"] == "claude-3-7-sonnet-latest"]["score"]
    # 13 C, 5 P, 8 I (notes.md): 100 x (13 + 2.5) / 26, which the log wrote as 59.6154
    assert len(claude) == 26 and claude.mean() == pytest.approx(100 * 15.5 / 26, abs=1e-12)


def test_inspect_solvers_of_one_model_are_refused_as_reruns_or_rated_as_contestants(capsys):
    set_name = "inspect_vitals_solvers"
    err = _cli_error(capsys, _input(set_name))
    assert "two runs measured differently (solver 'btw_solver' vs 'generate(" in err
    assert "--prefer newest" in err and "--model-col 'solver'" in err
    # --model-col solver (the pipeline refuses --model-col for harness output: the reader takes it)
    options = io.ReadOptions(model="solver")
    runs = _inspect._logs(
        sorted(glob.glob(os.path.join(_input(set_name), "*_An-R-Eval_*.json"))), options, []
    )
    models, tasks, values = _board(runs, options)
    want = _expected(set_name)
    assert sorted(models) == sorted(m for m, _ in want) and tasks == ["An-R-Eval"]
    for (model, _), score in want.items():
        assert values[models.index(model), 0] == score


def _starsim(set_name: str) -> list[str]:
    return sorted(glob.glob(os.path.join(_input(set_name), "*.eval")))


def _condition(task: str, key: str) -> str:
    return re.search(rf"{key}=([^,)]+)", task).group(1)


def test_a_task_argument_added_later_at_its_default_is_one_condition():
    """starsim_benchmark gained ``with_test_cases: bool = False`` after three of the logs were written;
    the logs record which arguments were passed (``eval.task_args_passed``): its default is False."""
    set_name = "inspect_starsim_prompt_background"
    reading = io.read(_input(set_name))
    want = _expected(set_name)
    assert len(reading.models) == 4 and len(reading.tasks) == 2 and not np.isnan(reading.scores).any()
    for (model, task), score in want.items():
        (j,) = [
            k
            for k, t in enumerate(reading.tasks)
            if _condition(t, "with_background") == _condition(task, "with_background")
        ]
        assert reading.scores[reading.models.index(model), j] == score
    (assumed,) = [a for a in reading.assumed if a.topic == "tasks"]
    assert (
        assumed.decision
        == "with_test_cases=False in the 3 starsim_benchmark logs written before the task had it"
    )
    with pytest.raises(ValueError, match="--strict: reading it would assume with_test_cases=False in the 3"):
        io.read(_input(set_name), io.ReadOptions(strict=True, cli=True))


def test_logs_of_no_model_say_so_and_a_task_argument_names_the_contestants():
    """Every log's eval.model is none/none: the agent is the task argument agent_url."""
    set_name = "inspect_starsim_agent_timelimit"
    with pytest.raises(ValueError, match="every log's model is 'none/none'") as refused:
        io.read(_input(set_name))  # no contestant against another: refused, naming the option
    assert "model='task_args.NAME' names a task argument" in str(refused.value)
    assert "differ: agent_url, with_background" in str(refused.value)
    # Figure 1 of the source: agent_url as the contestant, request_timeout the task, with_background False
    options = io.ReadOptions(model="task_args.agent_url", exclude="*with_background=True*")
    models, tasks, values = _board(_inspect._logs(_starsim(set_name), options, []), options)
    want = _expected(set_name)
    assert sorted(models) == ["http://localhost:9100", "http://localhost:9101"] and len(tasks) == 4
    for (model, task), score in want.items():
        (j,) = [
            k
            for k, t in enumerate(tasks)
            if _condition(t, "request_timeout") == _condition(task, "request_timeout")
        ]
        assert values[models.index(model), j] == score
    assert not any("agent_url" in t for t in tasks)
    with pytest.raises(ValueError, match="the log has no task argument 'agent'"):
        _inspect._logs(_starsim(set_name), io.ReadOptions(model="task_args.agent"), [])


def test_a_custom_metric_is_rated_as_the_log_reports_it_and_said():
    """agent_scorer's test_pass_rate is a custom @metric (eval/shared.py): no mean of the samples."""
    set_name = "inspect_starsim_agent_timelimit"
    logs = _starsim(set_name)
    for choice in ("test_pass_rate", "agent_scorer/test_pass_rate"):
        reading = io.read(logs[:4], io.ReadOptions(metric=choice, model="task_args.agent_url"))
        for path in logs[:4]:
            with zipfile.ZipFile(path) as z:
                header = json.loads(z.read("header.json"))
            want = header["results"]["scores"][0]["metrics"]["test_pass_rate"]["value"]
            (task,) = [
                t
                for t in reading.tasks
                if f"request_timeout={header['eval']['task_args']['request_timeout']}," in t
                and f"with_background={header['eval']['task_args']['with_background']}" in t
            ]
            assert reading.scores[0, reading.tasks.index(task)] == want
        runs = reading.replicates.runs
        assert set(runs["items"]) == {0} and set(runs["aggregate"]) == {"as reported"}
        assert any("test_pass_rate of agent_scorer is a custom metric" in n for n in reading.notes)
        (assumed,) = [a for a in reading.assumed if a.topic == "direction"]
        assert assumed.decision == "higher is better on test_pass_rate (agent_scorer)"


# Two tasks for inspect's own eval(): a scorer returning a dict of values, and one with a custom metric;
# mockllm answers (tokens counted by a byte-level encoding: nothing to download). Run in a process of
# its own: eval() leaves streams for the garbage collector, which warns.
_DICT_SCORER_LOGS = """
import sys
import tiktoken

encoding = tiktoken.Encoding(
    name="bytes", pat_str=r"\\S+|\\s+", mergeable_ranks={bytes([i]): i for i in range(256)}, special_tokens={}
)
tiktoken.get_encoding = lambda name: encoding

from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelOutput, get_model
from inspect_ai.scorer import SampleScore, Score, mean, metric, scorer, stderr
from inspect_ai.solver import generate

questions = [("q1", "2 + 3", "5"), ("q2", "7 * 6", "42"), ("q3", "15 - 8", "7"), ("q4", "9 + 10", "19")]
dataset = [Sample(id=i, input=f"What is {q}?", target=a) for i, q, a in questions]


@scorer(metrics={"correct": [mean(), stderr()], "length": [mean()]})
def parts():
    async def score(state, target):
        answer = state.output.completion
        return Score(value={"correct": float(target.text in answer), "length": float(len(answer))})

    return score


@metric
def all_right():
    def compute(scores: list[SampleScore]) -> float:
        return float(all(s.score.as_float() == 1.0 for s in scores))

    return compute


@scorer(metrics=[all_right()])
def strict():
    async def score(state, target):
        return Score(value=float(target.text in state.output.completion))

    return score


answers = ["5", "42", "8", "19"]
model = get_model("mockllm/m", custom_outputs=[ModelOutput.from_content("mockllm/m", a) for a in answers * 2])
tasks = [
    Task(name="qa_parts", dataset=dataset, solver=generate(), scorer=parts()),
    Task(name="qa_strict", dataset=dataset, solver=generate(), scorer=strict()),
]
logs = eval(tasks, model=model, log_dir=sys.argv[1], display="none")
assert all(log.status == "success" for log in logs), [log.error for log in logs]
"""


def test_a_scorer_returning_a_dict_rates_each_key_from_its_samples(tmp_path):
    script = tmp_path / "write_logs.py"
    script.write_text(_DICT_SCORER_LOGS)
    done = subprocess.run([sys.executable, "-W", "ignore", str(script), str(tmp_path)], capture_output=True)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    (parts,) = glob.glob(str(tmp_path / "*qa-parts*.eval"))
    found = io.read_harness(parts)  # headline: the first score, 'correct', its mean
    assert found.table().loc["mockllm/m", "qa_parts"] == 0.75 and list(found.runs["items"]) == [4]
    assert sorted(found.frame["score"]) == [0.0, 1.0, 1.0, 1.0]  # q3 answered 8, not 7
    found = io.read_harness(parts, metric="length")
    assert found.table().loc["mockllm/m", "qa_parts"] == 1.5  # 1, 2, 1, 2 characters
    (strict,) = glob.glob(str(tmp_path / "*qa-strict*.eval"))
    # all_right: a custom metric whose name says no direction: refused, naming what settles it
    with pytest.raises(ValueError, match=r"whether all_right \(of strict\) is better higher or lower"):
        io.read_harness(strict)


# --- HELM runs with adapter overrides --------------------------------------------------------------


def test_a_helm_run_with_an_adapter_override_is_in_its_run_group_s_task(tmp_path):
    """HELM's run expanders (num_output_tokens=...) change a run's adapter, not its scenario; HELM's
    group tables put such a run in its group's column. The fixture suite (helm-run's own output) with
    one run renamed as helm-run names a run given ``num_output_tokens=4000`` (and its max_tokens set so)."""
    suite = tmp_path / "benchmark_output"
    shutil.copytree(os.path.join(HARNESS, "helm", "benchmark_output"), suite)
    old = "synthetic_reasoning:mode=pattern_match,model=local_echo-ctx160"
    new = "synthetic_reasoning:mode=pattern_match,num_output_tokens=4000,model=local_echo-ctx160"
    os.rename(suite / "runs" / "v1" / old, suite / "runs" / "v1" / new)
    spec_path = suite / "runs" / "v1" / new / "run_spec.json"
    spec = json.loads(spec_path.read_text())
    spec["name"], spec["adapter_spec"]["max_tokens"] = new, 4000
    spec_path.write_text(json.dumps(spec))
    with open(suite / "runs" / "v1" / new / "stats.json", encoding="utf-8") as f:
        (want,) = [
            s["mean"] for s in json.load(f) if s["name"] == {"name": "quasi_exact_match", "split": "test"}
        ]
    found = io.read_harness(str(suite))
    task = "synthetic_reasoning:mode=pattern_match"
    assert found.table().shape == (3, 4) and found.table().loc["local/echo-ctx160", task] == want
    assert (
        f"{task}: 1 of its 3 runs with adapter overrides (num_output_tokens=4000) rated in the task, as "
        "HELM's group tables put them in its run group" in found.notes
    )
    left = io.read_harness(str(suite), exclude=task)  # the advice a refusal gives works
    assert task not in left.table().columns and left.table().shape == (3, 3)

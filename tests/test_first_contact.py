"""The defects of first contact with what other people published (issue 42), each on real output.

The lm-eval and inspect files are the harnesses' own (``tests/data/harness``) or published ones
(``tests/data/published``); where a case needs a folder laid out as a user's was (a model given to
lm-eval as a path, a log converted to JSON), the harness's own files are copied into that layout
or converted by the harness's own code. Every test here failed on the readers before the pipeline.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil

import numpy as np
import pytest

from jaxrate import io
from jaxrate.cli import main

HARNESS = os.path.join(os.path.dirname(__file__), "data", "harness")
SHARED = os.path.join(HARNESS, "lm_eval", "outputs", "shared")
PUBLISHED = os.path.join(os.path.dirname(__file__), "data", "published")


def _cli(capsys, *argv):
    code = main([str(a) for a in argv] + (["--progress", "never"] if argv[0] == "rate" else []))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_model_given_to_lm_eval_as_a_relative_path_is_not_skipped(tmp_path):
    """lm-eval names the folder of ``pretrained=../prompt-pursuit/org/model-a`` ``..__prompt-pursuit__...``:
    a hidden folder, once skipped (3 of 5 models vanished)."""
    for i, name in enumerate(sorted(os.listdir(SHARED))):
        target = tmp_path / ("..__prompt-pursuit__" + name if i < 2 else name)
        shutil.copytree(os.path.join(SHARED, name), target)
    found = io.read_harness(str(tmp_path), missing="drop-tasks")
    assert len(found.table()) == 3 and found.notes[0] == "read 3 lm-evaluation-harness results files"


def test_runs_from_before_0_4_3_without_n_samples_rate_with_later_ones(tmp_path):
    """lm-eval before 0.4.3 wrote no ``n-samples``: unknown is not "measured differently"."""
    folder = tmp_path / "runs"
    shutil.copytree(SHARED, folder)
    path = next((folder / "org__model-b").glob("results_*.json"))
    data = json.loads(path.read_text())
    del data["n-samples"]  # as 0.4.0-0.4.2 wrote it
    path.write_text(json.dumps(data))
    found = io.read_harness(str(folder))
    assert found.table().shape == (3, 5)


def test_missing_block_is_offered_for_harness_output_too(capsys):
    path = os.path.join(PUBLISHED, "lm_eval_03", "stablelm_external", "raw")
    found = io.read_harness(path, missing="block")
    assert not found.table().isna().any().any() and found.table().shape[0] >= 2
    assert any(n.startswith("--missing block: kept") for n in found.notes)
    code, out, err = _cli(capsys, "rate", path, "--missing", "block")
    assert code == 0 and "a complete block" in err


def test_pairwise_rates_a_sparse_board_as_models_against_models(capsys, tmp_path):
    """Most published folders are incomplete: each pair's win rate over the tasks both have."""
    path = os.path.join(PUBLISHED, "lm_eval_03", "stablelm_external", "raw")
    out = tmp_path / "r.json"
    code, printed, err = _cli(capsys, "rate", path, "--missing", "pairwise", "--json", out)
    assert code == 0, err
    assert (
        "--missing pairwise: rated as models against models" in err and "model vs model win rates" in printed
    )
    document = json.loads(out.read_text())
    assert document["input"] == "battles" and len(document["ratings"]["model_a"]) == 6
    full = io.read(path, io.ReadOptions(missing="drop-tasks"))
    assert set(full.models) == set(document["ratings"]["model_a"])
    code, _, err = _cli(capsys, "rate", path, "--missing", "pairwise", "--bootstrap", "10")
    assert code == 2 and "not independent battles to resample" in err


def test_csv_and_json_to_standard_output(capsys, tmp_path, monkeypatch):
    path = tmp_path / "s.csv"
    path.write_text("model,math,code\na,0.8,0.6\nb,0.5,0.4\n")
    monkeypatch.chdir(tmp_path)
    code, out, err = _cli(capsys, "rate", path, "--csv", "-")
    assert (
        code == 0
        and out.splitlines()[0] == "rank,agent,deviation,u.rank,uniform"
        and "s.csv: 2 agents" in err
    )
    code, out, _ = _cli(capsys, "rate", path, "--json", "-")
    assert code == 0 and json.loads(out)["ratings"]["agent_a"]["a"] == 0.0
    assert not (tmp_path / "-").exists()
    code, out, err = _cli(capsys, "rate", path, "--json", "-", "--csv", "-")
    assert code == 2 and "send one of them to a file" in err


def test_command_line_messages_name_flags_not_python(capsys):
    code, _, err = _cli(capsys, "rate", os.path.join(HARNESS, "lm_eval", "outputs", "limit"))
    assert code == 2 and "--prefer newest" in err and "prefer=" not in err
    with pytest.raises(ValueError, match="prefer='newest'"):  # Python names its arguments
        io.read_harness(os.path.join(HARNESS, "lm_eval", "outputs", "limit"))


def test_a_missing_score_names_every_file_of_the_model(capsys, tmp_path):
    """Model a ran its tasks in two invocations (two files) and not corpus_local: both files are named."""
    split = os.path.join(HARNESS, "lm_eval", "outputs", "split_runs")
    files = sorted(p.name for p in pathlib.Path(split).rglob("results_*.json"))
    code, _, err = _cli(capsys, "rate", split, os.path.join(SHARED, "org__model-b"))
    assert code == 2 and "has no score on task 'corpus_local'" in err
    assert f"its {len(files)} runs:" in err and all(f in err for f in files)


def test_a_log_without_scores_says_how_to_score_it(tmp_path):
    source = os.path.join(HARNESS, "inspect", "logs", "json")
    name = sorted(os.listdir(source))[0]
    with open(os.path.join(source, name), encoding="utf-8") as f:
        data = json.load(f)
    data.pop("results")
    (tmp_path / name).write_text(json.dumps(data))
    with pytest.raises(
        ValueError, match=r"the log has no scores; score it \(inspect score .*\) or leave it out"
    ):
        io.read_harness(str(tmp_path / name))


def test_one_log_saved_as_eval_and_json_is_one_run(tmp_path):
    """``inspect log convert`` writes the same run (one ``eval_id``) in the other format."""
    from inspect_ai.log import read_eval_log, write_eval_log

    source = os.path.join(HARNESS, "inspect", "logs", "eval", "qa_match__model-a.eval")
    shutil.copy(source, tmp_path / "qa_match__model-a.eval")
    write_eval_log(read_eval_log(source), str(tmp_path / "qa_match__model-a.json"), format="json")
    found = io.read_harness(str(tmp_path))
    assert not any("supersedes" in n for n in found.notes)
    assert any("are one run, read once" in n for n in found.notes)


def test_an_eval_set_listing_is_never_read_as_a_log(capsys):
    path = os.path.join(PUBLISHED, "inspect", "inspect_ai_eval_set_3models_epochs", "raw")
    code, out, err = _cli(capsys, "rate", path)
    assert code == 0 and "validation error" not in err and "3 agents x 1 task" in out
    assert "passed over eval-set.json" in err


def test_a_helm_table_s_counts_are_never_tasks():
    path = os.path.join(PUBLISHED, "helm", "helm-crfm-bbq-v1-group", "raw")
    table, notes = io.read_scores(
        os.path.join(path, "benchmark_output_bbq", "runs", "v1", "groups", "bbq.json")
    )
    assert table.shape[1] == 1 and not np.isnan(table.to_numpy()).any()
    assert any("'# eval', '# train', 'truncated'" in n and "HELM declares no direction" in n for n in notes)


def test_error_rates_are_rated_lower_is_better_and_placeholders_are_unknown():
    path = os.path.join(PUBLISHED, "leaderboards", "asr_open_asr_en_shortform", "raw", "scripts", "data")
    read = io.read(os.path.join(path, "en_shortform.csv"), io.ReadOptions(exclude="RTFx"))
    assert "Avg. WER" not in read.tasks and "Model size (B)" not in read.tasks
    assert (read.scores <= 0).all()  # WER negated: the lowest error rate is the highest score
    best = read.models[int(np.argmax(read.scores.mean(axis=1)))]
    assert best == "CohereLabs/cohere-transcribe-03-2026"  # the leaderboard's own first row


def test_a_rerun_under_another_harness_release_is_the_same_measurement(tmp_path):
    """Two runs of one task differing only in lm-eval's release (or commit) were refused as
    ``lm_eval '3285551' vs None``; the release is not part of what was measured."""
    folder = tmp_path / "org__model-b"
    shutil.copytree(os.path.join(SHARED, "org__model-b"), folder)
    first = next(folder.glob("results_*.json"))
    data = json.loads(first.read_text())
    data.pop("lm_eval_version", None)
    data["git_hash"] = "3285551"
    (folder / "results_2026-11-20T10-00-00.000000.json").write_text(json.dumps(data))  # an older run
    found = io.read_harness(str(tmp_path))
    assert found.table().shape == (1, 5)
    assert sum("supersedes" in n for n in found.notes) == 5 and not any("lm_eval" in n for n in found.notes)


def test_a_long_table_s_tasks_are_tasks_whatever_their_names(tmp_path):
    """Names that the vocabulary would leave out of a wide table's columns (counts, aggregates) are a
    long table's tasks all the same, and no direction is read from them (the vocabulary is of metric
    names, a task's name says nothing of one): what is assumed is said, and an option turns it."""
    values = {"a": (5, 7), "b": (6, 2), "c": (3, 9)}
    for tasks in (("n_body", "mean_reward"), ("accuracy", "latency")):
        plain = ["model,task,score"] + [f"{m},{t},{v}" for m, vs in values.items() for t, v in zip(tasks, vs)]
        seeds = ["model,task,seed,score"] + [
            f"{m},{t},0,{v}" for m, vs in values.items() for t, v in zip(tasks, vs)
        ]
        for name, rows in (("plain.csv", plain), ("seeds.csv", seeds)):
            (tmp_path / name).write_text("\n".join(rows) + "\n")
            read = io.read(str(tmp_path / name))
            assert read.tasks == list(tasks)
            assert read.scores[0].tolist() == [5, 7], name
            assert [a.topic for a in read.assumed] == ["direction"]
            assert read.assumed[0].decision.startswith("higher is better on")
            said = io.ReadOptions(lower_better=tasks[1], higher_better=tasks[0])
            turned = io.read(str(tmp_path / name), said)
            assert turned.scores[0].tolist() == [5, -7] and not turned.assumed


def test_options_the_input_has_no_use_for_are_refused(tmp_path, capsys):
    battles = tmp_path / "b.csv"
    battles.write_text("model_a,model_b,winner\na,b,model_a\nb,c,model_b\nc,a,model_a\n")
    for argv, said in (
        (["--model-col", "x"], "--model-col is for score tables"),
        (["--higher-better", "x"], "--higher-better is for score tables"),
        (["--missing", "pairwise"], "battle records are rated pairwise already"),
    ):
        code, _, err = _cli(capsys, "rate", battles, *argv)
        assert code == 2 and said in err, err
    code, _, err = _cli(
        capsys, "rate", os.path.join(HARNESS, "lm_eval", "outputs", "per_model"), "--models", "columns"
    )
    assert code == 2 and "--models is for wide score tables" in err
    table = tmp_path / "s.csv"
    table.write_text("model,math,code\na,0.8,0.6\nb,0.5,0.4\n")
    with pytest.raises(ValueError, match="metric picks a long table's metrics .*; s.csv is a wide table"):
        io.read_scores(table, metric="acc")
    code, _, err = _cli(capsys, "rate", table, "--missing", "model")
    assert code == 2 and "--missing model is for battle records" in err
    code, _, err = _cli(capsys, "rate", table, "--plot", "-")
    assert code == 2 and "must end in .png, .svg or .pdf" in err


def test_a_malformed_listing_or_summary_table_is_one_line(tmp_path, capsys):
    (tmp_path / "l").mkdir()
    (tmp_path / "l" / "listing.json").write_text(json.dumps({"a.eval": {"primary_metric": {"value": 0.5}}}))
    code, _, err = _cli(capsys, "rate", tmp_path / "l")
    assert code == 2 and "listing.json: a.eval: " in err and len(err.splitlines()) == 1
    (tmp_path / "t.json").write_text(json.dumps([{"title": "Accuracy", "header": [], "rows": []}]))
    code, _, err = _cli(capsys, "rate", tmp_path / "t.json")
    assert code == 2 and "not a well-formed helm-summarize table" in err and len(err.splitlines()) == 1


def test_a_table_named_like_a_suite_s_file_is_a_table(tmp_path):
    """A listing format (a HELM suite's summary.json, runs.json) takes such names inside folders only."""
    path = tmp_path / "summary.json"
    path.write_text(
        json.dumps([{"model": "a", "mmlu": 0.5}, {"model": "b", "mmlu": 0.6}, {"model": "c", "mmlu": 0.7}])
    )
    table, _ = io.read_scores(path)
    assert table["mmlu"].tolist() == [0.5, 0.6, 0.7]

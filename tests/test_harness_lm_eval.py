"""lm-evaluation-harness output in every layout, read from what lm-eval wrote (tests/data/harness/lm_eval).

Expected numbers come from the harness's own results files, read here with
``json``; the per-item values are what its samples files hold. Each test names
the defect of the earlier reader that it pins down.
"""

import glob
import json
import os
import shutil

import numpy as np
import pytest

import jaxrate
from jaxrate import io
from jaxrate.cli import main

OUT = os.path.join(os.path.dirname(__file__), "data", "harness", "lm_eval", "outputs")
SHARED = os.path.join(OUT, "shared")
LOWER = {"word_perplexity", "byte_perplexity", "bits_per_byte", "perplexity"}


def _json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _results(folder):
    """{(model, task): (metric, filter, value)} of the first metric of every task, from the results files."""
    out = {}
    for path in sorted(glob.glob(os.path.join(folder, "**", "*.json"), recursive=True)):
        data = _json(path)
        if not isinstance(data, dict) or "results" not in data:
            continue
        groups = {g for g, sub in data.get("group_subtasks", {}).items() if sub}
        for task, scores in data["results"].items():
            if task in groups:
                continue
            first = data["configs"][task]["metric_list"][0]["metric"]
            key = next(k for k in scores if k.split(",")[0] == first)
            out[data["model_name"], task] = (first, key.split(",")[1], scores[key], path)
    return out


def _cli(capsys, *argv):
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_every_model_and_task_once_each_score_the_harness_s_own():
    expected = _results(SHARED)
    found = io.read_harness(SHARED)
    table = found.table()
    assert table.shape == (3, 5) and len(expected) == 15  # the group local_group is not a task
    for (model, task), (metric, _, value, _) in expected.items():
        sign = -1.0 if metric in LOWER else 1.0
        assert table.loc[model, task] == sign * value  # exactly the harness's number (its negative)


def test_perplexity_tasks_are_rated_in_the_right_direction():
    """Was: per-item log-likelihoods negated as if they were perplexities, ranking such tasks upside down."""
    found = io.read_harness(SHARED, metric="corpus_local=acc")  # every task with items
    data = found.replicates()
    for task in ("ppl_local", "lambada_local"):
        reported = {
            m: _json(glob.glob(os.path.join(SHARED, m.replace("/", "__"), "results_*.json"))[0])["results"][
                task
            ]
            for m in data.models
        }
        metric = "word_perplexity" if task == "ppl_local" else "perplexity"
        perplexity = np.array([reported[m][f"{metric},none"] for m in data.models])
        j = data.tasks.index(task)
        rated = data.table()[:, j]
        np.testing.assert_allclose(rated, -perplexity, rtol=1e-9)  # items reproduce the harness's statistic
        assert list(np.argsort(-rated)) == list(np.argsort(perplexity))  # the lowest perplexity rated best
        # per document the values are log-likelihoods (higher is better), not perplexities
        assert np.all(data.values[j] < 0)


def test_item_aggregates_are_checked_against_the_harness(tmp_path):
    copy = tmp_path / "shared"
    shutil.copytree(SHARED, copy)
    samples = next((copy / "org__model-b").glob("samples_lambada_local_*.jsonl"))
    lines = samples.read_text().splitlines()
    first = json.loads(lines[0])
    first["perplexity"] -= 0.5  # one document's log-likelihood changed: the aggregate no longer matches
    samples.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    with pytest.raises(ValueError, match=r"'org/model-b', task 'lambada_local': its 10 per-item perplexity"):
        io.read_harness(str(copy))


def test_layouts_one_output_path_per_model_and_a_named_json():
    """Was: results two folders deep, and --output_path x.json, were not found."""
    for layout in ("per_model", "json_path"):
        expected = _results(os.path.join(OUT, layout))
        found = io.read_harness(os.path.join(OUT, layout))
        assert found.table().shape == (
            len({m for m, _ in expected}),
            len({t for _, t in expected}),
        )
        for (model, task), (metric, _, value, _) in expected.items():
            assert found.table().loc[model, task] == (-value if metric in LOWER else value)
        assert (found.runs["items"] > 0).all()  # samples found beside each results file, of the same run


def test_older_release_layout_with_results_json_and_model_args_samples():
    found = io.read_harness(os.path.join(OUT, "old_release"))
    assert (found.runs["items"] > 0).all() and found.column == "item"
    for path in glob.glob(os.path.join(OUT, "old_release", "**", "*.json"), recursive=True):
        data = _json(path)
        if "results" not in data:
            continue
        model = data["config"]["model_args"].split("=", 1)[1]
        assert found.table().loc[model, "mc_local"] == data["results"]["mc_local"]["acc,none"]


def test_runs_of_separate_invocations_are_merged():
    """Was: only the newest results file of a model folder was read; the other run's tasks were dropped."""
    folder = os.path.join(OUT, "split_runs")
    files = glob.glob(os.path.join(folder, "*", "results_*.json"))
    tasks = [set(_json(f)["results"]) for f in files]
    assert len(files) == 2 and not (tasks[0] & tasks[1] - {"local_group"})
    found = io.read_harness(folder)
    assert set(found.table().columns) == (tasks[0] | tasks[1]) - {"local_group"}


def test_metric_and_filter_choice():
    expected = {key: _json(v[3])["results"][key[1]] for key, v in _results(SHARED).items()}
    found = io.read_harness(SHARED, metric=["acc_norm", "ppl_local=bits_per_byte"], filter="flexible-extract")
    table = found.table()
    for (model, task), scores in expected.items():
        want = {
            "mc_local": scores.get("acc_norm,none"),
            "ppl_local": None if "bits_per_byte,none" not in scores else -scores["bits_per_byte,none"],
            "gen_local": scores.get("exact_match,flexible-extract"),
        }.get(task)
        if want is not None:
            assert table.loc[model, task] == want
    with pytest.raises(
        ValueError, match=r"task 'mc_local' has no metric 'nope'; it has \['acc', 'acc_norm'\]"
    ):
        io.read_harness(SHARED, metric="mc_local=nope")
    with pytest.raises(ValueError, match="--metric 'mc_local=': give NAME or TASK=NAME"):
        io.read_harness(SHARED, metric="mc_local=")


def test_corpus_level_metrics_are_rated_from_the_aggregate_and_say_so():
    """Was: a corpus-level first metric (mcc, f1) was a hard error."""
    found = io.read_harness(SHARED)
    expected = _results(SHARED)
    assert expected["org/model-a", "corpus_local"][0] == "mcc"
    for model in found.table().index:
        assert found.table().loc[model, "corpus_local"] == expected[model, "corpus_local"][2]
    assert any("corpus-level metric" in n and "without a per-item interval" in n for n in found.notes)
    with pytest.raises(
        ValueError, match=r"task 'corpus_local': no per-item scores to resample: mcc is a corpus"
    ):
        jaxrate.bootstrap_replicates(found, resamples=5)
    acc = io.read_harness(SHARED, metric="corpus_local=acc")
    assert jaxrate.bootstrap_replicates(acc, resamples=5, method="exact").failures == ()


def test_samples_file_or_results_file_as_the_path():
    """Was: confusing errors for a results JSON or a samples file given as the path."""
    results = sorted(glob.glob(os.path.join(SHARED, "org__model-a", "results_*.json")))[0]
    found = io.read_harness(results)
    assert list(found.table().index) == ["org/model-a"] and found.column == "item"
    samples = glob.glob(os.path.join(SHARED, "org__model-a", "samples_mc_local_*.jsonl"))[0]
    with pytest.raises(ValueError, match="samples file holds one task's items only; give its folder"):
        io.read_harness(samples)


def test_several_paths_and_globs_are_merged(tmp_path):
    a, b = (os.path.join(OUT, "per_model", m) for m in ("model-a", "model-b"))
    found = io.read_harness([a, b])
    assert found.table().shape[0] == 2
    assert io.read_harness(os.path.join(OUT, "per_model", "model-*")).table().shape[0] == 3
    with pytest.raises(ValueError, match="no file or folder matches this pattern"):
        io.read_harness(os.path.join(OUT, "nothing-*"))


def test_cli_rates_harness_output_with_item_intervals(capsys, tmp_path):
    out_json = tmp_path / "r.json"
    code, out, err = _cli(
        capsys,
        "rate",
        SHARED,
        "--metric",
        "corpus_local=acc",
        "--bootstrap",
        "20",
        "--json",
        out_json,
        "--progress",
        "never",
    )
    assert code == 0, err
    assert "20 bootstrap resamples of the items within each task" in out
    assert "ppl_local: word_perplexity (weighted_perplexity, lower is better: negated)" in err
    payload = json.loads(out_json.read_text())
    assert payload["intervals"]["interval_kind"] == "sampling (items within task)"
    assert {r["task"] for r in payload["harness_runs"]} == {
        "mc_local",
        "corpus_local",
        "ppl_local",
        "lambada_local",
        "gen_local",
    }
    # several paths on the command line, and a quoted glob
    code, out, err = _cli(
        capsys, "rate", os.path.join(OUT, "per_model", "model-a"), os.path.join(OUT, "per_model", "model-c")
    )
    assert code == 0, err and "2 agents x 4 tasks" in out
    code, out, err = _cli(capsys, "rate", os.path.join(OUT, "per_model", "model-*"))
    assert code == 0, err and "3 agents x 4 tasks" in out


def test_cli_bad_harness_input_is_one_line_and_writes_nothing(capsys, tmp_path):
    report = tmp_path / "report"
    samples = glob.glob(os.path.join(SHARED, "org__model-a", "samples_mc_local_*.jsonl"))[0]
    for argv in (
        ("rate", SHARED, "--bootstrap", "5", "--report", report),  # corpus_local has no items
        ("rate", samples),
        ("rate", tmp_path / "empty_dir"),
        ("rate", SHARED, "--metric", "mc_local=nope", "--report", report),
    ):
        (tmp_path / "empty_dir").mkdir(exist_ok=True)
        code, out, err = _cli(capsys, *argv)
        assert code == 2 and len(err.strip().splitlines()) == 1, (argv, err)
        assert not report.exists()
    code, _, err = _cli(capsys, "rate", SHARED, "--bootstrap", "5")
    assert "'org/model-a', task 'corpus_local': no per-item scores to resample" in err


def test_a_newest_run_without_samples_is_rated_from_its_aggregate_never_older_items():
    """Was: an older run's samples_*.jsonl was used for a newest results file without samples."""
    folder = os.path.join(OUT, "rerun_no_samples")
    newest = max(glob.glob(os.path.join(folder, "*", "results_*.json")))
    found = io.read_harness(folder)
    data = _json(newest)
    assert found.table().loc["org/model-a", "mc_local"] == data["results"]["mc_local"]["acc,none"]
    assert found.column is None and (found.runs["items"] == 0).all()  # the older run's items are not used
    assert all(os.path.basename(newest) in why for _, _, why in found.without_items)
    assert any("supersedes" in n for n in found.notes)
    with pytest.raises(
        ValueError, match=r"model 'org/model-a', task '(mc|lambada)_local': no per-item scores"
    ):
        jaxrate.bootstrap_replicates(found, resamples=5)


def test_runs_that_measured_differently_are_refused_naming_both_files():
    """Was: --limit runs mixed with full runs with only a note."""
    for layout, what in (("limit", "limit 5.0 vs none"), ("fewshot", "n-shot 0 vs 2")):
        folder = os.path.join(OUT, layout)
        older, newer = sorted(glob.glob(os.path.join(folder, "*", "results_*.json")))
        with pytest.raises(ValueError, match="two runs measured differently") as err:
            io.read_harness(folder)
        assert what in str(err.value) and older in str(err.value) and newer in str(err.value)
        found = io.read_harness(folder, prefer="newest")
        assert found.table().loc["org/model-a", "mc_local"] == _json(newer)["results"]["mc_local"]["acc,none"]
        assert found.runs["superseded"].iloc[0] == [older]


def test_a_task_measured_differently_for_two_models_is_refused(tmp_path):
    for name in ("limit", "shared"):
        shutil.copytree(os.path.join(OUT, name), tmp_path / name, dirs_exist_ok=True)
    limited = min(glob.glob(str(tmp_path / "limit" / "*" / "results_*.json")))
    full = max(glob.glob(str(tmp_path / "limit" / "*" / "results_*.json")))
    os.remove(full)
    for f in glob.glob(str(tmp_path / "limit" / "*" / f"samples_*{os.path.basename(full)[8:-5]}.jsonl")):
        os.remove(f)
    data = _json(limited)
    data["model_name"] = "org/model-z"  # another model, run with --limit 5
    with open(limited, "w", encoding="utf-8") as f:
        json.dump(data, f)
    with pytest.raises(
        ValueError, match="task 'mc_local' was measured differently for 'org/model-.' and 'org/model-z'"
    ):
        io.read_harness([str(tmp_path / "shared"), str(tmp_path / "limit")])


def test_revisions_sharing_a_folder_stay_separate_models():
    """Was: revisions of one model in one folder were dropped but for the newest."""
    found = io.read_harness(os.path.join(OUT, "revisions"))
    assert sorted(found.table().index) == ["org/model-a@r1", "org/model-a@r2"]
    for path in glob.glob(os.path.join(OUT, "revisions", "*", "results_*.json")):
        data = _json(path)
        revision = data["config"]["model_args"]["revision"]
        want = data["results"]["mc_local"]["acc,none"]
        assert found.table().loc[f"org/model-a@{revision}", "mc_local"] == want


def test_missing_scores_for_harness_output(tmp_path):
    """Was: --missing was refused for replicate data."""
    a = os.path.join(OUT, "json_path")  # org/model-a on two tasks
    b = os.path.join(OUT, "per_model", "model-b")  # org/model-b on four
    with pytest.raises(ValueError, match="has no score on task"):
        io.read_harness([a, b])
    kept = io.read_harness([a, b], missing="drop-tasks")
    assert set(kept.table().columns) == {"mc_local", "lambada_local"} and kept.table().shape == (2, 2)
    assert jaxrate.bootstrap_replicates(kept, resamples=5, method="exact").failures == ()
    filled = io.read_harness([a, b], missing="fill:0")
    assert filled.table().loc["org/model-a", "ppl_local"] == 0  # a perplexity of 0, negated
    with pytest.raises(ValueError, match="filled with 0"):
        jaxrate.bootstrap_replicates(filled, resamples=5)


def test_a_metric_or_filter_no_run_reports_is_an_error_not_ignored():
    with pytest.raises(ValueError, match="metric='acc_nrom': no task reports it"):
        io.read_harness(SHARED, metric="acc_nrom")
    with pytest.raises(ValueError, match="no run has a task 'mc_locl'; did you mean 'mc_local'"):
        io.read_harness(SHARED, metric="mc_locl=acc_norm")
    with pytest.raises(ValueError, match="did you mean 'strict-match'"):
        io.read_harness(SHARED, filter="strict")
    found = io.read_harness(SHARED, metric="acc_norm")
    assert any("do not report it and keep their first choice" in n for n in found.notes)


def test_tasks_and_exclude_pick_the_tasks_of_harness_output(capsys):
    found = io.read_harness(SHARED, tasks="mc_*,ppl_local")
    assert list(found.table().columns) == ["mc_local", "ppl_local"]
    assert not any("corpus-level" in n for n in found.notes)  # the left-out task says nothing
    kept = io.read_harness(SHARED, exclude=["corpus_local"])
    assert "corpus_local" not in kept.table().columns and kept.column == "item" and not kept.without_items
    with pytest.raises(ValueError, match="tasks='mc_locl': no such task; did you mean 'mc_local'"):
        io.read_harness(SHARED, tasks="mc_locl")
    code, out, err = _cli(
        capsys, "rate", SHARED, "--exclude", "corpus_local", "--bootstrap", "5", "--progress", "never"
    )
    assert code == 0, err
    assert "3 agents x 4 tasks" in out and "5 bootstrap resamples of the items" in out


def test_a_results_file_without_higher_is_better_takes_lm_eval_s_registry_directions(tmp_path):
    """acc is better higher and perplexity lower (lm-eval's registry), when the results do not say."""
    copy = tmp_path / "shared"
    shutil.copytree(SHARED, copy)
    for path in copy.glob("*/results_*.json"):
        data = json.loads(path.read_text())
        del data["higher_is_better"]
        for config in data["configs"].values():
            for metric in config.get("metric_list", []):
                metric.pop("higher_is_better", None)
        path.write_text(json.dumps(data))
    found = io.read_harness(str(copy))
    expected = _results(SHARED)
    for (model, task), (metric, _, value, _) in expected.items():
        assert found.table().loc[model, task] == (-value if metric in LOWER else value)


def test_malformed_files_are_errors_naming_the_file(tmp_path):
    copy = tmp_path / "shared"
    shutil.copytree(os.path.join(OUT, "per_model", "model-a"), copy)
    results = next(copy.glob("*/results_*.json"))
    data = json.loads(results.read_text())
    data["results"]["mc_local"] = 0.5  # not a map of metric scores
    results.write_text(json.dumps(data))
    with pytest.raises(ValueError, match=r"results_.*\.json: not a well-formed lm-evaluation-harness file"):
        io.read_harness(str(copy))
    shutil.rmtree(copy)
    shutil.copytree(os.path.join(OUT, "per_model", "model-a"), copy)
    samples = next(copy.glob("*/samples_mc_local_*.jsonl"))
    lines = samples.read_text().splitlines()
    samples.write_text("\n".join([lines[0] + lines[1], *lines[2:]]) + "\n")  # two records on one line
    with pytest.raises(ValueError, match="line 1: not JSON"):
        io.read_harness(str(copy))


def test_overlapping_paths_read_each_file_once():
    folder = os.path.join(OUT, "per_model", "model-a")
    results = glob.glob(os.path.join(folder, "*", "results_*.json"))[0]
    found = io.read_harness([folder, results])
    assert (
        not any("supersedes" in n for n in found.notes)
        and found.notes[0] == "read 1 lm-evaluation-harness results files"
    )


def test_fills_are_in_the_harness_s_units(tmp_path):
    a = os.path.join(OUT, "json_path")  # org/model-a: mc_local and lambada_local only
    b = os.path.join(OUT, "per_model", "model-b")
    filled = io.read_harness([a, b], missing="fill:2")
    # a perplexity of 2 is rated -2 (lower is better), an accuracy of 2 is rated +2
    assert filled.table().loc["org/model-a", "ppl_local"] == -2.0
    assert filled.table().loc["org/model-a", "gen_local"] == 2.0

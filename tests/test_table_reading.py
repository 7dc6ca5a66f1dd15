"""A publisher's own tables, read as their writer meant or refused (issue 34).

Every file here is written by pandas itself (``to_parquet``, ``to_json`` in each
orient, ``to_csv`` of a transposed frame, compressed copies), not by hand, so
the tests check the formats as pandas writes them.
"""

import bz2
import gzip
import json
import lzma
import zipfile

import numpy as np
import pandas as pd
import pytest

from jaxrate import io
from jaxrate.cli import main

MODELS = [f"gpt-4o-mini-2024-07-{d:02d}" for d in range(1, 9)] + ["llama-3.1-70b-instruct", "qwen2-7b"]


def _read(path, **options):
    """The command line's reader: the one pipeline."""
    return io.read(path, io.ReadOptions(**options))


@pytest.fixture
def board() -> pd.DataFrame:
    """An AlpacaEval-like board: 10 models (the index, named 'model') x 3 metrics."""
    rng = np.random.default_rng(0)
    values = rng.uniform(20, 90, (len(MODELS), 3))
    return pd.DataFrame(
        values, index=pd.Index(MODELS, name="model"), columns=["win_rate", "lc_win_rate", "arena_hard"]
    )


def _same(read: pd.DataFrame, board: pd.DataFrame) -> None:
    assert list(read.index) == list(board.index) and list(read.columns) == list(board.columns)
    np.testing.assert_allclose(
        read.to_numpy(dtype=float), board.to_numpy(), rtol=1e-9
    )  # to_json writes 10 digits


def _rated(capsys, *args) -> tuple[int, str, str]:
    code = main(["rate", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("named", [True, False])
def test_parquet_and_feather_keep_the_index_as_the_model_names(board, tmp_path, named):
    frame = board if named else board.rename_axis(None)
    frame.to_parquet(tmp_path / "b.parquet")
    _same(io.read_scores(tmp_path / "b.parquet")[0], board)
    frame.reset_index().to_feather(tmp_path / "b.feather")  # feather keeps no index: the names a column
    _same(io.read_scores(tmp_path / "b.feather")[0], board)


@pytest.mark.parametrize("orient", [None, "split", "table", "index"])
def test_pandas_json_in_every_orient_that_keeps_the_names(board, tmp_path, orient, capsys):
    path = tmp_path / "b.json"
    board.to_json(path, orient=orient) if orient else board.to_json(path)  # None: pandas' default
    read, notes = io.read_scores(path)
    _same(read, board)
    if orient in (None, "index"):  # {key: {key: score}}: which way it was read is said, from the names
        assert any(n.startswith("read as {") for n in notes)
    code, out, _ = _rated(capsys, path)
    assert code == 0 and f"{len(MODELS)} agents x 3 tasks" in out


def test_json_that_lost_its_names_is_refused(board, tmp_path, capsys):
    records = tmp_path / "records.json"
    board.to_json(records, orient="records")  # pandas drops the index here
    with pytest.raises(ValueError, match="holds numbers .* not in the file .*orient='records'"):
        io.read_scores(records)
    values = tmp_path / "values.json"
    board.to_json(values, orient="values")
    with pytest.raises(ValueError, match="hold no model or task names"):
        io.read_scores(values)
    board.reset_index().to_json(records, orient="records")  # the names kept as a column: read
    _same(io.read_scores(records)[0], board)
    out = tmp_path / "r.json"
    code, _, err = _rated(capsys, values, "--json", out)
    assert code == 2 and err.count("\n") == 1 and not out.exists()


def test_a_transposed_csv_is_read_transposed_and_said(board, tmp_path, capsys):
    path = tmp_path / "t.csv"
    board.rename_axis(None).T.to_csv(path)  # the first header cell is empty
    assert path.read_text().startswith(",gpt-4o-mini")
    read, notes = io.read_scores(path)
    _same(read, board)
    assert notes[0].startswith("the models are the columns (the row names are metric or benchmark names)")
    code, out, err = _rated(capsys, path)
    assert code == 0 and f"{len(MODELS)} agents x 3 tasks" in out and "--models rows" in err
    assert io.read_scores(path, models="rows")[0].shape == (3, len(MODELS))  # asked for: obeyed
    picked, _ = io.read_scores(path, tasks="win_rate,arena_hard")  # the tasks are picked once it is turned
    assert picked.columns.tolist() == ["win_rate", "arena_hard"] and picked.shape[0] == len(MODELS)


def test_evidence_both_ways_is_refused_with_the_option_that_settles_it(board, tmp_path, capsys):
    path = tmp_path / "t.csv"
    turned = board.T
    turned.index.name = "model"  # rows headed 'model', but they are metric names
    turned.to_csv(path)
    with pytest.raises(
        ValueError, match="cannot tell which axis holds the models.*--models rows or --models"
    ):
        io.read_scores(path)
    out = tmp_path / "r.json"
    code, _, err = _rated(capsys, path, "--json", out)
    assert code == 2 and err.count("\n") == 1 and "--models rows or --models columns" in err
    assert not out.exists()
    assert _rated(capsys, path, "--models", "columns")[0] == 0
    unclear = tmp_path / "u.json"
    pd.DataFrame({"ROCKET": {"Adiac": 0.5, "Beef": 0.7}, "HC2": {"Adiac": 0.6, "Beef": 0.8}}).to_json(unclear)
    with pytest.raises(ValueError, match="could be either pandas orient.*--models rows or --models columns"):
        io.read_scores(unclear)
    assert io.read_scores(unclear, models="columns")[0].index.tolist() == ["ROCKET", "HC2"]


def test_orientation_is_decided_before_a_missing_score_stops_the_read(board, tmp_path, capsys):
    table = board.copy()
    table.iloc[2, 1] = np.nan
    path = tmp_path / "t.csv"
    table.rename_axis(None).T.to_csv(path)
    code, _, err = _rated(capsys, path)
    assert code == 2 and err.count("\n") == 1
    assert f"no score for {MODELS[2]!r} on 'lc_win_rate'" in err  # a model on a task, not the reverse
    assert "--missing drop-models, drop-tasks, block" in err


@pytest.mark.parametrize("kind", ["gz", "bz2", "xz", "zip"])
def test_compressed_tables_are_read_through(board, tmp_path, kind, capsys):
    plain = tmp_path / "b.csv"
    board.to_csv(plain)
    path = tmp_path / f"b.csv.{kind}"
    board.to_csv(path)  # pandas compresses by the suffix
    _same(io.read_scores(path)[0], board)
    code, out, _ = _rated(capsys, path)
    assert code == 0
    rows = slice(1, len(MODELS) + 3)  # the table (not the timings under it)
    assert out.splitlines()[rows] == _rated(capsys, plain)[1].splitlines()[rows]
    if kind == "zip":
        with zipfile.ZipFile(tmp_path / "two.zip", "w") as archive:
            archive.write(plain, "a.csv")
            archive.write(plain, "b.csv")
        with pytest.raises(ValueError, match="must hold exactly one table; it holds 2"):
            io.read_scores(tmp_path / "two.zip")
    assert {"gz": gzip, "bz2": bz2, "xz": lzma, "zip": zipfile}[kind]  # the standard library reads each


def _long(tmp_path, names=("model", "dataset", "resample", "accuracy")):
    rng = np.random.default_rng(1)
    rows = [
        (m, d, r, rng.uniform(0.5, 1) + 0.05 * k)
        for k, m in enumerate(["ROCKET", "HC2", "InceptionTime", "TSF"])
        for d in ["ACSF1", "Adiac", "Beef"]
        for r in range(5)
    ]
    path = tmp_path / "long.csv"
    pd.DataFrame(rows, columns=list(names)).to_csv(path, index=False)
    return path


def test_long_tables_with_common_names_are_recognised(tmp_path, capsys):
    path = _long(tmp_path)
    table, notes = io.read_scores(path)
    assert table.shape == (4, 3) and "resample" in notes[0]
    code, out, err = _rated(capsys, path)
    assert code == 0 and "4 agents x 3 tasks" in out and "60 scores, 5 resamples per model and task" in err


def test_long_tables_with_any_names_are_read_with_the_column_options(tmp_path, capsys):
    path = _long(tmp_path, ("clf", "ds", "rep", "acc"))
    code, _, err = _rated(capsys, path)
    assert code == 2 and err.count("\n") == 1
    assert "line 3: duplicate agent name 'ROCKET' (first at line 2)" in err and "--model-col" in err
    code, _, err = _rated(capsys, path, "--model-col", "clf", "--task-col", "ds", "--score-col", "acc")
    assert code == 2 and "--replicate-col" in err and "'n' column" not in err.split("or add")[0]
    args = ("--model-col", "clf", "--task-col", "ds", "--score-col", "acc", "--replicate-col", "rep")
    code, out, _ = _rated(capsys, path, *args)
    assert code == 0 and "4 agents x 3 tasks" in out
    found = io.read_replicates(path, model="clf", task="ds", score="acc", replicate="rep")
    assert found.table().shape == (4, 3) and found.column == "rep"
    code, _, err = _rated(capsys, path, "--model-col", "classifier")
    assert code == 2 and "--model-col 'classifier': no such column" in err


def test_missing_block_keeps_a_complete_block(tmp_path, capsys):
    rng = np.random.default_rng(2)
    values = rng.uniform(size=(12, 9))
    values[0, :] = np.nan  # a model with no scores at all
    values[:, 0] = np.nan  # a task nobody ran
    values[5, 4] = np.nan
    path = tmp_path / "sparse.csv"
    pd.DataFrame(values, index=[f"m{i}" for i in range(12)], columns=[f"t{j}" for j in range(9)]).to_csv(path)
    for rule in ("drop-models", "drop-tasks"):  # all-or-nothing: nothing left
        with pytest.raises(ValueError, match="nothing left to rate.*--missing block"):
            io.read_scores(path, missing=rule)
    table, notes = io.read_scores(path, missing="block")
    assert not table.isna().any().any() and table.size >= 10 * 8
    assert "m0" not in table.index and "t0" not in table.columns
    assert any(n.startswith("--missing block: kept") for n in notes)
    rows, cols = io.largest_block(np.isnan(values))
    assert not np.isnan(values[np.ix_(rows, cols)]).any()


def test_lower_better_columns_are_negated(tmp_path, capsys):
    rng = np.random.default_rng(3)
    frame = pd.DataFrame(
        {"accuracy": rng.uniform(50, 90, 6), "latency_s": rng.uniform(1, 30, 6)},
        index=pd.Index([f"m{i}" for i in range(6)], name="model"),
    )
    path = tmp_path / "mixed.csv"
    frame.to_csv(path)
    table, notes = io.read_scores(path, lower_better="latency_s")
    np.testing.assert_allclose(table["latency_s"], -frame["latency_s"])
    assert any("lower is better on 'latency_s'" in n for n in notes)
    fast = _read(path, lower_better="latency_*").scores
    np.testing.assert_allclose(fast[:, 1], -frame["latency_s"])
    only_latency = tmp_path / "latency.csv"
    frame[["latency_s"]].assign(cost=frame["latency_s"] * 2).to_csv(only_latency)
    code, out, _ = _rated(capsys, only_latency, "--lower-better", "latency_s,cost")
    assert code == 0
    best = frame["latency_s"].idxmin()
    assert out.splitlines()[3].split()[1] == best  # the fastest model ranks first
    code, _, err = _rated(capsys, path, "--lower-better", "latncy_s")
    assert code == 2 and "did you mean 'latency_s'?" in err


@pytest.mark.parametrize(
    "args, message",
    [
        (["--missing", "fill:abc"], "fill value must be a number"),
        (["--missing", "dorp-models"], "missing must be one of"),
        (["--by", "category"], "--by is for battle records"),
        (["--bootstraps", "10"], "did you mean --bootstrap?"),
    ],
)
def test_options_that_would_be_ignored_are_refused(board, tmp_path, capsys, args, message):
    path = tmp_path / "b.csv"
    board.to_csv(path)
    out = tmp_path / "r.json"
    code, _, err = _rated(capsys, path, *args, "--json", out)
    assert code == 2 and err.count("\n") == 1 and message in err and not out.exists()


def test_a_long_table_without_a_models_task_names_its_file(tmp_path, capsys):
    path = _long(tmp_path)
    frame = pd.read_csv(path)
    frame[~((frame["model"] == "HC2") & (frame["dataset"] == "Beef"))].to_csv(path, index=False)
    code, _, err = _rated(capsys, path)
    assert code == 2 and err.count("\n") == 1
    assert f"{path}: no score for 'HC2' on 'Beef'" in err and "--missing" in err


# What a review of the readers above found (each rated right on 8b3af28, or misread by the first draft).


def _csv(tmp_path, name: str, frame: pd.DataFrame, **options) -> str:
    path = tmp_path / name
    frame.to_csv(path, **options)
    return str(path)


def test_a_wide_table_with_long_sounding_columns_stays_wide(tmp_path, capsys):
    lb = pd.DataFrame(
        {"model": list("abc"), "category": list("xyz"), "score": [0.5, 0.6, 0.7], "mmlu": [0.6, 0.5, 0.8]}
    )
    table, notes = io.read_scores(_csv(tmp_path, "lb.csv", lb, index=False))
    assert table.columns.tolist() == ["score", "mmlu"] and "skipped non-numeric column 'category'" in notes
    rows = [(m, d, a, a - 0.01, a + 0.02) for m in ("RF", "SVM") for d, a in (("iris", 0.9), ("wine", 0.8))]
    multi = pd.DataFrame(rows, columns=["method", "dataset", "accuracy", "f1", "auc"])
    path = _csv(tmp_path, "multi.csv", multi, index=False)
    code, _, err = _rated(capsys, path)  # not silently rated on accuracy alone: asks which metrics
    assert code == 2 and "has 3 columns of numbers beside its models and tasks" in err
    assert "rate one with --metric 'accuracy'" in err and "--metric 'accuracy,f1'" in err
    code, _, err = _rated(capsys, path, "--metric", "accuracy,f1")  # each metric of each task a task
    assert code == 0 and "rated 'accuracy', 'f1' (each metric of each task a task of its own)" in err
    code, _, err = _rated(capsys, path, "--score-col", "f1")
    assert code == 0 and "columns not rated (a long table rates 'f1'): accuracy, auc" in err
    assert _rated(capsys, _long(tmp_path), "--layout", "wide")[0] == 2  # --layout wide is obeyed


def test_excluded_columns_may_hold_text(tmp_path, capsys):
    path = tmp_path / "params.csv"
    path.write_text("model,t1,t2,t3,params\na,.1,.5,.3,7\nb,.5,.2,.6,13\nc,.9,.8,.1,70B\n")
    assert io.read_scores(path, exclude="params")[0].shape == (3, 3)
    assert io.read_scores(path, tasks="t*")[0].shape == (3, 3)


def test_json_of_a_frame_with_a_model_column_and_the_default_index(tmp_path):
    frame = pd.DataFrame({"model": ["gpt-4o", "claude-3-opus", "llama-3-70b"], "mmlu": [0.8, 0.7, 0.6]})
    frame["gsm8k"] = [0.9, 0.6, 0.7]
    for orient in ("split", "columns", "index", "records", "table"):
        path = tmp_path / f"{orient}.json"
        frame.to_json(path, orient=orient)
        read, _ = io.read_scores(path)
        assert read.index.tolist() == frame["model"].tolist(), orient
        np.testing.assert_allclose(read.to_numpy(dtype=float), frame[["mmlu", "gsm8k"]].to_numpy())


@pytest.mark.parametrize(
    "frame",
    [
        pd.DataFrame(
            {"p1": [1, 1, 1, 1], "p2": [0, 1, 0, 1], "p3": [1, 0, 0, 0]}, index=["m1", "m2", "m3", "m4"]
        ),
        pd.DataFrame(
            {"t1": [0.1, 0.2], "t2": [0.3, 0.2]},
            index=pd.Index(["accuracy-bot", "score-model"], name="model"),
        ),
        pd.DataFrame(
            {"ruler_1m": [0.1, 0.2], "needle_2m": [0.3, 0.2]}, index=pd.Index(["a", "b"], name="agent")
        ),
        pd.DataFrame({"2024-01-15": [0.1, 0.2], "2024-02-15": [0.3, 0.2]}, index=["ours", "baseline"]),
        pd.DataFrame(
            {"task1": [0.1, 0.3], "task2": [0.2, 0.2]}, index=pd.Index([0.0, 0.5], name="temperature")
        ),
    ],
    ids=["pass-fail", "model-header", "context-lengths", "dates", "a-sweep"],
)
def test_ordinary_tables_are_read_with_their_rows_as_models(tmp_path, frame):
    read, notes = io.read_scores(_csv(tmp_path, "t.csv", frame))
    assert read.shape == frame.shape and not any(n.startswith("read ") for n in notes)


def test_a_turned_table_sets_its_standard_error_rows_aside(tmp_path, capsys):
    path = tmp_path / "se.csv"
    path.write_text(
        "task,a,b,c\nmmlu,.5,.6,.7\nmmlu_stderr,.01,.02,.01\ngsm8k,.3,.4,.2\ngsm8k_stderr,.02,.02,.03\n"
    )
    read = io.read_scores_with_errors(path)
    assert read.scores.columns.tolist() == ["mmlu", "gsm8k"] and read.error_columns == {
        "mmlu": "mmlu_stderr",
        "gsm8k": "gsm8k_stderr",
    }
    np.testing.assert_allclose(read.standard_errors["gsm8k"], [0.02, 0.02, 0.03])


def test_long_json_and_replicate_options(tmp_path, capsys):
    frame = pd.read_csv(_long(tmp_path, ("clf", "ds", "rep", "acc")))
    path = tmp_path / "long.json"
    frame.to_json(path, orient="records")
    args = ("--model-col", "clf", "--task-col", "ds", "--score-col", "acc", "--replicate-col", "rep")
    code, out, err = _rated(capsys, path, *args)
    assert code == 0 and "4 agents x 3 tasks" in out and "5 reps per model and task" in err
    code, _, err = _rated(capsys, path, *args[:6], "--replicate-col", "seed")
    assert code == 2 and "--replicate-col 'seed': no such column" in err
    frame.iloc[:-5].to_csv(tmp_path / "gap.csv", index=False)  # one model and task without scores
    code, _, err = _rated(  # a fill is in the table's units: negated with its task
        capsys, tmp_path / "gap.csv", *args, "--lower-better", "Beef", "--missing", "fill:0.5", "--json", path
    )
    assert code == 0 and "filled 1 missing score(s) with 0.5" in err
    table = json.loads(path.read_text())["game"]["table"]
    assert -0.5 in [v for row in table for v in row]


def test_the_built_in_dataset_takes_lower_better(capsys):
    code, _, err = _rated(capsys, "--dataset", "atari", "--game", "2p", "--lower-better", "pong")
    assert code == 0 and "lower is better on 'pong'" in err
    assert _rated(capsys, "--dataset", "atari", "--lower-better", "pongg")[0] == 2
    assert _rated(capsys, "--dataset", "atari", "--model-col", "x")[0] == 2


def test_rows_read_as_models_by_default_are_said_unless_the_table_says_so(tmp_path):
    # nothing names either axis (a header 'Approach', code names): rows are models, said and pinnable
    path = tmp_path / "t.csv"
    path.write_text("Approach,ROCKET,HC2\nAdiac,0.5,0.6\nBeef,0.7,0.8\nCar,0.4,0.9\n")
    reading = io.read(str(path), io.ReadOptions(higher_better="*"))
    (said,) = [a for a in reading.assumed if a.topic == "orientation"]
    assert said.decision == "the models are the rows" and said.pin == "models='rows'"  # the API's spelling
    with pytest.raises(ValueError, match="strict: reading it would assume the models are the rows"):
        io.read(str(path), io.ReadOptions(higher_better="*", strict=True))
    pinned = io.read(str(path), io.ReadOptions(higher_better="*", strict=True, models="rows"))
    assert pinned.models == ["Adiac", "Beef", "Car"]
    # the same rows under a 'model' header, or under metric-named columns, say it themselves
    for header, options in (("model,ROCKET,HC2", {"higher_better": "*"}), ("Approach,accuracy,MAE", {})):
        path.write_text("\n".join([header, *path.read_text().splitlines()[1:]]) + "\n")
        reading = io.read(str(path), io.ReadOptions(**options))
        assert reading.models == ["Adiac", "Beef", "Car"]
        assert not [a for a in reading.assumed if a.topic == "orientation"]


@pytest.mark.parametrize(
    "rows, turned",
    [
        (["Alien-v5", "Pong-v5", "HalfCheetah-v4"], True),  # gym environments: tasks
        (["hopper-medium-replay-v2", "walker2d-medium-v2", "halfcheetah-expert-v2"], True),  # D4RL's
        (["msmarco-MiniLM-L6-v3", "msmarco-roberta-base-v3", "msmarco-distilbert-base-v4"], False),  # models
    ],
)
def test_environment_ids_are_tasks_and_versioned_model_names_are_not(tmp_path, rows, turned):
    path = tmp_path / "t.csv"
    path.write_text("," + "run_a,run_b\n" + "".join(f"{r},{k + 1},{k + 2}\n" for k, r in enumerate(rows)))
    reading = io.read(str(path), io.ReadOptions(higher_better="*"))
    assert reading.models == (["run_a", "run_b"] if turned else rows)


def test_rows_of_datasets_and_columns_of_metrics_name_no_models_and_are_refused(tmp_path, capsys):
    # one system's results as ESPnet's result pages write them: test sets x sclite's columns
    path = tmp_path / "wer.csv"
    path.write_text("dataset,Snt,Wrd,Corr,Sub,Del,Ins,Err,S.Err\n"
                    "dev_clean,2703,54402,94.6,5.0,0.3,0.8,6.1,55.4\n"
                    "test_clean,2620,52576,94.4,5.1,0.4,0.8,6.3,56.1\n")  # fmt: skip
    with pytest.raises(
        ValueError, match=r"headed 'dataset', but the column names include metric names \('Err'"
    ):
        io.read(str(path))
    code, _, err = _rated(capsys, path)
    assert code == 2 and err.count("\n") == 1 and "--models rows or --models columns" in err

"""Readers: a wide text table is parsed once, by the strict reader; other layouts by pandas."""

import pytest

import jaxrate.battles
from jaxrate import io
from jaxrate.io import _cells, _table_formats


def _no_frame(*args, **kwargs):
    raise AssertionError("a wide text table went through the pandas reader too")


def test_wide_csv_is_parsed_once_by_the_strict_reader(tmp_path, monkeypatch):
    path = tmp_path / "wide.csv"
    path.write_text("model;t1;t2\nA;1,5;2\nB;0;1\n")
    monkeypatch.setattr(_table_formats, "read_frame", _no_frame)
    table, notes = io.read_scores(path, decimal=",")
    assert table.index.tolist() == ["A", "B"] and table.columns.tolist() == ["t1", "t2"]
    assert table.loc["A", "t1"] == 1.5 and [n.topic for n in notes] == ["direction"]  # assumed, and said


def test_wide_csv_errors_name_the_line(tmp_path):
    path = tmp_path / "ragged.csv"
    path.write_text("model,t1,t2\nA,1,2,3\nB,0,1\n")
    with pytest.raises(ValueError, match="line 2 has 4 fields but the header has 3"):
        io.read_scores(path)
    path.write_text("model,t1,t2\nA,1,\nB,0,1\n")
    with pytest.raises(ValueError, match="line 2: no score for 'A' on 't2'.*--missing drop-models"):
        io.read_scores(path)


def test_long_csv_goes_through_pandas(tmp_path):
    path = tmp_path / "long.csv"
    path.write_text("model,task,score\nA,t1,1\nA,t2,0\nB,t1,0\nB,t2,1\n")
    table, _ = io.read_scores(path)
    assert table.to_numpy().tolist() == [[1.0, 0.0], [0.0, 1.0]]


def test_cli_parses_a_wide_csv_once_even_when_its_rows_look_like_tasks(tmp_path, monkeypatch, capsys):
    from jaxrate.cli import main

    path = tmp_path / "games.csv"
    path.write_text("game,a,b,c\ng1,0,1,0.5\ng2,1,0,0.5\ng3,0.5,0.5,1\n")
    calls = []
    strict = _cells.read_rows
    counted = lambda *a, **k: calls.append(1) or strict(*a, **k)  # noqa: E731
    monkeypatch.setattr(_cells, "read_rows", counted)  # the one parse of the file's cells
    monkeypatch.setattr(_table_formats, "read_frame", _no_frame)
    assert main(["rate", str(path), "--game", "2p"]) == 0
    assert len(calls) == 1
    assert "assumed: the models are the columns (the row names are headed 'game')" in capsys.readouterr().err


@pytest.mark.parametrize("marker", ["-", "NA", "n/a", "nan", "", "null"])
def test_missing_markers_are_missing_in_every_reader(tmp_path, marker):
    wide = tmp_path / "wide.csv"
    wide.write_text(f"model,t1,t2\nA,1,{marker}\nB,0,1\n")
    long = tmp_path / "long.csv"
    long.write_text(f"model,task,score\nA,t1,1\nA,t2,{marker}\nB,t1,0\nB,t2,1\n")
    for path in (wide, long):
        with pytest.raises(ValueError, match="'A'.*'t2'.*--missing drop-models"):
            io.read_scores(path)
        table, notes = io.read_scores(path, missing="fill:0.25")
        assert table.loc["A", "t2"] == 0.25 and table.loc["B", "t2"] == 1.0


def test_scores_too_large_to_rate_are_refused_by_line(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("model,t1,t2\nA,1,0\nB,-5e299,1\n")
    assert io.read_scores(path)[0].loc["B", "t1"] == -5e299  # within MAX_SCORE (1e300)
    path.write_text("model,t1,t2\nA,1,0\nB,-2e300,1\n")
    with pytest.raises(ValueError, match=r"line 3: score for 'B' on 't1' is too large to rate: '-2e300'"):
        io.read_scores(path)


def test_far_outliers_name_the_score_and_its_task():
    scores = [[0.1, 1e9], [0.9, 0.2], [0.5, 0.4], [0.7, 0.3]]
    found = io.far_outliers(scores, ["a", "b", "c", "d"], ["t1", "t2"])
    assert found == [
        "score of 'a' on 't2' is 1e+09, far outside the other scores of 't2' (0.2 to 0.4): a units mistake?"
    ]
    assert io.far_outliers([[0.0, 1.0], [0.0, 2.0], [5.0, 3.0]], ["a", "b", "c"], ["t1", "t2"]) == []


@pytest.mark.parametrize("suffix, where", [(".csv", "line 3"), (".jsonl", "record 2"), (".xlsx", "row 3")])
def test_battle_errors_number_records_as_the_file_does(tmp_path, suffix, where):
    import pandas as pd

    frame = pd.DataFrame({"model_a": ["a", "b"], "model_b": ["b", "c"], "winner": ["model_a", "nobody"]})
    path = tmp_path / f"b{suffix}"
    if suffix == ".csv":
        frame.to_csv(path, index=False)
    elif suffix == ".jsonl":
        frame.to_json(path, orient="records", lines=True)
    else:
        frame.to_excel(path, index=False)
    with pytest.raises(ValueError, match=f"{where}: winner 'nobody' is not one of model_a, a, model_b"):
        jaxrate.battles.read_battles(path)

"""Readers: a wide text table is parsed once, by the strict reader; other layouts by pandas."""

import pytest

from jaxrate import io
from jaxrate.io import _scores


def _no_frame(*args, **kwargs):
    raise AssertionError("a wide text table went through the pandas reader too")


def test_wide_csv_is_parsed_once_by_the_strict_reader(tmp_path, monkeypatch):
    path = tmp_path / "wide.csv"
    path.write_text("model;t1;t2\nA;1,5;2\nB;0;1\n")
    monkeypatch.setattr(_scores, "read_frame", _no_frame)
    table, notes = io.read_scores(path, decimal=",")
    assert table.index.tolist() == ["A", "B"] and table.columns.tolist() == ["t1", "t2"]
    assert table.loc["A", "t1"] == 1.5 and notes == []


def test_wide_csv_errors_name_the_line(tmp_path):
    path = tmp_path / "ragged.csv"
    path.write_text("model,t1,t2\nA,1,2,3\nB,0,1\n")
    with pytest.raises(ValueError, match="line 2 has 4 fields but the header has 3"):
        io.read_scores(path)
    path.write_text("model,t1,t2\nA,1,\nB,0,1\n")
    with pytest.raises(ValueError, match="missing score for 'A' on 't2'.*--missing drop-models"):
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
    strict = _scores.read_score_csv
    counted = lambda *a, **k: calls.append(1) or strict(*a, **k)  # noqa: E731
    monkeypatch.setattr(_scores, "read_score_csv", counted)
    monkeypatch.setattr(io, "read_score_csv", counted)
    monkeypatch.setattr(_scores, "read_frame", _no_frame)
    assert main(["rate", str(path), "--game", "2p"]) == 0
    assert len(calls) == 1
    assert "the rows look like tasks (the row names are headed 'game')" in capsys.readouterr().err

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

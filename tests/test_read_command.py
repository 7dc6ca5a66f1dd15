"""``jaxrate read``: every column's role and direction, and why, without rating; a reading saved and
taken back (``rate --reading``) reads the input the same way every time (issue 51)."""

from __future__ import annotations

import json
import os

import pytest

from jaxrate import io
from jaxrate.cli import main

PUBLISHED = os.path.join(os.path.dirname(__file__), "data", "published")
ASR = os.path.join(
    PUBLISHED, "leaderboards", "asr_open_asr_en_shortform", "raw", "scripts", "data", "en_shortform.csv"
)


def _cli(capsys, *argv):
    code = main([*map(str, argv)] + (["--progress", "never"] if argv[0] == "rate" else []))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_read_says_each_column_s_role_and_direction_and_why(capsys):
    code, out, err = _cli(capsys, "read", ASR, "--exclude", "RTFx")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "en_shortform.csv: 86 models x 8 tasks"
    rows = {line.split()[0]: line for line in lines if line.split() and line.split()[0] in ("AMI", "RTFx")}
    assert "score" in rows["AMI"] and "lower" in rows["AMI"] and "assumed: by name" in rows["AMI"]
    assert "excluded" in rows["RTFx"]
    assert any(line.startswith("assumed: lower is better on 'AMI WER'") for line in lines)


def test_a_saved_reading_reads_the_same_way_and_refuses_what_changed(capsys, tmp_path):
    board = tmp_path / "board.csv"
    board.write_text("model,math,code\na,0.8,0.6\nb,0.5,0.4\nc,0.6,0.9\n")
    saved = tmp_path / "reading.json"
    code, out, _ = _cli(capsys, "read", board, "--save", saved)
    assert code == 0 and f"--reading {saved} reads it the same way" in out
    document = json.loads(saved.read_text())
    assert document["format"] == "jaxrate-reading" and [c["name"] for c in document["columns"]] == [
        "math",
        "code",
    ]
    code, out, err = _cli(capsys, "rate", board, "--reading", saved, "--strict")  # pinned: nothing assumed
    assert code == 0 and "3 agents x 2 tasks" in out and "assumed" not in err
    assert "as reading.json pins it: higher is better on 'math', 'code'" in err
    board.write_text(
        "model,math,code,art\na,0.8,0.6,1\nb,0.5,0.4,2\nc,0.6,0.9,3\n"
    )  # next week: a column more
    code, _, err = _cli(capsys, "rate", board, "--reading", saved)
    assert code == 2 and "the input has a column the saved reading does not: 'art'" in err
    board.write_text("model,math,code_error\na,0.8,0.6\nb,0.5,0.4\nc,0.6,0.9\n")  # a column renamed
    code, _, err = _cli(capsys, "rate", board, "--reading", saved)
    assert code == 2 and "'code_error'" in err and len(err.splitlines()) == 1
    code, _, err = _cli(capsys, "rate", board, "--reading", saved, "--tasks", "math")
    assert code == 2 and "pins how the input is read; --tasks beside it would read it otherwise" in err


def test_a_saved_reading_keeps_its_options_and_a_changed_decision_is_refused(tmp_path):
    from jaxrate.io._saved import apply_saved, reading_document, saved_options

    board = tmp_path / "t.csv"
    board.write_text("game,a,b,c\ng1,0,1,0.5\ng2,1,0,0.5\ng3,0.5,0.5,1\n")  # turned: the rows are games
    options = io.ReadOptions(lower_better="g2", cli=True)
    reading = io.read(str(board), options)
    (tmp_path / "r.json").write_text(json.dumps(reading_document(reading, options, [str(board)])))
    again, document = saved_options(str(tmp_path / "r.json"))
    assert again.lower_better == ("g2",)
    same = apply_saved(io.read(str(board), again), document, "r.json")
    assert not same.assumed and same.models == reading.models
    board.write_text("model,a,b,c\ng1,0,1,0.5\ng2,1,0,0.5\ng3,0.5,0.5,1\n")  # no longer turned
    with pytest.raises(ValueError, match="the input has a column the saved reading does not"):
        apply_saved(io.read(str(board), again.replace(lower_better=None)), document, "r.json")


def test_a_file_that_is_not_a_saved_reading_is_refused(capsys, tmp_path):
    (tmp_path / "r.json").write_text('{"ratings": []}')
    (tmp_path / "s.csv").write_text("model,t\na,1\nb,0\n")
    code, _, err = _cli(capsys, "rate", tmp_path / "s.csv", "--reading", tmp_path / "r.json")
    assert code == 2 and "not a saved reading (write one with jaxrate read INPUT --save FILE)" in err

"""Publishers' own tables (issue 31): text columns, --tasks/--exclude, standard errors, decimal commas.

The AlpacaEval-shaped tables copy the header of AlpacaEval 2's leaderboard CSV (its
first header cell is empty) with rows made up here: its data are CC BY-NC.
"""

import json

import numpy as np
import pytest

from jaxrate import io, uncertainty
from jaxrate.cli import main
from jaxrate.io import _table_formats

HEADER = (
    ",win_rate,standard_error,n_wins,n_wins_base,n_draws,n_total,discrete_win_rate,mode,avg_length,"
    "length_controlled_winrate,lc_standard_error"
)
ROWS = [
    "alpha,60.0,1.5,480,320,5,805,59.9,verified,2100,55.0,0.8",
    "beta,45.0,1.6,360,440,5,805,44.9,community,1800,50.0,0.7",
    "gamma,30.0,1.4,240,560,5,805,30.1,community,1500,35.0,0.9",
    "delta,20.0,1.2,160,640,5,805,20.2,minimal,900,25.0,0.6",
]
BOTH = "win_rate,length_controlled_winrate"


@pytest.fixture
def board(tmp_path):
    path = tmp_path / "board.csv"
    path.write_text("\n".join([HEADER, *ROWS]) + "\n")
    return path


@pytest.fixture
def holes(tmp_path):
    """The board with no length-controlled standard error for gamma and delta (as AlpacaEval's own)."""
    path = tmp_path / "holes.csv"
    path.write_text("\n".join([HEADER, *ROWS[:2], *(r.rsplit(",", 1)[0] + "," for r in ROWS[2:])]) + "\n")
    return path


def _run(capsys, *argv):
    code = main([str(a) for a in argv] + ["--progress", "never"] * (argv[0] == "rate"))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_board_rates_its_numeric_columns_with_text_skipped_and_standard_errors_set_aside(board):
    read = io.read_scores_with_errors(board)
    # counts (n_*) and lengths are not scores (issue 42: they were rated, and outweighed the win rates)
    assert read.scores.columns.tolist() == ["win_rate", "discrete_win_rate", "length_controlled_winrate"]
    assert read.scores.index.tolist() == ["alpha", "beta", "gamma", "delta"]
    assert read.error_columns == {
        "win_rate": "standard_error",
        "length_controlled_winrate": "lc_standard_error",
    }
    se = read.standard_errors
    assert se.shape == read.scores.shape and se["win_rate"].tolist() == [1.5, 1.6, 1.4, 1.2]
    assert se["length_controlled_winrate"].tolist() == [0.8, 0.7, 0.9, 0.6]
    assert se["discrete_win_rate"].isna().all()
    assumed = [n for n in read.notes if isinstance(n, io.Assumed)]  # the vocabulary's decisions, said
    assert [(a.topic, a.decision) for a in assumed] == [
        ("direction", "higher is better on 'win_rate', 'discrete_win_rate', 'length_controlled_winrate'"),
        ("columns", "left out 'n_wins', 'n_wins_base', 'n_draws', 'n_total'"),
        ("columns", "left out 'avg_length'"),
    ]
    assert assumed[1].evidence == "by name: counts, not tasks" and assumed[1].pin.startswith("exclude=")
    said = [n for n in read.notes if not isinstance(n, io.Assumed)]
    pairs = "'standard_error' of 'win_rate', 'lc_standard_error' of 'length_controlled_winrate'"
    assert said[0] == "skipped non-numeric column 'mode'" and pairs in said[1]
    assert len(read.notes) == 5  # no scale warning: the counts and lengths are not rated
    table, notes = io.read_scores(board)  # the return type is unchanged: (table, notes)
    assert table.equals(read.scores) and notes == read.notes


def test_tasks_pick_the_scores_and_bring_their_standard_errors(board):
    read = io.read_scores_with_errors(board, tasks=BOTH)
    assert read.scores.to_numpy().tolist() == [[60, 55], [45, 50], [30, 35], [20, 25]]
    assert read.standard_errors.to_numpy().tolist() == [[1.5, 0.8], [1.6, 0.7], [1.4, 0.9], [1.2, 0.6]]
    assert len(read.notes) == 2 and read.notes[1].startswith("standard errors, not rated")  # no mode, scale
    assert read.notes[0].topic == "direction" and read.notes[0].decision.startswith(
        "higher is better on 'win_rate'"
    )
    picked, _ = io.read_scores(board, tasks=["length_controlled_winrate", "win_rate"])  # in the file's order
    assert picked.columns.tolist() == ["win_rate", "length_controlled_winrate"]


def test_globs_pick_score_columns_never_standard_errors(board):
    table, _ = io.read_scores(board, tasks="*win*rate*")
    assert table.columns.tolist() == ["win_rate", "discrete_win_rate", "length_controlled_winrate"]
    table, _ = io.read_scores(board, tasks="*")
    assert "standard_error" not in table.columns and "lc_standard_error" not in table.columns
    with pytest.raises(
        ValueError, match=r"board.csv: tasks='elo\*' matches no column \(columns: win_rate, n_wins"
    ):
        io.read_scores(board, tasks="elo*")
    with pytest.raises(ValueError, match="tasks='.*error' matches no column"):
        io.read_scores(board, tasks="*error")


def test_exclude_leaves_out_columns_and_a_standard_error_with_them(board):
    read = io.read_scores_with_errors(board, exclude="n_*, avg_length,discrete_win_rate")
    assert read.scores.columns.tolist() == ["win_rate", "length_controlled_winrate"]
    assert "skipped non-numeric column 'mode'" in read.notes  # not excluded: skipped, and said
    read = io.read_scores_with_errors(board, tasks=BOTH, exclude="lc_standard_error")
    assert read.error_columns == {"win_rate": "standard_error"}
    assert read.standard_errors["length_controlled_winrate"].isna().all()
    read = io.read_scores_with_errors(board, tasks="win_rate", exclude="standard_error")
    assert read.standard_errors is None and [
        a.topic for a in io.read(board, io.ReadOptions(tasks="win_rate")).assumed
    ] == ["direction"]
    with pytest.raises(ValueError, match="exclude='n_win': no such column; did you mean 'n_wins'"):
        io.read_scores(board, exclude="n_win")
    with pytest.raises(ValueError, match="no score columns left to rate after tasks/exclude"):
        io.read_scores(board, tasks="win_rate", exclude="win_*")


def test_an_unknown_task_names_the_columns_and_the_closest(board, capsys, tmp_path):
    with pytest.raises(ValueError) as caught:
        io.read_scores(board, tasks="win_rate,lenght_controlled_winrate")
    message = str(caught.value)
    assert (
        "tasks='lenght_controlled_winrate': no such column; did you mean 'length_controlled_winrate'?"
        in message
    )
    assert message.endswith(
        "(columns: win_rate, n_wins, n_wins_base, n_draws, n_total, discrete_win_rate, mode, "
        "avg_length, length_controlled_winrate)"
    )
    with pytest.raises(
        ValueError, match="'standard_error' holds the standard errors of 'win_rate', not scores"
    ):
        io.read_scores(board, tasks="standard_error")
    out_json = tmp_path / "r.json"
    code, out, err = _run(capsys, "rate", board, "--tasks", "win_rat", "--json", out_json)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "board.csv: --tasks 'win_rat': no such column; did you mean 'win_rate'?" in err
    assert not out_json.exists()


def test_a_text_column_is_skipped_but_a_typo_in_a_column_of_numbers_is_an_error(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("model,math,notes,code\na,0.5,good,0.25\nb,0.75,,1\nc,0.5,fine,0.5\n")
    table, notes = io.read_scores(path)
    assert table.columns.tolist() == ["math", "code"] and notes[1:] == ["skipped non-numeric column 'notes'"]
    with pytest.raises(
        ValueError,
        match=r"s.csv: line 2: score for 'a' on 'notes' is not a number: 'good' "
        r"\('notes' is a column of text\)",
    ):
        io.read_scores(path, tasks="math,notes")  # named: not dropped in silence
    path.write_text("model,math,code\na,0.5,0.25\nb,O.75,1\nc,0.5,0.5\n")
    with pytest.raises(ValueError, match=r"s.csv: line 3: score for 'b' on 'math' is not a number: 'O.75'"):
        io.read_scores(path)
    path.write_text("model,math,code\na,50%,0.25\nb,75%,1\n")  # a percent is its number, and said
    table, notes = io.read_scores(path)
    assert table["math"].tolist() == [50.0, 75.0]
    assert "read the percents of 'math' as their numbers ('50%' is 50)" in notes
    path.write_text("model,kind,family\na,chat,x\nb,base,y\n")
    with pytest.raises(
        ValueError, match=r"no column of numbers to rate \('kind', 'family' hold text, such as"
    ):
        io.read_scores(path)


def test_text_columns_of_other_formats_are_skipped_too(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps([{"model": "a", "mode": "x", "t": 0.5}, {"model": "b", "mode": "y", "t": 1}]))
    table, notes = io.read_scores(path)
    assert table.to_numpy().tolist() == [[0.5], [1.0]] and notes[1:] == ["skipped non-numeric column 'mode'"]


def test_semicolons_with_decimal_commas_are_read_without_options(tmp_path, monkeypatch, capsys):
    path = tmp_path / "eu.csv"
    path.write_text("model;math;code\na;0,5;0,25\nb;0,75;1\nc;0;0,5\n")
    monkeypatch.setattr(_table_formats, "read_frame", lambda *a, **k: pytest.fail("read by pandas"))
    table, notes = io.read_scores(path)
    assert table.to_numpy().tolist() == [[0.5, 0.25], [0.75, 1.0], [0.0, 0.5]]
    assert notes[0].decision == "read the numbers with decimal commas (0,5 is one half)"
    assert notes[0].pin == "--decimal ," and [n.topic for n in notes] == ["cells", "direction"]
    again, notes = io.read_scores(path, decimal=",", higher_better="*")  # said: nothing assumed
    assert again.equals(table) and notes == []
    dotted = tmp_path / "dots.csv"
    dotted.write_text("model,math,code\na,0.5,0.25\nb,0.75,1\nc,0,0.5\n")
    code, out, err = _run(capsys, "rate", path, "--json", tmp_path / "eu.json")
    assert (
        code == 0
        and "note: read as semicolon-separated" in err
        and "assumed: read the numbers with decimal commas" in err
    )
    code, _, _ = _run(capsys, "rate", dotted, "--json", tmp_path / "dots.json")
    eu, dots = (json.loads((tmp_path / f"{n}.json").read_text()) for n in ("eu", "dots"))
    assert eu["ratings"]["agent_a"] == pytest.approx(dots["ratings"]["agent_a"], abs=1e-12)
    path.write_text("model;math;code\na;0,5;0.25\nb;0,75;1\n")  # both marks: not guessed
    with pytest.raises(
        ValueError, match=r"line 2: score for 'a' on 'math' is not a number: '0,5'; decimal commas"
    ):
        io.read_scores(path)


def test_a_long_semicolon_table_with_decimal_commas_and_tasks(tmp_path):
    path = tmp_path / "long.csv"
    path.write_text("model;task;score\na;x;0,5\na;y;1\nb;x;0,25\nb;y;0\n")
    monkeypatch_free, notes = io.read_scores(path, tasks="x")
    assert monkeypatch_free.to_numpy().tolist() == [[0.5], [0.25]] and notes[0].topic == "cells"
    with pytest.raises(ValueError, match="tasks='z': no such task"):
        io.read_scores(path, tasks="z")


def test_standard_error_columns_follow_the_naming_rules():
    names = [
        "acc",
        "acc_stderr",
        "f1",
        "se_f1",
        "bleu",
        "se",
        "win_rate",
        "standard_error",
        "math_se",
        "length_controlled_winrate",
        "lc_standard_error",
        "rouge",
        "rouge_standard_error",
    ]
    assert io.standard_error_columns(names) == {
        "acc": "acc_stderr",
        "f1": "se_f1",
        "bleu": "se",
        "win_rate": "standard_error",
        "length_controlled_winrate": "lc_standard_error",
        "rouge": "rouge_standard_error",
    }  # math_se names no column: it is a score
    assert io.standard_error_columns(["stderr", "acc"]) == {}  # nothing to its left
    with pytest.raises(
        ValueError, match="two columns hold the standard errors of 'acc': 'acc_stderr' and 'acc_se'"
    ):
        io.standard_error_columns(["acc", "acc_stderr", "acc_se"])


def test_bootstrap_draws_each_score_from_its_standard_error(board, capsys, tmp_path):
    out_json = tmp_path / "r.json"
    code, out, err = _run(capsys, "rate", board, "--tasks", BOTH, "--bootstrap", "20", "--json", out_json)
    assert code == 0, err
    assert "resamples drawing each score from Normal(score, its standard error)" in " ".join(out.split())
    payload = json.loads(out_json.read_text())
    assert payload["intervals"]["interval_kind"] == "sampling (standard errors)"
    assert payload["standard_errors"] == {
        "win_rate": "standard_error",
        "length_controlled_winrate": "lc_standard_error",
    }
    read = io.read_scores_with_errors(board, tasks=BOTH)
    direct = uncertainty.bootstrap_standard_errors(read.scores, read.standard_errors, resamples=20, seed=0)
    lower = {e["strategy"]: e["lower"] for e in payload["ranking"]}
    upper = {e["strategy"]: e["upper"] for e in payload["ranking"]}
    names = direct.strategies[0]
    assert [lower[n] for n in names] == pytest.approx(direct.lower[0].tolist(), abs=1e-9)
    assert [upper[n] for n in names] == pytest.approx(direct.upper[0].tolist(), abs=1e-9)
    assert np.ptp(direct.samples[0], axis=0).max() > 0  # the draws moved the ratings


def test_bootstrap_refuses_tasks_without_standard_errors(board, holes, capsys, tmp_path):
    out_json = tmp_path / "r.json"
    code, out, err = _run(capsys, "rate", board, "--bootstrap", "5", "--json", out_json)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and not out_json.exists()
    assert "board.csv: --bootstrap draws each score from its standard error, and 'discrete_win_rate'" in err
    assert f"(--tasks {BOTH}), or use --task-subsets N" in err
    # a score without a standard error (AlpacaEval leaves 175 of 223 lc_standard_error empty) is drawn
    # with its column's largest, and the warning says so: wider intervals, never narrower
    code, out, err = _run(capsys, "rate", holes, "--tasks", BOTH, "--bootstrap", "20", "--json", out_json)
    assert code == 0, err
    assert "2 of 4 scores on 'length_controlled_winrate' have no standard error" in err
    assert "draws them with the column's largest, 0.8 (wider intervals, never narrower)" in err
    payload = json.loads(out_json.read_text())
    assert payload["standard_errors_filled"] == {"length_controlled_winrate": 2}
    read = io.read_scores_with_errors(holes, tasks=BOTH)
    filled = read.standard_errors.fillna(read.standard_errors.max())
    direct = uncertainty.bootstrap_standard_errors(read.scores, filled, resamples=20, seed=0)
    lower = {e["strategy"]: e["lower"] for e in payload["ranking"]}
    assert [lower[n] for n in direct.strategies[0]] == pytest.approx(direct.lower[0].tolist(), abs=1e-9)
    code, out, err = _run(
        capsys, "rate", holes, "--tasks", BOTH, "--bootstrap", "5", "--missing", "drop-models"
    )
    assert code == 0 and "dropped 2 model(s) without a standard error, for --bootstrap: gamma, delta" in err
    assert out.startswith("holes.csv: 2 agents x 2 tasks")


def test_tasks_are_for_score_tables(tmp_path, capsys):
    path = tmp_path / "b.csv"
    path.write_text("model_a,model_b,winner\na,b,model_a\nb,a,model_b\n")
    code, out, err = _run(capsys, "rate", path, "--tasks", "x")
    assert code == 2 and "--tasks is for score tables (the tasks rated); b.csv holds battle records" in err
    code, out, err = _run(capsys, "rate", "--dataset", "atari", "--tasks", "pong,astroids", "--game", "2p")
    assert code == 2 and "--tasks 'astroids': no such task; did you mean 'asteroids' or 'asterix'?" in err


def test_a_leaderboard_s_mean_win_rate_is_never_a_task(tmp_path, capsys):
    """HELM's exported tables carry "Mean win rate", an aggregate of the other columns."""
    import pandas as pd

    table = pd.DataFrame(
        {"Mean win rate": [0.9, 0.5, 0.1], "MMLU - EM": [0.7, 0.6, 0.5], "GSM8K - EM": [0.5, 0.6, 0.2]},
        index=pd.Index(["a", "b", "c"], name="Model"),
    )
    table.to_csv(tmp_path / "helm.csv")
    table.to_parquet(tmp_path / "helm.parquet")  # the models are the frame's index
    for name in ("helm.csv", "helm.parquet"):
        scores, notes = io.read_scores(tmp_path / name)
        assert list(scores.index) == ["a", "b", "c"] and list(scores.columns) == ["MMLU - EM", "GSM8K - EM"]
        assert scores.loc["b", "GSM8K - EM"] == 0.6
        assert any("left out 'Mean win rate'" in n for n in notes)
    code, out, err = _run(capsys, "rate", tmp_path / "helm.csv", "--tasks", "Mean win rate")
    assert code == 2 and "aggregate of its other columns" in err and len(err.strip().splitlines()) == 1

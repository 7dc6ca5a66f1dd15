"""Which axis of a score table holds the models: --models, and the evidence that decides it otherwise."""

import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import jaxrate
from jaxrate import io
from jaxrate.cli import main

# The shipped copy of the shared Atari table: 53 games (rows) x 20 agents (columns).
ATARI = Path(jaxrate.__file__).parent / "data" / "atari_normalized.csv"


def test_transposed_evidence():
    rng = np.random.default_rng(0)
    tall = pd.DataFrame(rng.random((40, 4)))  # many more rows than columns: not evidence
    assert io.transposed_evidence(tall, "model") is None
    assert "headed 'Game'" in io.transposed_evidence(tall, "Game")
    normalised = rng.random((5, 6))
    normalised = (normalised - normalised.min(1, keepdims=True)) / np.ptp(normalised, 1, keepdims=True)
    assert "every row" in io.transposed_evidence(normalised)
    assert io.transposed_evidence(normalised.T) is None  # normalised columns: tasks are columns, fine
    both = np.array([[0.0, 1.0, 0.5], [1.0, 0.0, 0.0], [0.5, 0.0, 1.0]])  # rows and columns span [0, 1]
    assert io.transposed_evidence(both) is None


def test_read_scores_models_axis():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        decided, notes = io.read_scores(ATARI)  # the rows are headed 'game' and normalised: turned, said
        columns, _ = io.read_scores(ATARI, models="columns")
        rows, _ = io.read_scores(ATARI, models="rows")
    assert decided.shape == (20, 53) and "human" in decided.index and "pong" in decided.columns
    said = "the models are the columns (the row names are headed 'game')"
    assert any(n.startswith(said) for n in notes)
    assert columns.equals(decided)
    assert rows.shape == (53, 20)
    np.testing.assert_array_equal(columns.to_numpy(), rows.to_numpy().T)
    with pytest.raises(ValueError, match="models must be one of 'rows', 'columns'"):
        io.read_scores(ATARI, models="diagonal")


def test_cli_models_columns_rates_the_atari_agents(capsys, tmp_path):
    assert main(["rate", str(ATARI), "--game", "2p"]) == 0
    out, err = capsys.readouterr()
    assert "20 agents x 53 tasks" in out  # decided from the evidence, and said in one line
    turned, direction = err.splitlines()  # both said: the table turned, and which way the scores point
    assert turned.startswith("jaxrate: assumed: the models are the columns") and "--models rows" in turned
    assert (
        direction.startswith("jaxrate: assumed: higher is better on 'pong'")
        or "higher is better" in direction
    )
    assert main(["rate", str(ATARI), "--game", "2p", "--models", "rows"]) == 0
    assert "53 agents x 20 tasks" in capsys.readouterr().out
    payload = tmp_path / "r.json"
    assert main(["rate", str(ATARI), "--game", "2p", "--models", "columns", "--json", str(payload)]) == 0
    out, err = capsys.readouterr()
    assert "20 agents x 53 tasks" in out and "warning" not in err
    ranking = pd.read_json(payload, typ="series")["ranking"]
    assert sum(entry["rank"] == 1 for entry in ranking) == 4  # the paper: four agents tie for first


def test_cli_models_is_refused_where_there_is_no_table_to_turn(tmp_path, capsys):
    axis = "which axis holds the models"
    battles = tmp_path / "b.csv"
    battles.write_text("model_a,model_b,winner\na,b,model_a\nb,a,tie\n")
    payoffs = tmp_path / "g.npy"
    np.save(payoffs, np.zeros((2, 2, 2)))
    for path, what in ((battles, "battle records"), (payoffs, "a payoff tensor")):
        assert main(["rate", str(path), "--models", "columns"]) == 2
        err = capsys.readouterr().err.strip()
        assert err == f"jaxrate: error: --models is for wide score tables ({axis}); {path.name} holds {what}"


def test_rate_many_applies_models_to_score_tables_only(tmp_path, capsys):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "b.csv").write_text("model_a,model_b,winner\na,b,model_a\nb,a,tie\n")
    pd.DataFrame({"task": ["t1", "t2", "t3"], "A": [1.0, 0.0, 0.5], "B": [0.0, 1.0, 0.5]}).to_csv(
        folder / "s.csv", index=False
    )
    out = tmp_path / "out"
    assert main(["rate-many", str(folder), "--out", str(out), "--models", "columns", "--workers", "1"]) == 0
    capsys.readouterr()
    assert pd.read_json(out / "s.json", typ="series")["ranking"][0]["strategy"] in ("A", "B")
    assert (out / "b.json").exists()

"""The sample inputs the documentation's commands read (``jaxrate sample``, issue 56)."""

from __future__ import annotations

import hashlib
import importlib.util
import re
from pathlib import Path

import pandas as pd
import pytest

import jaxrate
from jaxrate.cli import main
from jaxrate.datasets import LIVEBENCH_URL, SAMPLES, write_sample

ROOT = Path(__file__).resolve().parents[1]
PACKAGED = ROOT / "jaxrate" / "data" / "samples"


def test_the_packaged_samples_are_what_make_samples_writes(tmp_path, monkeypatch):
    """The archives are reproducible from tests/data (nothing in them edited by hand)."""
    spec = importlib.util.spec_from_file_location("make_samples", ROOT / "tests" / "data" / "make_samples.py")
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    monkeypatch.setattr(make, "OUT", tmp_path)
    make.main()
    shipped = {p.name for p in PACKAGED.iterdir() if p.name != "README.md"}
    assert shipped == {name for _, name in SAMPLES.values()} == {p.name for p in tmp_path.iterdir()}
    for name in shipped:
        digest = [hashlib.sha256(f.read_bytes()).hexdigest() for f in (PACKAGED / name, tmp_path / name)]
        assert digest[0] == digest[1], f"{name} differs from what tests/data/make_samples.py writes"


def test_every_sample_is_written_and_rated(tmp_path):
    written = write_sample("all", tmp_path)
    names = {p.name for p in written}
    assert {
        "scores.csv",
        "battles.csv",
        "returns.csv",
        "runs",
        "per_model",
        "logs",
        "benchmark_output",
    } <= names
    assert {"board.csv", "board_last_week.csv", "games", "leaderboard.csv", "long.csv"} <= names
    battles = pd.read_csv(tmp_path / "battles.csv")
    assert len(battles) == 6415 and set(battles.columns) == {"model_a", "model_b", "winner"}
    models = set(battles.model_a) | set(battles.model_b)
    met = {frozenset(p) for p in zip(battles.model_a, battles.model_b)}
    assert len(models) == 10 and len(met) == 45  # every pair of the ten met
    assert write_sample("all", tmp_path) == written  # the same files again: left as they are
    rated = jaxrate.deviation_ratings(jaxrate.battle_game(battles))
    assert rated.ok and max(rated.ratings[0]) == 0.0


def test_a_file_in_the_way_is_never_overwritten(tmp_path):
    (tmp_path / "scores.csv").write_text("model,x\nm,1\n")
    with pytest.raises(ValueError, match="already there and differs"):
        write_sample("scores", tmp_path)
    assert (tmp_path / "scores.csv").read_text() == "model,x\nm,1\n"
    (tmp_path / "runs").mkdir()
    (tmp_path / "runs" / "org__model-a").write_text("a file where the sample has a folder")
    with pytest.raises(ValueError, match="differs"):
        write_sample("lm-eval", tmp_path)
    assert not (tmp_path / "per_model").exists()  # nothing half-written


def test_the_command_lists_writes_and_refuses_in_one_line(tmp_path, capsys):
    assert main(["sample"]) == 0
    listed = capsys.readouterr().out
    assert all(re.search(rf"^{re.escape(name)} ", listed, re.M) for name in SAMPLES)
    assert main(["sample", "battles", str(tmp_path)]) == 0
    assert capsys.readouterr().out == f"wrote {tmp_path / 'battles.csv'}\n"
    assert main(["sample", "battle", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "did you mean 'battles'?" in err


def test_the_livebench_download_the_docs_give_is_the_one_the_package_names():
    pages = [ROOT / "docs" / "howto" / "reports.md"]
    assert all(LIVEBENCH_URL in p.read_text() for p in pages)
    assert "cc3e90832a58b665f7d45ffa0cdcfbbee05e7a36" in LIVEBENCH_URL
    assert main(["reproduce", "livebench", "--out", "x"]) == 2

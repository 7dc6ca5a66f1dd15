"""Rank intervals, tiers and ``--compare`` from every interval source (issue 35).

``tests/test_rank_cli.py`` and ``tests/test_compare_pair.py`` cover item tables, seeds and task
subsets; here are the other sources of resamples: evaluation-harness output as the harnesses wrote
it (``tests/data/harness/``: lm-evaluation-harness and inspect-ai per-sample logs, HELM per-instance
stats: items resampled within each task), battle records (resampled battles, for deviation ratings
and Elo), and score tables with standard errors (each score drawn from its standard error). Each
run writes ``--csv`` and ``--json``; the checks are properties every board must have (rank
intervals that contain the rank, tier 1 at the top, the same numbers in the printed table, the CSV
and the JSON, an honest interval kind), not numbers read off one run. Task subsets, which are no
sampling statement, must say so wherever tiers are shown.
"""

from __future__ import annotations

import csv
import itertools
import json
from pathlib import Path

import numpy as np
import pytest

from jaxrate.cli import main

HARNESS = Path(__file__).parent / "data" / "harness"
RESAMPLES = 100
NOT_SIGNIFICANCE = "these are not significance statements"

# (input, two of its models for --compare): the folders' models are fixed by their READMEs.
HARNESS_RUNS = {
    "lm_eval": (HARNESS / "lm_eval" / "outputs" / "per_model", "org/model-a", "org/model-b"),
    "inspect-eval": (HARNESS / "inspect" / "logs" / "eval", "mockllm/model-a", "mockllm/model-b"),
    "inspect-json": (HARNESS / "inspect" / "logs" / "json", "mockllm/model-a", "mockllm/model-c"),
    "helm": (HARNESS / "helm" / "benchmark_output", "simple/model1", "local/echo-ctx230"),
}


def _rate(capsys, tmp_path, source, *options):
    """``jaxrate rate SOURCE --csv --json OPTIONS`` in process: (printed, notes, csv rows, json)."""
    out_csv, out_json = tmp_path / "r.csv", tmp_path / "r.json"
    argv = ["rate", str(source), *map(str, options), "--csv", str(out_csv), "--json", str(out_json)]
    code = main([*argv, "--progress", "never"])
    out, err = capsys.readouterr()
    assert code == 0, err
    rows = list(csv.DictReader(out_csv.read_text().splitlines()))
    return out, err, rows, json.loads(out_json.read_text())


def _words(text: str) -> str:
    return " ".join(text.split())  # the footer is wrapped to the terminal's width


def _check_board(out: str, rows: list[dict], payload: dict) -> dict:
    """Rank intervals and tiers that hold together, the same in the printed table, CSV and JSON."""
    header = list(rows[0])
    assert header[:2] in (["rank", "agent"], ["rank", "model"]) and header[-3:] == [
        *["rank_best", "rank_worst", "tier"]
    ]
    size = len(rows)
    rating = [float(r[header[2]]) for r in rows]  # deviation, elo, ...: the rows go down the ranking
    assert rating == sorted(rating, reverse=True)
    board = {r[header[1]]: {k: int(r[k]) for k in ("rank", "rank_best", "rank_worst", "tier")} for r in rows}
    assert len(board) == size >= 2
    for name, e in board.items():
        assert 1 <= e["rank_best"] <= e["rank"] <= e["rank_worst"] <= size, (name, e)
    ranks = [int(r["rank"]) for r in rows]
    tiers = [int(r["tier"]) for r in rows]
    assert ranks == sorted(ranks) and ranks[0] == 1
    assert tiers[0] == 1 and tiers == sorted(tiers)  # tier 1 holds the top-rated model, then down the rows
    assert set(tiers) == set(range(1, max(tiers) + 1))  # no tier skipped
    for (r1, t1), (r2, t2) in itertools.pairwise(zip(ranks, tiers)):
        assert r1 != r2 or t1 == t2  # tied models are never put in different tiers

    # The printed table: the same three columns, row for row.
    lines = out.splitlines()
    assert lines[1].split()[-3:] == ["best", "worst", "tier"]
    for line, r in zip(lines[3 : 3 + size], rows):
        words = line.split()
        assert words[1] == r[header[1]] and words[-3:] == [r["rank_best"], r["rank_worst"], r["tier"]]
    text = _words(out)
    assert "best, worst: rank interval" in text and "tier" in text

    # The JSON: its ranking and its intervals block say the same.
    ranking = {e["strategy"]: e for e in payload["ranking"]}
    block = payload["intervals"]
    ranks_block, tiers_block = block["rank_intervals"], block["tiers"]
    assert [e["strategy"] for e in payload["ranking"]] == list(board)
    for name, e in board.items():
        assert {k: ranking[name][k] for k in e} == e
        assert ranks_block["rank"][name] == e["rank"]
        assert (ranks_block["rank_best"][name], ranks_block["rank_worst"][name]) == (
            e["rank_best"],
            e["rank_worst"],
        )
        assert tiers_block["tier"][name] == e["tier"]
    assert ranks_block["level"] == tiers_block["level"] == block["confidence"] == 0.95
    assert ranks_block["resamples"] == tiers_block["resamples"] == block["resamples"] == RESAMPLES
    return board


def _check_sampling(out: str, payload: dict, kind: str, footer: str) -> None:
    """A sampling interval says what it resampled, and carries no task-subset note."""
    block = payload["intervals"]
    assert (block["kind"], block["interval_kind"]) == ("bootstrap", kind)
    assert block["rank_intervals"]["note"] == block["tiers"]["note"] == ""
    text = _words(out)
    assert f"95% intervals from {RESAMPLES} {footer}" in text, text
    assert "task subset" not in text and "not significance statements" not in text
    assert "per pair at 95%" in text and "with 95% confidence jointly" in text


def _check_difference(out: str, payload: dict, board: dict, a: str, b: str) -> dict:
    """The --compare line and the JSON ``difference``: an interval around the estimate, a p-value in
    (0, 1], the interval kind of the board, and a verdict the rank intervals agree with."""
    line = next(x for x in out.splitlines() if x.startswith(f"{a} - {b}: "))
    assert "95% paired interval [" in line and "p = " in line
    d = payload["difference"]
    assert (d["a"], d["b"], d["resamples"], d["confidence"]) == (a, b, RESAMPLES, 0.95)
    assert d["lower"] <= d["estimate"] <= d["upper"]
    assert 0 < d["p_value"] <= 1 and d["p_value"] >= 2 / (RESAMPLES + 1)
    assert (d["kind"], d["interval_kind"]) == (
        payload["intervals"]["kind"],
        payload["intervals"]["interval_kind"],
    )
    assert d["excludes_zero"] == (d["lower"] > 0 or d["upper"] < 0)
    if d["excludes_zero"] and d["p_value"] <= 0.05:  # each rank interval counts this pair, too
        above, below = (a, b) if d["estimate"] > 0 else (b, a)
        assert f"{above} is rated above {below}" in _words(out)
        assert board[below]["rank_best"] >= 2 and board[above]["rank_worst"] <= len(board) - 1
    return d


@pytest.mark.parametrize("name", list(HARNESS_RUNS))
def test_harness_output_gets_rank_intervals_tiers_and_compare(name, capsys, tmp_path):
    source, a, b = HARNESS_RUNS[name]
    out, err, rows, payload = _rate(
        capsys, tmp_path, source, "--bootstrap", RESAMPLES, "--compare", f"{a},{b}"
    )
    board = _check_board(out, rows, payload)
    assert {a, b} <= set(board) and len(board) == 3
    # Every harness here wrote per-item samples: the items within each task are resampled.
    _check_sampling(
        out, payload, "sampling (items within task)", "bootstrap resamples of the items within each task"
    )
    d = _check_difference(out, payload, board, a, b)
    tests = d["item_tests"]  # items shared by both models: a paired test per task
    assert tests and len(tests) == len(payload["intervals"]["top_probability"]["task"])
    assert all(t["n_items"] >= 1 and 0 < t["p_value"] <= 1 for t in tests)
    assert "per-task paired tests on the items" in out


def _battles(path: Path, seed: int = 0) -> Path:
    """5 models, every pair meeting 20 times (both seatings): every resample keeps every model and
    almost surely every pair (a pair is missing from a resample with probability 0.9^200)."""
    rng = np.random.default_rng(seed)
    skill = {"m0": 1.5, "m1": 1.4, "m2": 0.5, "m3": 0.4, "m4": -1.0}
    rows = []
    for x, y in itertools.combinations(skill, 2):
        for k in range(20):
            first, second = (x, y) if k % 2 == 0 else (y, x)
            p_first = 1 / (1 + np.exp(skill[second] - skill[first]))
            rows.append(f"{first},{second},{'model_a' if rng.random() < p_first else 'model_b'}\n")
    path.write_text("model_a,model_b,winner\n" + "".join(rows))
    return path


@pytest.mark.parametrize("method", ["deviation", "elo"])
def test_battles_resampled_get_rank_intervals_tiers_and_compare(method, capsys, tmp_path):
    path = _battles(tmp_path / "battles.csv")
    argv = ["--method", method, "--bootstrap", RESAMPLES, "--compare", "m0,m4"]
    out, err, rows, payload = _rate(capsys, tmp_path, path, *argv)
    board = _check_board(out, rows, payload)
    assert set(board) == {"m0", "m1", "m2", "m3", "m4"}
    assert list(rows[0])[2] == method
    _check_sampling(out, payload, "battles", "bootstrap resamples of the battles")
    assert (
        payload["intervals"]["failed_count"] == 0 and payload["intervals"]["rank_intervals"]["left_out"] == 0
    )
    d = _check_difference(out, payload, board, "m0", "m4")
    assert d["item_tests"] is None and "per-task paired tests" not in out  # battles have no items
    if method == "deviation":  # the win-rate game splits the difference by the other model of each battle
        assert "each opponent's share of m0 - m4" in _words(out) and "model_b's share" not in out


STDERR_TABLES = {
    "X_stderr": (
        "model,math,code,chat,math_stderr,code_stderr,chat_stderr\n"
        "a,0.90,0.85,0.80,0.010,0.012,0.015\nb,0.88,0.84,0.79,0.010,0.012,0.015\n"
        "c,0.60,0.55,0.50,0.020,0.020,0.020\nd,0.58,0.52,0.48,0.020,0.020,0.020\n"
        "e,0.20,0.25,0.15,0.020,0.020,0.020\n"
    ),
    "standard_error": "model,win_rate,standard_error\na,0.80,0.02\nb,0.78,0.02\nc,0.50,0.03\nd,0.20,0.02\n",
}


@pytest.mark.parametrize("layout", list(STDERR_TABLES))
def test_standard_errors_get_rank_intervals_tiers_and_compare(layout, capsys, tmp_path):
    path = tmp_path / "scores.csv"
    path.write_text(STDERR_TABLES[layout])
    out, err, rows, payload = _rate(capsys, tmp_path, path, "--bootstrap", RESAMPLES, "--compare", "a,c")
    assert "standard errors, not rated (--bootstrap draws each score from them)" in err
    board = _check_board(out, rows, payload)
    assert "_stderr" not in " ".join(board) and "standard_error" not in " ".join(board)
    footer = "resamples drawing each score from Normal(score, its standard error)"
    _check_sampling(out, payload, "sampling (standard errors)", footer)
    d = _check_difference(out, payload, board, "a", "c")
    assert d["item_tests"] is None and d["note"] == ""


@pytest.mark.parametrize("resampling", ["--task-subsets", "--bootstrap"])
def test_task_subsets_say_tiers_are_not_significance_statements_everywhere(resampling, capsys, tmp_path):
    """``--bootstrap`` on a table without replicates or standard errors falls back to task subsets;
    either way the footer, both JSON notes, the --compare note and the report say what they are."""
    path = tmp_path / "scores.csv"
    path.write_text(
        "model,t1,t2,t3,t4,t5\na,0.9,0.8,0.9,0.7,0.8\nb,0.5,0.6,0.4,0.5,0.6\n"
        "c,0.2,0.1,0.3,0.2,0.1\nd,0.21,0.12,0.28,0.2,0.1\n"
    )
    argv = [resampling, RESAMPLES, "--compare", "a,b", "--report", tmp_path / "report"]
    out, err, rows, payload = _rate(capsys, tmp_path, path, *argv)
    board = _check_board(out, rows, payload)
    block = payload["intervals"]
    assert (block["kind"], block["interval_kind"]) == ("task subsets", "task-subset sensitivity")
    text = _words(out)
    assert "task subsets (only 31 distinct: 5 tasks" in text and "bootstrap resamples" not in text
    assert NOT_SIGNIFICANCE in text  # the printed footer
    assert NOT_SIGNIFICANCE in block["rank_intervals"]["note"] and NOT_SIGNIFICANCE in block["tiers"]["note"]
    d = _check_difference(out, payload, board, "a", "b")
    assert d["kind"] == "task subsets" and "not a sampling statement" in d["note"]
    assert "note: task-subset sensitivity, not a sampling statement" in out
    page = (tmp_path / "report" / "index.html").read_text()
    assert "<b>not</b> significance statements" in page
    # The CSV (also the report's ratings.csv) carries the same columns, with no room for the note.
    assert (tmp_path / "report" / "ratings.csv").read_text() == (tmp_path / "r.csv").read_text()

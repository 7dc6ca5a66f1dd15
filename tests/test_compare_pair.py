"""``jaxrate rate --compare A,B``: the paired difference of two models, its item tests, and bad input."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from test_differences import EXTRA, TASKS
from test_differences import correlated_items as _items

import jaxrate
from jaxrate.cli import main
from jaxrate.uncertainty import Resampling, bootstrap_replicates, paired_item_tests

N_ITEMS = 80  # fewer than test_differences' (a faster command-line run)


def correlated_items(seed: int = 0):
    """test_differences' items, ``N_ITEMS`` per task: ``A`` is ``B`` plus ``EXTRA`` right answers."""
    return _items(seed, N_ITEMS)


@pytest.fixture(scope="module")
def items() -> pd.DataFrame:
    return correlated_items()


@pytest.fixture(scope="module")
def table(items, tmp_path_factory):
    path = tmp_path_factory.mktemp("pair") / "T.csv"
    items.to_csv(path, index=False)
    return path


def _run(capsys, *argv):
    code = main(["rate", *map(str, argv), "--progress", "never"])
    out, err = capsys.readouterr()
    return code, out, err


def _python_difference(items: pd.DataFrame, resamples: int, seed: int):
    """The same run in Python: the bootstrap of the items, the point game and its joint."""
    options = Resampling(resamples, seed=seed, game="3p")
    intervals = bootstrap_replicates(items, replicate="item", options=options)
    means = items.groupby(["model", "task"], sort=False)["score"].mean().unstack()
    game = jaxrate.agent_vs_agent_vs_task(means)
    return intervals.difference("A", "B", game=game, joint=jaxrate.deviation_ratings(game))


def test_compare_prints_the_paired_difference_and_the_item_tests(capsys, items, table, tmp_path):
    out_json = tmp_path / "out.json"
    code, out, err = _run(capsys, table, "--bootstrap", 100, "--compare", "A,B", "--json", out_json)
    assert code == 0, err
    line = next(x for x in out.splitlines() if x.startswith("A - B: "))
    assert "95% paired interval [" in line and "p = " in line and "(100 resamples, 0 left out)" in line
    assert "A is rated above B" in out  # the paired interval excludes 0 on these data
    assert "each task's share of A - B" in out
    assert "uncorrected for the 3 tests" in out
    rows = [x.split() for x in out.splitlines() if "mcnemar exact" in x]
    assert [r[0] for r in rows] == list(TASKS) and all(r[1] == str(N_ITEMS) for r in rows)

    block = json.loads(out_json.read_text())["difference"]
    expected = _python_difference(items, 100, 0).to_dict()
    assert set(block) == set(expected) | {"item_tests"}
    for key, value in expected.items():
        if isinstance(value, float):
            assert block[key] == pytest.approx(value, abs=1e-12), key
        elif key == "contributions":
            assert block[key].keys() == value.keys()
            assert np.allclose(list(block[key].values()), list(value.values()), rtol=0, atol=1e-12)
        else:
            assert block[key] == value, key
    assert block["excludes_zero"] and block["contributions"] is not None
    tests = paired_item_tests(items, "A", "B", replicate="item")
    assert [t["task"] for t in block["item_tests"]] == list(TASKS)
    assert [t["test"] for t in block["item_tests"]] == ["mcnemar exact"] * 3
    assert [(t["b"], t["c"]) for t in block["item_tests"]] == [(EXTRA, 0)] * 3
    assert np.allclose([t["p_value"] for t in block["item_tests"]], tests["p_value"], rtol=0, atol=1e-12)


def test_task_subsets_say_what_the_interval_is_and_have_no_item_tests(capsys, tmp_path):
    out_json = tmp_path / "out.json"
    code, out, err = _run(
        capsys, "--dataset", "atari", "--game", "2p", "--task-subsets", 20, "--compare", "ngu,muesli",
        "--json", out_json,
    )  # fmt: skip
    assert code == 0, err
    assert "ngu - muesli: " in out and "note: task-subset sensitivity, not a sampling statement" in out
    assert "mcnemar" not in out
    block = json.loads(out_json.read_text())["difference"]
    assert block["kind"] == "task subsets" and block["item_tests"] is None
    assert len(block["contributions"]) == 53


def test_without_compare_the_json_has_no_difference(capsys, table, tmp_path):
    out_json = tmp_path / "out.json"
    code, out, _ = _run(capsys, table, "--bootstrap", 10, "--json", out_json)
    assert code == 0 and "paired interval" not in out
    assert "difference" not in json.loads(out_json.read_text())


@pytest.mark.parametrize(
    "options, message",
    [
        (["--compare", "a,B", "--bootstrap", "10"], "no model 'a' of the input; did you mean 'A'?"),
        (["--compare", "A,B,C", "--bootstrap", "10"], "--compare takes two models, A,B; got 'A,B,C'"),
        (["--compare", "A,A", "--bootstrap", "10"], "two different models; got 'A' twice"),
        (["--compare", "A,", "--bootstrap", "10"], "--compare takes two models"),
        (["--compare", "A,B"], "--compare A,B needs resampling: add --bootstrap N (or --task-subsets N)"),
    ],
)
def test_bad_compare_exits_2_with_one_line_and_writes_nothing(capsys, table, tmp_path, options, message):
    out_json = tmp_path / "out.json"
    code, out, err = _run(capsys, table, *options, "--json", out_json)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err, err
    assert not out_json.exists()

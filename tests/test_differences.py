"""Which differences are real: paired differences of two models' resampled ratings, and item-level tests."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pandas as pd
import pytest
import scipy.stats

import jaxrate
from jaxrate.io._replicate_data import Aggregate, replicates_from_frame
from jaxrate.uncertainty import (
    Difference,
    RatingIntervals,
    bootstrap_replicates,
    difference_contributions,
    mcnemar_exact,
    paired_item_tests,
    paired_permutation,
    task_subsets,
)

N_ITEMS, EXTRA, TASKS = 150, 6, ("t0", "t1", "t2")


def correlated_items(seed: int = 0, n_items: int = N_ITEMS) -> pd.DataFrame:
    """Items of four models on three tasks; ``A`` is ``B`` plus ``EXTRA`` more right answers per task.

    ``C`` is stronger than both (so neither is tied at the top, rated 0), ``D`` weaker. ``A`` and
    ``B`` share every other outcome: their ratings move together from resample to resample.
    """
    rng = np.random.default_rng(seed)
    rows = []
    for t in TASKS:
        b = rng.random(n_items) < 0.5
        a = b.copy()
        a[rng.choice(np.flatnonzero(~b), EXTRA, replace=False)] = True
        c, d = rng.random(n_items) < 0.8, rng.random(n_items) < 0.3
        for model, v in (("A", a), ("B", b), ("C", c), ("D", d)):
            rows += [(model, t, f"q{k}", float(v[k])) for k in range(n_items)]
    return pd.DataFrame(rows, columns=["model", "task", "item", "score"])


@pytest.fixture(scope="module")
def items() -> pd.DataFrame:
    return correlated_items()


@pytest.fixture(scope="module")
def intervals(items) -> RatingIntervals:
    return bootstrap_replicates(items, replicate="item", resamples=200, seed=0, method="exact")


def direct(samples: np.ndarray, ratings: np.ndarray, i: int, j: int, confidence: float, tol: float) -> tuple:
    """``(estimate, lower, upper, p, used)`` from the stored samples, by the definitions of the docstring."""
    d = samples[:, i] - samples[:, j]
    d = d[~np.isnan(d)]
    estimate = ratings[i] - ratings[j]
    tail = 100 * (1 - confidence) / 2
    lower = min(np.percentile(d, tail), estimate)
    upper = max(np.percentile(d, 100 - tail), estimate)
    if abs(estimate) <= tol:
        p = 1.0
    else:
        against = np.sum(d <= tol) if estimate > 0 else np.sum(d >= -tol)
        p = min(1.0, 2 * (1 + against) / (1 + len(d)))
    return estimate, lower, upper, p, len(d)


# --- the paired effect ---------------------------------------------------------------------------


def test_overlapping_marginal_intervals_but_a_paired_interval_that_excludes_zero(intervals):
    names = intervals.strategies[0]
    a, b = names.index("A"), names.index("B")
    lower, upper = intervals.lower[0], intervals.upper[0]
    # Each model alone: the intervals overlap, so they cannot be told apart one at a time...
    assert lower[a] <= upper[b] and lower[b] <= upper[a]
    assert intervals.ratings[0][a] > intervals.ratings[0][b]
    # ...but A is never below B on a shared draw, and the paired interval says so.
    d = intervals.difference("A", "B")
    assert d.excludes_zero and 0 < d.lower <= d.estimate <= d.upper
    assert d.p_value < 1 - d.confidence
    assert (d.resamples, d.failed) == (200, 0) and not d.tied
    assert d.kind == "bootstrap" and d.note == ""
    # The same question the other way round: the interval mirrored, the same p-value.
    r = intervals.difference("B", "A")
    assert (r.estimate, r.lower, r.upper) == pytest.approx((-d.estimate, -d.upper, -d.lower))
    assert r.p_value == d.p_value


# --- agreement with the stored samples -------------------------------------------------------------


@pytest.mark.parametrize("pair", [("A", "B"), ("D", "A"), ("C", "D"), ("B", "C")])
def test_differences_agree_with_a_direct_computation(intervals, pair):
    names = intervals.strategies[0]
    i, j = (names.index(s) for s in pair)
    d = intervals.difference(*pair)
    expected = direct(intervals.samples[0], intervals.ratings[0], i, j, intervals.confidence, d.tie_tolerance)
    assert (d.estimate, d.lower, d.upper, d.p_value) == pytest.approx(expected[:4], abs=1e-12)
    assert d.resamples == expected[4]


def synthetic(samples: np.ndarray, ratings: np.ndarray, failures=(), confidence=0.9) -> RatingIntervals:
    a = samples.shape[1]
    strategies = (tuple(f"m{k}" for k in range(a)),)
    nan = np.full(a, np.nan)
    return RatingIntervals(
        ratings=(ratings,),
        lower=(nan,),
        upper=(nan,),
        top_probability=(nan,),
        samples=(samples,),
        confidence=confidence,
        kind="bootstrap",
        method="exact",
        fallbacks=0,
        seconds=0.0,
        players=("model",),
        strategies=strategies,
        failures=tuple(failures),
    )


def test_failed_resamples_are_left_out_and_counted():
    rng = np.random.default_rng(1)
    samples = rng.normal(size=(300, 4)) + np.array([0.3, 0.0, -0.1, 0.0])
    failed = sorted(rng.choice(300, 17, replace=False).tolist())
    samples[failed] = np.nan
    out = synthetic(samples, np.array([0.3, 0.0, -0.1, 0.0]), [(r, "no solution") for r in failed])
    for i, j in [(0, 1), (2, 0), (1, 3)]:
        d = out.difference(f"m{i}", f"m{j}")
        expected = direct(samples, out.ratings[0], i, j, 0.9, d.tie_tolerance)
        assert (d.estimate, d.lower, d.upper, d.p_value) == pytest.approx(expected[:4], abs=1e-12)
        assert (d.resamples, d.failed) == (283, 17)
    assert out.difference("m1", "m3").p_value == 1.0  # equal point ratings: nothing to test
    assert out.difference("m1", "m3").tied
    assert out.difference("m1", "m3").tie_tolerance == pytest.approx(1e-7 * 0.4)  # the ratings' range
    # Every resample failed: no interval, no p-value, and no exception.
    none = synthetic(np.full((5, 4), np.nan), np.zeros(4) - np.arange(4), [(r, "x") for r in range(5)])
    d = none.difference("m0", "m1")
    assert (d.resamples, d.failed) == (0, 5) and np.isnan([d.lower, d.upper, d.p_value]).all()
    assert d.to_dict()["lower"] is None


def test_the_p_value_never_reaches_zero_and_counts_zeros_against_the_estimate():
    ratings = np.array([1.0, 0.0])
    all_above = synthetic(np.array([[1.0, 0.0]] * 99), ratings)
    assert all_above.difference("m0", "m1").p_value == pytest.approx(2 / 100)
    with_zeros = synthetic(np.array([[1.0, 0.0]] * 89 + [[0.0, 0.0]] * 10), ratings)
    assert with_zeros.difference("m0", "m1").p_value == pytest.approx(2 * 11 / 100)


def test_ties_within_the_tie_tolerance(intervals):
    scale = 10.0
    tol = intervals.options.tie_tol * scale
    ratings = np.array([0.0, -0.5 * tol, -3 * tol])
    out = synthetic(np.zeros((10, 3)), ratings)
    out = dataclasses.replace(out, options=intervals.options)
    assert out.difference("m0", "m1", scale=scale).tied
    assert out.difference("m0", "m1", scale=scale).p_value == 1.0
    assert out.difference("m0", "m1", scale=scale).tie_tolerance == pytest.approx(tol)
    assert not out.difference("m0", "m2", scale=scale).tied


def test_unknown_names_are_a_value_error_naming_the_strategies(intervals):
    with pytest.raises(ValueError, match=r"no strategy 'a'.*did you mean 'A'\?.*A, B, C, D"):
        intervals.difference("a", "B")
    with pytest.raises(ValueError, match=r"no strategy 'Bx'.*did you mean 'B'"):
        intervals.difference("A", "Bx")
    with pytest.raises(ValueError, match=r"no strategy 'gpt'.*strategies: A, B, C, D"):
        intervals.difference("A", "gpt")
    with pytest.raises(ValueError, match="no player"):
        intervals.difference("A", "B", player="nobody")


def test_read_back_with_and_without_its_samples(intervals, tmp_path):
    path = tmp_path / "r.json"
    intervals.to_json(str(path), samples=True)
    again = RatingIntervals.from_json(str(path))
    assert again.difference("A", "B") == intervals.difference("A", "B")
    with pytest.raises(ValueError, match="no resampled ratings"):
        RatingIntervals.from_json(intervals.to_json()).difference("A", "B")


def test_to_dict_is_plain_json(intervals):
    d = intervals.difference("A", "B")
    out = json.loads(json.dumps(d.to_dict()))
    assert out["a"] == "A" and out["excludes_zero"] is True and out["resamples"] == 200
    assert set(out) == {f.name for f in dataclasses.fields(Difference)} | {"excludes_zero"}


def test_task_subsets_say_they_are_not_a_sampling_statement():
    rng = np.random.default_rng(0)
    table = pd.DataFrame(rng.random((3, 5)), index=["x", "y", "z"], columns=list("abcde"))
    d = task_subsets(table, resamples=31, seed=0, method="exact").difference("x", "y")
    assert d.kind == "task subsets" and "not a sampling statement" in d.note


# --- task contributions to the difference ----------------------------------------------------------


def test_contributions_sum_to_the_difference(items, intervals):
    table = items.pivot_table(index="model", columns="task", values="score", aggfunc="mean")
    game = jaxrate.agent_vs_agent_vs_task(table)
    rated = jaxrate.deviation_ratings(game)
    d = intervals.difference("A", "B", game=game, joint=rated)
    assert list(d.contributions) == list(TASKS)
    assert sum(d.contributions.values()) == pytest.approx(d.estimate, abs=1e-9)
    # A scores at least B's on every task: no task speaks for B.
    assert min(d.contributions.values()) >= -1e-12
    assert difference_contributions(game, rated.joint, "A", "B") == d.contributions
    with pytest.raises(ValueError, match="joint"):
        intervals.difference("A", "B", game=game)
    with pytest.raises(ValueError, match="did you mean 'A'"):
        difference_contributions(game, rated, "a", "B")


# --- item-level paired tests -----------------------------------------------------------------------


def test_mcnemar_agrees_with_scipys_binomial_test():
    rng = np.random.default_rng(2)
    cases = [(0, 0), (0, 1), (1, 0), (3, 3), (0, 40), (25, 31), (30_000, 30_400), (100, 0)]
    cases += [tuple(rng.integers(0, m, size=2)) for m in (5, 30, 300, 3000) for _ in range(25)]
    for b, c in cases:
        n_same = int(rng.integers(0, 20))
        x = np.r_[np.ones(b), np.zeros(c), rng.integers(0, 2, n_same)].astype(float)
        y = np.r_[np.zeros(b), np.ones(c), x[b + c :]]
        order = rng.permutation(len(x))
        if len(x) == 0:
            x, y, order = np.array([1.0]), np.array([1.0]), np.array([0])
        t = mcnemar_exact(x[order], y[order])
        assert (t.b, t.c) == (b, c)
        expected = 1.0 if b + c == 0 else scipy.stats.binomtest(min(b, c), b + c, 0.5).pvalue
        assert t.p_value == pytest.approx(expected, abs=1e-12), (b, c)
    with pytest.raises(ValueError, match="0/1"):
        mcnemar_exact([0.5, 1.0], [0.0, 1.0])


def test_the_exact_sign_flip_test_agrees_with_scipys_permutation_test():
    rng = np.random.default_rng(3)
    for n in (3, 6, 9, 12):
        x, y = rng.normal(size=n), rng.normal(size=n) - 0.4
        t = paired_permutation(x, y)
        ref = scipy.stats.permutation_test(
            (x, y), lambda u, v, axis: np.mean(u - v, axis=axis), permutation_type="samples", vectorized=True
        )
        assert t.test == "sign-flip exact"
        assert t.p_value == pytest.approx(ref.pvalue, abs=1e-12)
        assert t.statistic == pytest.approx(np.mean(x - y))


def test_the_random_sign_flip_test_is_seeded_and_close_to_the_exact_one():
    rng = np.random.default_rng(4)
    x, y = rng.normal(size=18), rng.normal(size=18) - 0.3
    d = x - y
    signs = 1 - 2 * ((np.arange(2**18)[:, None] >> np.arange(18)) & 1)
    exact = np.mean(np.abs(signs @ d) >= abs(d.sum()) - 1e-9)
    t = paired_permutation(x, y, resamples=20_000, seed=7)
    assert t.test == "sign-flip permutation" and t.resamples == 20_000
    assert abs(t.p_value - exact) < 4 * np.sqrt(exact * (1 - exact) / 20_000) + 1e-4
    assert paired_permutation(x, y, resamples=20_000, seed=7) == t
    assert paired_permutation(x, x).p_value == 1.0


def test_paired_item_tests_pick_the_test_per_task(items, tmp_path):
    out = paired_item_tests(items, "A", "B", replicate="item")
    columns = ["task", "n_items", "test", "statistic", "p_value", "mean_a", "mean_b", "b", "c"]
    assert list(out.columns) == columns
    assert list(out["task"]) == list(TASKS) and (out["test"] == "mcnemar exact").all()
    assert (out["b"] == EXTRA).all() and (out["c"] == 0).all() and (out["n_items"] == N_ITEMS).all()
    assert out["p_value"].to_numpy() == pytest.approx(2 * 0.5**EXTRA)
    assert (out["mean_a"] - out["mean_b"]).to_numpy() == pytest.approx(EXTRA / N_ITEMS)
    # The same from the reader's ScoreReplicates and from paired Replicates.
    items.to_csv(tmp_path / "items.csv", index=False)
    read = paired_item_tests(jaxrate.io.read_replicates(str(tmp_path / "items.csv")), "A", "B")
    pd.testing.assert_frame_equal(read, out)
    # Real-valued scores: the sign-flip test, oriented the way jaxrate rates (lower-is-better reversed).
    real = items.assign(score=items["score"] + 0.01 * np.arange(len(items)) % 0.37)
    t = paired_item_tests(real, "A", "B", replicate="item")
    assert (t["test"] == "sign-flip permutation").all() and t["b"].isna().all()
    data = replicates_from_frame(real, replicate="item", aggregates={"t1": Aggregate("mean", False)})
    flipped = paired_item_tests(data, "A", "B")
    assert flipped["statistic"].to_numpy() == pytest.approx(t["statistic"].to_numpy() * [1, -1, 1])
    assert flipped["mean_a"][1] == pytest.approx(-t["mean_a"][1])


def test_paired_item_tests_refuse_unpaired_data_and_unknown_models(items):
    with pytest.raises(ValueError, match=r"no model 'a'.*did you mean 'A'"):
        paired_item_tests(items, "a", "B", replicate="item")
    unpaired = items.drop(index=[0])
    with pytest.raises(ValueError, match="no score on item"):
        paired_item_tests(unpaired, "A", "B", replicate="item")
    data = replicates_from_frame(unpaired, replicate="item", paired=False)
    with pytest.raises(ValueError, match="not paired"):
        paired_item_tests(data, "A", "B")

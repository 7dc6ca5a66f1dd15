"""Rank intervals and tiers from stored paired resamples (jaxrate.results._significance)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest

from jaxrate.results._intervals import RatingIntervals, Resampling
from jaxrate.results._significance import rank_intervals, tie_tolerance, tiers

NAMES = tuple("abcdefghijkl")


def _intervals(point, samples, *, failures=(), kind="bootstrap", confidence=0.95, tie_tol=1e-7):
    """A :class:`RatingIntervals` of one player ``model`` made by hand from ``[A]`` and ``[R, A]``."""
    point = np.asarray(point, dtype=np.float64)
    samples = np.asarray(samples, dtype=np.float64)
    a = point.size
    return RatingIntervals(
        ratings=(point,),
        lower=(point,),
        upper=(point,),
        top_probability=(np.zeros(a),),
        samples=(samples,),
        confidence=confidence,
        kind=kind,
        method="exact",
        fallbacks=0,
        seconds=0.0,
        players=("model",),
        strategies=(NAMES[:a],),
        failures=tuple(failures),
        options=Resampling(resamples=max(1, samples.shape[0]), tie_tol=tie_tol),
    )


def _board(rng, means, resamples, sd=1.0, rho=0.5):
    """Point ratings and paired resamples of a paired normal model: errors share a common part
    (``rho``), as models rated on one draw of items do; each difference has sd ``sd * sqrt(2 (1 - rho))``."""
    a = len(means)

    def noise(n):
        return sd * (math.sqrt(rho) * rng.normal(size=(n, 1)) + math.sqrt(1 - rho) * rng.normal(size=(n, a)))

    point = np.asarray(means) + noise(1)[0]
    return point, point + noise(resamples)


def _tol(point, tie_tol=1e-7):
    return tie_tol * np.ptp(point)


def _direct_pair_claims(point, s, level, tol):
    """``above[i, j]`` by a loop: the per-pair rule of the docstring, counted over the resamples."""
    a = point.size
    above = np.zeros((a, a), dtype=bool)
    for i, j in itertools.permutations(range(a), 2):
        d = s[:, i] - s[:, j]
        ok = ~np.isnan(d)
        p = min(1.0, 2 * (1 + np.sum(d[ok] <= tol)) / (ok.sum() + 1))
        above[i, j] = point[i] - point[j] > tol and p <= 1 - level
    return above


def test_rank_intervals_agree_with_a_direct_count():
    rng = np.random.default_rng(0)
    point, s = _board(rng, [3.0, 2.9, 2.0, 1.0, 0.9, 0.0], 300, sd=0.3)
    frame = rank_intervals(_intervals(point, s))
    above = _direct_pair_claims(point, s, 0.95, _tol(point))
    assert list(frame.columns) == ["strategy", "rank", "rank_best", "rank_worst"]
    np.testing.assert_array_equal(frame["rank_best"], 1 + above.sum(axis=0))
    np.testing.assert_array_equal(frame["rank_worst"], 6 - above.sum(axis=1))
    np.testing.assert_array_equal(frame["rank"], 1 + np.argsort(np.argsort(-point)))
    assert (frame["rank_best"] <= frame["rank"]).all() and (frame["rank"] <= frame["rank_worst"]).all()
    # a pair counted by hand: b is never significantly above a (0.1 apart, sd of the difference 0.3)
    assert frame["rank_best"].iloc[0] == 1 and frame["rank_worst"].iloc[0] >= 2
    assert frame.attrs["resamples"] == 300 and frame.attrs["left_out"] == 0 and frame.attrs["note"] == ""


def test_the_per_pair_rule_is_the_percentile_interval_of_the_difference():
    # Below 2 / 0.05 - 1 = 39 resamples no pair can be claimed; from 39 the interval decides.
    point = np.array([1.0, 0.0])
    s = np.tile(point, (39, 1))
    assert rank_intervals(_intervals(point, s))["rank_worst"].tolist() == [1, 2]
    with pytest.warns(UserWarning, match="cannot separate anything"):
        frame = rank_intervals(_intervals(point, s[:38]))
    assert frame["rank_worst"].tolist() == [2, 2] and "38 resamples" in frame.attrs["note"]


def test_band_matches_a_direct_max_t():
    rng = np.random.default_rng(1)
    point, s = _board(rng, [2.0, 1.5, 1.0, 0.0, 0.0], 500, sd=0.25)
    out = tiers(_intervals(point, s), method="band")
    d = s[:, :, None] - s[:, None, :]
    diff = point[:, None] - point[None, :]
    sd = d.std(axis=0, ddof=1)
    off = ~np.eye(5, dtype=bool)
    t = np.abs(d - diff)[:, off] / sd[off]
    k = math.ceil(0.95 * 501)
    q = np.sort(t.max(axis=1))[k - 1]
    assert out.threshold == pytest.approx(q, rel=1e-12)
    pair = _direct_pair_claims(point, s, 0.95, _tol(point))
    np.testing.assert_array_equal(out.above, off & (diff > q * sd) & (diff > _tol(point)) & pair)
    # every member of a higher tier is claimed above every member of each lower tier
    for i, j in itertools.permutations(range(5), 2):
        if out.tier[i] < out.tier[j]:
            assert out.above[i, j]


def test_stepdown_matches_a_direct_romano_wolf_loop_and_claims_at_least_the_band():
    rng = np.random.default_rng(3)
    point, s = _board(rng, [3.0, 2.0, 1.2, 1.0, 0.4, 0.0], 800, sd=0.25)
    out = tiers(_intervals(point, s), method="stepdown")
    band = tiers(_intervals(point, s), method="band")
    d = s[:, :, None] - s[:, None, :]
    diff = point[:, None] - point[None, :]
    sd = d.std(axis=0, ddof=1)
    t = np.abs(d - diff) / np.where(np.eye(6, dtype=bool), np.inf, sd)
    k = math.ceil(0.95 * 801)
    claimed = np.zeros((6, 6), dtype=bool)
    open_ = ~np.eye(6, dtype=bool)
    while True:  # Romano and Wolf: the band over the pairs not yet claimed, until nothing new
        q = np.sort(t[:, open_].max(axis=1))[k - 1]
        new = open_ & (diff > q * sd) & (diff > _tol(point))
        if not new.any():
            break
        claimed |= new
        open_ &= ~(new | new.T)
    np.testing.assert_array_equal(out.above, claimed & _direct_pair_claims(point, s, 0.95, _tol(point)))
    assert out.threshold == pytest.approx(q, rel=1e-12)
    assert (out.above >= band.above).all()
    # five models far apart, the last two 2.6 sd of their difference apart: the band's threshold
    # over 10 pairs (about 2.8) misses that pair; once the 9 others are claimed the step-down
    # compares it alone (about 1.96) and claims it
    means = np.array([8.0, 6.0, 4.0, 2.0, 2.0 - 2.6 * 0.5])  # sd of a difference: 0.5
    noise = 0.5 * (math.sqrt(0.5) * rng.normal(size=(2000, 1)) + math.sqrt(0.5) * rng.normal(size=(2000, 5)))
    far = _intervals(means, means + noise)
    assert not tiers(far, method="band").above[3, 4] and tiers(far, method="stepdown").above[3, 4]
    assert tiers(far, method="stepdown").tier.tolist() == [1, 2, 3, 4, 5]
    # every pair separated: the threshold is the last one used (the pair compared alone), not 0
    last = far.samples[0][:, 3] - far.samples[0][:, 4]
    dev = np.sort(np.abs(last - (means[3] - means[4])) / last.std(ddof=1))
    q_alone = dev[math.ceil(0.95 * 2001) - 1]
    assert tiers(far, method="stepdown").threshold == pytest.approx(q_alone, rel=1e-12)
    for i, j in itertools.permutations(range(6), 2):
        if out.tier[i] < out.tier[j]:
            assert out.above[i, j]


@pytest.mark.parametrize("method", ["band", "stepdown", "holm"])
def test_a_joint_claim_is_also_a_claim_of_its_pair_on_skewed_resamples(method):
    """Issue 56: ratings are <= 0, so a model's resamples pile up at 0 where it is sometimes
    the best. A runner-up at 0 in 4.5% of the resamples (the leader always 0): its paired
    interval holds 0 (p = 0.09), but its studentised difference is far out (the mass at 0
    inflates the sd less than it moves the tail), so the band claimed the pair and the tiers
    split two models whose rank intervals were both [1, 2]. Now no joint claim without its pair's."""
    rng = np.random.default_rng(56)
    r = 1000
    at_top = rng.random(r) < 0.045
    runner_up = np.where(at_top, 0.0, np.minimum(-1.0 + 0.05 * rng.normal(size=r), 0.0))
    last = -3.0 + 0.05 * rng.normal(size=r)
    s = np.stack([np.zeros(r), runner_up, last], axis=1)
    point = np.array([0.0, -1.0, -3.0])
    pair = _direct_pair_claims(point, s, 0.95, _tol(point))
    assert not pair[0, 1] and pair[0, 2] and pair[1, 2]
    out = tiers(_intervals(point, s), method=method)
    assert not (out.above & ~pair).any()
    assert out.tier.tolist() == [1, 1, 2]
    ranks = rank_intervals(_intervals(point, s))
    assert ranks.rank_best.tolist() == [1, 1, 3] and ranks.rank_worst.tolist() == [2, 2, 3]


@pytest.mark.slow  # 1,000 resamples on the JAX path (compiles); CI runs it
def test_the_intervals_page_example_ties_two_models_the_rank_intervals_tie(tmp_path):
    """The docs' replicate example (``jaxrate sample returns``, ``--bootstrap 1000``): ppo is above
    dqn in about 95.5% of the resamples, short of the per-pair 97.5%: both rank intervals are
    [1, 2], and the tiers no longer split them (they put them in tiers 1 and 2)."""
    import json

    from jaxrate.cli import main
    from jaxrate.datasets import write_sample

    write_sample("returns", tmp_path)
    out = tmp_path / "r.json"
    args = [
        "rate",
        str(tmp_path / "returns.csv"),
        "--bootstrap",
        "1000",
        "--json",
        str(out),
        "--progress",
        "never",
    ]
    assert main(args) == 0
    found = json.loads(out.read_text())["intervals"]
    ranks, tier = found["rank_intervals"], found["tiers"]["tier"]
    assert 0.9 < found["p_above"]["ppo"]["dqn"] < 0.975  # not separated pair by pair
    assert ranks["rank_best"]["dqn"] == 1 and ranks["rank_worst"]["ppo"] == 2
    assert tier["ppo"] == tier["dqn"]
    for a, b in itertools.permutations(tier, 2):  # a tier boundary: the rank intervals part too
        if tier[a] < tier[b]:
            assert ranks["rank_worst"][a] < ranks["rank_best"][b]


def test_holm_matches_a_direct_step_down():
    rng = np.random.default_rng(2)
    point, s = _board(rng, [2.0, 1.6, 1.0, 0.9, 0.0], 1500, sd=0.25)
    out = tiers(_intervals(point, s), method="holm")
    tol = _tol(point)
    pairs = list(itertools.combinations(range(5), 2))
    p = {}
    for i, j in pairs:
        hi, lo = (i, j) if point[i] > point[j] else (j, i)
        d = s[:, hi] - s[:, lo]
        p[(i, j)] = min(1.0, 2 * (1 + np.sum(d <= tol)) / (len(d) + 1))
    rejected = set()
    for k, pair in enumerate(sorted(pairs, key=lambda x: p[x])):
        if p[pair] > 0.05 / (len(pairs) - k):
            break
        rejected.add(pair)
    expected = np.zeros((5, 5), dtype=bool)
    for i, j in rejected:
        expected[i, j], expected[j, i] = point[i] > point[j], point[j] > point[i]
    np.testing.assert_array_equal(out.above, expected)
    assert math.isnan(out.threshold) and out.method == "holm"


def test_ties_are_never_separated():
    rng = np.random.default_rng(3)
    point, s = _board(rng, [1.0, 0.0, -1.0], 2000, sd=0.01)
    # a clone of strategy 0, and one whose point rating is within the tie tolerance of it but
    # which every resample puts far below: neither is ever separated from strategy 0
    point = np.append(point, [point[0], point[0] - 1e-9])
    s = np.column_stack([s, s[:, 0], s[:, 0] - 0.5])
    ri = _intervals(point, s)
    for method in ("band", "holm"):
        out = ri.tiers(method=method)
        assert out.tier[0] == out.tier[3] == out.tier[4], method
        assert out.tier.tolist()[:3] == [1, 2, 3]
    frame = ri.rank_intervals()
    assert frame["rank"].tolist() == [1, 4, 5, 1, 1]
    assert frame["rank_best"].tolist()[3:] == [1, 1] and frame["rank_worst"].tolist()[3:] == [3, 3]


def test_failed_resamples_are_left_out_and_counted():
    rng = np.random.default_rng(4)
    point, s = _board(rng, [1.0, 0.8, 0.0, 0.0], 400, sd=0.1)
    failed = [3, 50, 51, 399]
    holey = s.copy()
    holey[failed] = np.nan
    ri = _intervals(point, holey, failures=[(i, "infeasible") for i in failed])
    kept = _intervals(point, np.delete(s, failed, axis=0))
    for method in ("pair", "band", "holm"):
        with_holes, clean = ri.rank_intervals(method=method), kept.rank_intervals(method=method)
        pd.testing.assert_frame_equal(with_holes, clean)
        assert with_holes.attrs["left_out"] == 4 and with_holes.attrs["resamples"] == 396
    a, b = ri.tiers(), kept.tiers()
    np.testing.assert_array_equal(a.tier, b.tier)
    assert a.threshold == b.threshold and (a.resamples, a.left_out) == (396, 4)


def test_a_strategy_absent_from_some_resamples_is_compared_where_present():
    rng = np.random.default_rng(5)
    point, s = _board(rng, [1.0, 0.0, 0.0], 600, sd=0.05)
    s[::3, 1] = np.nan  # a task left out of a third of the subsets
    out = _intervals(point, s, kind="task subsets").tiers(method="band")
    assert out.tier.tolist() == [1, 2, 2] and out.resamples == 600
    assert "not significance statements" in out.note


def test_round_trip_through_the_result_file_keeps_the_tiers(tmp_path):
    rng = np.random.default_rng(6)
    point, s = _board(rng, [1.0, 0.5, 0.0], 200, sd=0.1)
    ri = _intervals(point, s, failures=[(7, "boom")])
    ri.samples[0][7] = np.nan
    back = RatingIntervals.from_json(ri.to_json(str(tmp_path / "r.json"), samples=True))
    np.testing.assert_array_equal(back.tiers().tier, ri.tiers().tier)
    pd.testing.assert_frame_equal(back.rank_intervals(), ri.rank_intervals())
    assert ri.tiers().groups() == [["a"], ["b"], ["c"]]
    assert ri.tiers().table()["tier"].tolist() == [1, 2, 3]


def test_bad_input_is_a_value_error():
    point, s = _board(np.random.default_rng(7), [1.0, 0.0], 100)
    ri = _intervals(point, s)
    with pytest.raises(ValueError, match="method must be"):
        ri.rank_intervals(method="bonferroni")
    with pytest.raises(ValueError, match="joint claims"):
        ri.tiers(method="pair")
    with pytest.raises(ValueError, match="level"):
        ri.tiers(level=1.0)
    with pytest.raises(ValueError, match="no player"):
        ri.tiers("task")
    with pytest.raises(ValueError, match="hold no resamples"):
        _intervals(point, np.zeros((0, 2))).tiers()


def _false_and_found(method, means, truth, boards, resamples, seed):
    """Rates over ``boards`` paired normal boards: any two strategies of one true tier split, and
    the boundary between the first two true tiers found (every cross pair in different tiers)."""
    rng = np.random.default_rng(seed)
    truth = np.asarray(truth)
    false = found = 0
    for _ in range(boards):
        point, s = _board(rng, means, resamples)
        tier = tiers(_intervals(point, s), method=method).tier
        same = truth[:, None] == truth[None, :]
        false += bool((same & (tier[:, None] != tier[None, :])).any())
        top, next_ = tier[truth == 1], tier[truth == 2]
        found += bool(next_.size and top.max() < next_.min())
    return false / boards, found / boards


@pytest.mark.parametrize("method", ["band", "stepdown", "holm"])
def test_calibration_false_separations_are_rare_and_a_four_se_gap_separates(method):
    se = math.sqrt(2 * (1 - 0.5))  # sd of a paired difference in _board
    # 8 models of one true tier: any separation is false (family-wise error at alpha 0.05)
    false, _ = _false_and_found(method, [0.0] * 8, [1] * 8, 300, 1200, seed=10)
    assert false <= 0.05 + 0.04  # 3 binomial standard errors over 300 boards
    # two models 4 standard errors of their difference apart: separated (expected about 98%)
    _, found = _false_and_found(method, [4 * se, 0.0], [1, 2], 200, 400, seed=11)
    assert found >= 0.9
    # two planted tiers of 3, 8 SE apart: no true tier split more often than alpha, and found
    false, found = _false_and_found(method, [8 * se] * 3 + [0.0] * 3, [1] * 3 + [2] * 3, 200, 1200, 12)
    assert false <= 0.05 + 0.05 and found >= 0.8


def test_end_to_end_on_jaxrate_resamples():
    import jaxrate

    rng = np.random.default_rng(13)
    accuracy = np.array([0.9, 0.9, 0.6, 0.6])
    rows = [
        (m, t, k, float(rng.random() < accuracy[m])) for m in range(4) for t in range(2) for k in range(100)
    ]
    obs = pd.DataFrame(rows, columns=["model", "task", "item", "score"])
    obs["model"] = obs["model"].map(dict(enumerate(NAMES)))
    out = jaxrate.uncertainty.bootstrap_items(
        obs, resamples=200, seed=0, options=Resampling(rating="uniform")
    )
    t = out.tiers()
    assert t.tier.tolist() == [1, 1, 2, 2] and t.resamples == 200
    frame = out.rank_intervals()
    assert frame["rank_best"].tolist()[2:] == [3, 3] and frame["rank_worst"].tolist()[:2] == [2, 2]


def test_the_run_records_its_payoff_scale_and_ties_use_it():
    import jaxrate

    rng = np.random.default_rng(14)
    table = pd.DataFrame(rng.random((4, 3)), index=list("abcd"), columns=["t1", "t2", "t3"])
    table.loc["b"] = table.loc["a"]  # a and b tie exactly
    out = jaxrate.uncertainty.bootstrap_standard_errors(
        table, pd.DataFrame(0.05, index=table.index, columns=table.columns), resamples=60, seed=0
    )
    game = jaxrate.agent_vs_agent_vs_task(table)
    assert out.scale == pytest.approx(jaxrate.payoff_scale(game), rel=1e-12)
    # ties are within tie_tol times the game's scale (not the range of the ratings, which differs)
    point = np.asarray(out.ratings[0])
    assert np.ptp(point) != pytest.approx(out.scale, rel=1e-3)
    assert tie_tolerance(out, point) == pytest.approx(out.options.tie_tol * out.scale, rel=1e-12)
    assert tie_tolerance(out, point, 2.0) == pytest.approx(out.options.tie_tol * 2.0, rel=1e-12)
    assert out.difference("a", "b").tied and out.difference("a", "b").p_value == 1.0
    assert tiers(out).tier[0] == tiers(out).tier[1]
    back = RatingIntervals.from_json(out.to_json())
    assert back.scale == out.scale


def test_a_difference_that_moves_only_by_rounding_does_not_blind_the_band():
    rng = np.random.default_rng(15)
    s = np.column_stack([rng.normal(5, 0.1, 500), rng.normal(2, 0.1, 500)])
    s = np.column_stack([s, (s[:, 0] + 0.1) - 0.4])  # a - c is 0.3 in every resample, up to rounding
    point = np.array([5.0, 2.0, 4.75])
    assert 0 < np.std(s[:, 0] - s[:, 2]) < 1e-14  # rounding, not an sd
    for method in ("band", "stepdown"):
        out = tiers(_intervals(point, s), method=method)
        assert math.isfinite(out.threshold) and out.threshold < 5  # not 1e15 from the rounding pair
        assert out.above[0, 1] and out.above[2, 1] and out.above[0, 2]  # all three told apart

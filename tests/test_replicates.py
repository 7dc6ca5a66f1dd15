"""Scores with replicates (seeds, folds, items; lm-evaluation-harness output) and sampling intervals."""

import json
import os
import re

import numpy as np
import pandas as pd
import pytest

import jaxrate
from jaxrate import io
from jaxrate.cli import main
from jaxrate.cli._resample_progress import ResampleBar, ResampleLines
from jaxrate.exact import deviation_ratings
from jaxrate.io._replicate_data import replicates_from_frame
from jaxrate.uncertainty._chunks import ResampleProgress, _slow, rate_each, run_chunks

# Real lm-evaluation-harness output (tests/data/harness/lm_eval), its corpus-level task rated by acc.
HARNESS = os.path.join(os.path.dirname(__file__), "data", "harness", "lm_eval", "outputs", "shared")


def _observations(rng, mu, items=30, noise=0.25, item_sd=0.1, paired=True):
    """Per-item scores around the true means ``mu [M, T]``: a shared item effect plus noise."""
    m, t = mu.shape
    rows = []
    for j in range(t):
        shared = rng.normal(0, item_sd, items)
        x = mu[:, j, None] + shared[None] + rng.normal(0, noise, (m, items))
        for i in range(m):
            for k in range(items if paired else items - i):
                rows.append((f"m{i}", f"t{j}", k, x[i, k]))
    return pd.DataFrame(rows, columns=["model", "task", "item", "score"])


_MU = np.array([[0.80, 0.55, 0.40], [0.70, 0.65, 0.45], [0.60, 0.50, 0.60], [0.50, 0.45, 0.35]])


def _coverage(rating: str, repetitions: int, resamples: int) -> np.ndarray:
    """Whether each 95% interval held the true rating (of the true means), per repetition and strategy."""
    game = jaxrate.agent_vs_task(_MU)
    truth = deviation_ratings(game).ratings if rating == "deviation" else jaxrate.uniform_ratings(game)
    truth = np.concatenate(truth)
    hits = []
    for rep in range(repetitions):
        obs = _observations(np.random.default_rng(1000 + rep), _MU)
        out = jaxrate.bootstrap_replicates(
            obs,
            replicate="item",
            rating=rating,
            resamples=resamples,
            seed=rep,
            method="exact",
            gamification="2p",
        )
        lo, hi = np.concatenate(out.lower), np.concatenate(out.upper)
        hits.append((lo <= truth + 1e-12) & (truth <= hi + 1e-12))
    return np.array(hits), truth


def test_sampling_intervals_cover_the_true_ratings_at_the_nominal_rate():
    """120 seeded data sets of 4 models x 3 tasks x 30 items with known means: the 95% intervals
    of the uniform ratings (each model's and task's mean) hold the true value in ~93-95% of them
    (the percentile bootstrap of a mean of 30 is a little narrow: t(29) against the normal)."""
    hits, _ = _coverage("uniform", repetitions=120, resamples=100)
    assert 0.90 <= hits.mean() <= 0.98
    assert hits.mean(axis=0).min() >= 0.83  # no strategy far under


@pytest.mark.slow
def test_sampling_intervals_of_deviation_ratings_cover_the_true_ratings():
    """The same for deviation ratings (true ratings: those of the true means). Where the true
    rating is below 0 the intervals cover it at about 95%; where it is 0 (the top, a bound no
    rating passes) they reach 0 nearly always, so coverage there is higher."""
    hits, truth = _coverage("deviation", repetitions=60, resamples=100)
    inside = truth < -1e-9
    assert inside.sum() == 3 and 0.88 <= hits[:, inside].mean() <= 0.99
    assert hits[:, ~inside].mean() >= 0.95


def test_every_rating_method_resampled_with_pairwise_orders():
    obs = _observations(np.random.default_rng(3), _MU, items=12)
    table = obs.pivot_table(index="model", columns="task", values="score")
    for rating in ("deviation", "uniform", "elo", "nash", "alpharank", "payoff"):
        out = jaxrate.bootstrap_replicates(
            obs, replicate="item", rating=rating, resamples=25, method="exact", gamification="2p"
        )
        assert out.rating == rating and out.interval_kind == "sampling (items within task)"
        assert out.samples[0].shape == (25, 4)
        # Elo of task win rates has no finite fit when a model never loses on 3 tasks: such a
        # resample gets its reason and is left out; every other method rates all 25.
        assert all("never lose" in why for _, why in out.failures) if rating == "elo" else not out.failures
        assert all(np.isnan(out.samples[0][i]).all() for i, _ in out.failures)
        assert np.all(out.lower[0] <= out.ratings[0]) and np.all(out.ratings[0] <= out.upper[0])
        p = out.pairwise
        assert p.shape == (4, 4) and np.all(np.diag(p) == 0) and np.all(p + p.T <= 1 + 1e-12)
        assert out.above("m0", "m3") == p[0, 3]
    uniform = jaxrate.bootstrap_replicates(
        obs, replicate="item", rating="uniform", resamples=5, gamification="2p"
    )
    np.testing.assert_allclose(uniform.ratings[0], jaxrate.uniform_ratings(jaxrate.agent_vs_task(table))[0])
    with pytest.raises(ValueError, match="rating must be one of"):
        jaxrate.bootstrap_replicates(obs, replicate="item", rating="borda", resamples=5, gamification="2p")
    with pytest.raises(ValueError, match="two-player"):
        jaxrate.bootstrap_replicates(obs, replicate="item", rating="nash", gamification="3p", resamples=5)
    with pytest.raises(ValueError, match="no strategy 'zz'"):
        uniform.above("m0", "zz")


def test_a_clear_leader_is_above_the_rest_in_almost_every_resample():
    mu = np.array([[0.9, 0.9], [0.5, 0.4], [0.45, 0.5]])
    obs = _observations(np.random.default_rng(8), mu, items=40, noise=0.1)
    out = jaxrate.bootstrap_replicates(
        obs, replicate="item", rating="uniform", resamples=100, gamification="2p"
    )
    assert out.above("m0", "m1") == 1.0 and out.above("m1", "m0") == 0.0
    assert out.top_probability[0][0] == 1.0
    assert 0.0 < out.above("m1", "m2") < 1.0  # these two are close


def test_paired_and_unpaired_replicates():
    obs = _observations(np.random.default_rng(4), _MU, items=6)
    paired = replicates_from_frame(obs, replicate="item")
    assert paired.paired and paired.counts() == (6, 6)
    seeds = _observations(np.random.default_rng(4), _MU, items=6, paired=False)  # 6, 5, 4, 3 seeds
    unpaired = replicates_from_frame(seeds, replicate="item")
    assert not unpaired.paired and unpaired.counts() == (3, 6)
    np.testing.assert_allclose(
        unpaired.table(), seeds.pivot_table(index="model", columns="task", values="score").to_numpy()
    )
    with pytest.raises(ValueError, match="no score on item"):
        replicates_from_frame(seeds, replicate="item", paired=True)
    with pytest.raises(ValueError, match="no score on task 't1'"):
        replicates_from_frame(obs[~((obs.model == "m2") & (obs.task == "t1"))], replicate="item")
    # A resample does not depend on how the run is chunked.
    for data in (paired, unpaired):
        whole = data.resampler(5)(0, 10)
        make = data.resampler(5)
        np.testing.assert_array_equal(whole, np.concatenate([make(0, 3), make(3, 10)]))


def test_long_table_with_seeds(tmp_path):
    path = tmp_path / "seeds.csv"
    path.write_text(
        "model,task,seed,score\n"
        + "".join(
            f"{m},{t},{s},{(i + 1) * (j + 2) + s * 0.1}\n"
            for i, m in enumerate("ab")
            for j, t in enumerate("xy")
            for s in range(3)
        )
    )
    found = io.read_replicates(str(path))
    assert found.column == "seed" and len(found.frame) == 12
    np.testing.assert_allclose(found.table().to_numpy(), [[2.1, 3.1], [4.1, 6.1]])
    bad = tmp_path / "bad.csv"
    bad.write_text("model,task,seed,score\na,x,0,0.5\na,x,1,high\nb,x,0,0.1\n")
    with pytest.raises(ValueError, match=r"bad.csv: line 3 \('a', 'x', seed '1'\) is not a number: 'high'"):
        io.read_replicates(str(bad))
    bad.write_text("model,task,seed,score\na,x,0,0.5\na,x,0,0.6\nb,x,0,0.1\n")
    with pytest.raises(ValueError, match="line 3 .* repeats an earlier row"):
        io.read_replicates(str(bad))
    assert io.replicate_column(["Model", "task", "score", "Fold"]) == "Fold"
    assert io.replicate_column(["model", "task", "score"]) is None


def _cli(capsys, *argv):
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_rates_a_harness_folder_with_sampling_intervals(capsys, tmp_path):
    out_json = tmp_path / "r.json"
    code, out, err = _cli(
        capsys,
        "rate",
        HARNESS,
        "--metric",
        "corpus_local=acc",
        "--game",
        "2p",
        "--bootstrap",
        "30",
        "--json",
        out_json,
        "--progress",
        "never",
    )
    assert code == 0, err
    assert "org/model-b" in out and "30 bootstrap resamples of the items within each task" in out
    payload = json.loads(out_json.read_text())
    block = payload["intervals"]
    assert block["interval_kind"] == "sampling (items within task)" and block["resamples"] == 30
    assert block["failed_count"] == 0 and set(block["p_above"]) == set(payload["ratings"]["agent"])
    assert payload["replicates"]["column"] == "item" and payload["replicates"]["paired"]
    code, out, err = _cli(
        capsys,
        "rate",
        HARNESS,
        "--metric",
        "corpus_local=acc",
        "--method",
        "elo",
        "--bootstrap",
        "20",
        "--progress",
        "never",
        "--json",
        out_json,
    )
    assert code == 0, err
    assert json.loads(out_json.read_text())["intervals"]["rating"] == "elo"
    code, out, err = _cli(capsys, "rate", HARNESS, "--game", "2p", "--task-subsets", "20", "--json", out_json)
    assert code == 0, err
    assert json.loads(out_json.read_text())["intervals"]["interval_kind"] == "task-subset sensitivity"


def test_cli_bad_replicate_input(capsys, tmp_path):
    code, _, err = _cli(capsys, "rate", HARNESS, "--bootstrap", "5", "--task-subsets", "5")
    assert code == 2 and "not both" in err and len(err.strip().splitlines()) == 1
    code, _, err = _cli(capsys, "rate", tmp_path)
    assert code == 2 and "evaluation harness output" in err
    code, _, err = _cli(capsys, "rate", HARNESS, "--normalise", "minmax")
    assert code == 2 and "--normalise is not available" in err


def test_one_bad_member_gets_a_status_and_slow_members_are_named():
    def rate_one(table, member):
        if member == 3:
            raise RuntimeError("simulated failure")
        return table.sum(axis=1)

    seen = []
    out = run_chunks(
        10,
        4,
        2,
        lambda a, b: np.ones((b - a, 2, 3)),
        lambda tables, start: rate_each(tables, start, 2, rate_one),
        seen.append,
    )
    assert out.failures == ((3, "RuntimeError: simulated failure"),)
    assert np.isnan(out.samples[3]).all() and np.all(out.samples[np.arange(10) != 3] == 3)
    assert [p.done for p in seen] == [4, 8, 10]
    assert _slow([(i, i, 0.1) for i in range(9)] + [(9, 9, 1.5)]) == ((9, 9, 1.5),)
    assert _slow([(i, i, 0.01) for i in range(9)] + [(9, 9, 0.2)]) == ()  # under the floor


def test_progress_says_how_long_is_left(capsys):
    bar = ResampleBar(width=10)
    bar(ResampleProgress(25, 100, 10.0))
    bar.close()
    assert "[##--------] 25/100 resamples, 10.0 s, about 30 s left" in capsys.readouterr().err
    lines = ResampleLines(after=0.0, every=0.05)
    lines(ResampleProgress(25, 100, 0.0))
    lines.start -= 10.0  # as if the run had begun 10 s ago
    lines.close()
    err = capsys.readouterr().err
    assert re.search(
        r"jaxrate: resamples: 25/100, 10\.\d s, about 3\d s left \(the current resample has run", err
    )


def test_missing_scores_of_a_long_table_with_replicates(tmp_path):
    path = tmp_path / "seeds.csv"
    path.write_text("model,task,seed,score\na,x,0,1\na,x,1,2\na,y,0,3\na,y,1,4\nb,x,0,2\nb,x,1,2\n")
    found = io.complete_replicates(io.read_replicates(str(path)), "fill:0")
    assert found.table().loc["b", "y"] == 0 and found.table().loc["a", "y"] == 3.5
    with pytest.raises(
        ValueError, match="model 'b', task 'y': no per-item scores to resample: filled with 0"
    ):
        found.replicates()
    dropped = io.complete_replicates(io.read_replicates(str(path)), "drop-tasks")
    assert list(dropped.table().columns) == ["x"] and dropped.replicates().paired

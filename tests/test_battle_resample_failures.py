"""A battle bootstrap never dies of one bad resample: the resample gets a status.

On sparse battles some resamples lose a model (no battle of it drawn), a category, or have no
Bradley-Terry fit (a group that never loses). Such a resample is a failed member, for deviation
ratings (:func:`jaxrate.uncertainty.bootstrap_battles`) and for Elo (``elo_ratings(...,
resample="battles")``): its samples are NaN, ``(resample, reason)`` is in ``failures``, and it is
left out of the bounds, P(top) and the pairwise orders. Only a run in which every resample fails
raises (the command line: exit 2, one error line, nothing written).
"""

from __future__ import annotations

import json
import warnings

import numpy as np
import pandas as pd
import pytest

import jaxrate
from jaxrate import uncertainty
from jaxrate.baselines import elo_ratings
from jaxrate.cli import main
from jaxrate.game.tolerances import payoff_scale

# 6 models, 25 battles: f plays twice (beats a, loses to c), so many resamples draw neither of
# its battles or only its win, and some draw both.
SPARSE = [
    ("c", "e", "tie"), ("e", "c", "model_b"), ("b", "e", "model_a"), ("d", "e", "model_b"),
    ("e", "b", "model_a"), ("b", "a", "tie"), ("d", "b", "tie"), ("c", "d", "model_b"),
    ("d", "b", "model_b"), ("a", "d", "model_b"), ("b", "c", "tie"), ("e", "c", "model_a"),
    ("a", "c", "tie"), ("c", "e", "model_a"), ("e", "d", "model_b"), ("a", "b", "model_a"),
    ("e", "d", "model_a"), ("e", "d", "model_a"), ("d", "a", "tie"), ("a", "e", "model_a"),
    ("d", "c", "tie"), ("a", "b", "model_b"), ("d", "b", "model_a"), ("f", "a", "model_a"),
    ("c", "f", "model_a"),
]  # fmt: skip
COLUMNS = ["model_a", "model_b", "winner"]
# A chain of 11 models, one tie per link: a resample that misses a link (all but 10!/10^10 of
# them) splits the comparison graph or loses an end model, so no resample can be rated.
CHAIN = [(f"m{i}", f"m{i + 1}", "tie") for i in range(10)]


def _sparse() -> pd.DataFrame:
    return pd.DataFrame(SPARSE, columns=COLUMNS)


def _quiet(f, *args, **kwargs):
    with warnings.catch_warnings():  # the share of pairs imputed, warned of for the data
        warnings.simplefilter("ignore", UserWarning)
        return f(*args, **kwargs)


def _rated_rows(samples: np.ndarray, failures) -> np.ndarray:
    """``[R]`` bool: the rows not failed, after checking that failed rows are NaN and the rest not."""
    failed = np.zeros(len(samples), dtype=bool)
    failed[[i for i, _ in failures]] = True
    assert np.isnan(samples[failed]).all()
    assert not np.isnan(samples[~failed]).any()
    return ~failed


def test_deviation_battle_bootstrap_leaves_out_failed_resamples():
    battles, resamples = _sparse(), 40
    r = _quiet(uncertainty.bootstrap_battles, battles, resamples=resamples, seed=0)
    assert 0 < len(r.failures) < resamples
    reasons = {why for _, why in r.failures}
    assert "lost model 'f' (no battles drawn)" in reasons, reasons
    assert all(len(why) < 200 and "missing=" not in why for why in reasons), reasons  # short, no advice
    assert [i for i, _ in r.failures] == sorted({i for i, _ in r.failures})  # each once, in order
    s = r.samples[0]
    rated = _rated_rows(s, r.failures)
    # The bounds are the percentiles of the rated resamples (widened to hold the point estimate).
    lo, hi = np.percentile(s[rated], [2.5, 97.5], axis=0)
    np.testing.assert_allclose(r.lower[0], np.minimum(lo, r.ratings[0]), atol=1e-12)
    np.testing.assert_allclose(r.upper[0], np.maximum(hi, r.ratings[0]), atol=1e-12)
    # P(top) and the pairwise orders count the rated resamples only.
    tol = r.options.tie_tol * payoff_scale(_quiet(jaxrate.battle_game, battles))
    top = s[rated] >= s[rated].max(axis=1, keepdims=True) - tol
    np.testing.assert_allclose(r.top_probability[0], top.mean(axis=0), atol=1e-12)
    above = (s[rated][:, :, None] > s[rated][:, None, :] + tol).mean(axis=0)
    np.testing.assert_allclose(r.pairwise, above, atol=1e-12)


def test_a_resample_that_loses_a_category_is_a_failed_member():
    battles = _sparse().assign(category="x")
    battles.loc[9, "category"] = "y"  # category y: one battle, missed by about a third of resamples
    r = _quiet(uncertainty.bootstrap_battles, battles, by="category", resamples=30, seed=0)
    assert 0 < len(r.failures) < 30
    assert "lost category 'y' (no battles drawn)" in {why for _, why in r.failures}
    for s in r.samples:  # every player's row of a failed resample is NaN
        _rated_rows(s, r.failures)


def test_elo_battle_bootstrap_leaves_out_failed_resamples():
    resamples = 60
    r = elo_ratings(_sparse(), bootstrap=resamples, resample="battles", seed=0)
    assert 0 < len(r.failures) < resamples
    reasons = {why for _, why in r.failures}
    assert any(why.startswith(("lost model ", "no finite fit: ")) for why in reasons), reasons
    assert all("prior" not in why for why in reasons), reasons  # the advice is the all-failed error's
    rated = _rated_rows(r.samples, r.failures)
    lo, hi = np.percentile(r.samples[rated], [2.5, 97.5], axis=0)
    np.testing.assert_allclose(r.lower, lo)
    np.testing.assert_allclose(r.upper, hi)
    assert elo_ratings(_sparse()).failures == ()  # no bootstrap: nothing failed


def test_every_resample_failing_raises_naming_the_fix():
    with pytest.raises(ValueError, match=r"^none of the 5 bootstrap resamples of the battles") as caught:
        _quiet(uncertainty.bootstrap_battles, CHAIN, resamples=5, seed=0)
    assert "(first: #0: " in str(caught.value) and "use more battles" in str(caught.value)
    with pytest.raises(ValueError, match=r"^none of the 5 bootstrap resamples has a finite") as caught:
        elo_ratings(CHAIN, bootstrap=5, resample="battles", seed=0)
    assert "(first: #0: " in str(caught.value) and "use more battles" in str(caught.value)


def _csv(tmp_path, rows) -> str:
    path = tmp_path / "battles.csv"
    pd.DataFrame(rows, columns=COLUMNS).to_csv(path, index=False)
    return str(path)


@pytest.mark.parametrize("method", ["deviation", "elo"])
def test_cli_sparse_bootstrap_says_how_many_resamples_were_left_out(tmp_path, capsys, method):
    out = tmp_path / "r.json"
    argv = ["rate", _csv(tmp_path, SPARSE), "--method", method, "--bootstrap", "60", "--json", str(out)]
    assert main(argv) == 0
    text = " ".join(capsys.readouterr().out.split())  # the footer, unwrapped
    block = json.loads(out.read_text())["intervals"]
    failed, first = block["failed_count"], block["failed"][0]
    assert 0 < failed < 60 and len(block["failed"]) == failed
    verb = "is" if failed == 1 else "are"
    said = f"{failed} of 60 resamples could not be rated and {verb} left out (first: #{first['resample']}: "
    assert said + first["reason"] in text, text
    large = failed > 6  # more than a tenth left out: the survivors are no draw from all resamples
    assert ("may be too narrow: use more data" in text) == large
    # P(top) counts the rated resamples only: in each, some model is on top.
    assert sum(entry["p_top"] for entry in json.loads(out.read_text())["ranking"]) >= 1 - 1e-9


@pytest.mark.parametrize("method", ["deviation", "elo"])
def test_cli_bootstrap_in_which_every_resample_fails_exits_2_and_writes_nothing(tmp_path, capsys, method):
    out = tmp_path / "r.json"
    argv = ["rate", _csv(tmp_path, CHAIN), "--method", method, "--bootstrap", "20", "--json", str(out)]
    assert main(argv) == 2
    stdout, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert not stdout and not out.exists()
    assert [line for line in lines if "note:" not in line and "warning:" not in line] == lines[-1:], lines
    assert lines[-1].startswith("jaxrate: error: none of the 20 bootstrap resamples"), lines[-1]
    assert "use more battles" in lines[-1] and "missing=" not in lines[-1], lines[-1]

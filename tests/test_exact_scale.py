"""The fast exact path (HiGHS, column generation, symmetry) against the paper's method."""

import numpy as np
import pytest
from conftest import random_game
from jaxrate.ranking import tied_ranks
from jaxrate.symmetry import find_interchangeable_pair

import jaxrate
from jaxrate import games
from jaxrate.exact import deviation_ratings


def _suite(seed: int = 7):
    """300 seeded games: gaussian, integer (tied), clone-heavy and symmetric."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(300):
        family = ("normal", "integer", "clones", "symmetric")[i % 4]
        if family in ("normal", "integer"):
            out.append((family, random_game(rng, family)))
        elif family == "clones":
            g = games.Game(random_game(rng, "integer" if i % 8 == 2 else "normal"))
            for _ in range(int(rng.integers(2, 5))):
                p = int(rng.integers(g.num_players))
                g = games.clone_strategy(g, p, int(rng.integers(g.num_strategies[p])))
            out.append((family, g.payoffs))
        else:
            scores = rng.integers(0, 4, size=(int(rng.integers(2, 6)), int(rng.integers(2, 4))))
            if i % 8 == 3:
                out.append((family, jaxrate.agent_vs_agent_vs_task(scores / 3).payoffs))
            else:
                m = rng.integers(-2, 3, size=(int(rng.integers(2, 5)),) * 2).astype(float)
                out.append((family, np.stack([m, m.T])))
    return out


@pytest.mark.slow  # a sibling covers this path in the default run; compile-heavy
def test_fast_equals_naive_on_300_games():
    worst = 0.0
    for family, g in _suite():
        fast = np.concatenate(deviation_ratings(g).ratings)
        naive = np.concatenate(deviation_ratings(g, solver="naive").ratings)
        diff = float(np.max(np.abs(fast - naive)))
        assert diff <= 1e-7, (family, g.shape, diff)
        worst = max(worst, diff)
    assert worst <= 1e-7


def test_column_generation_and_symmetry_agree_with_dense():
    rng = np.random.default_rng(3)
    scores = rng.random((12, 5))
    g = jaxrate.agent_vs_agent_vs_task(scores)
    dense = deviation_ratings(g, columns="all", symmetry=None)
    for columns in ("all", "generate"):
        for symmetry in ("auto", None, (0, 1)):
            r = deviation_ratings(g, columns=columns, symmetry=symmetry)
            for a, b in zip(r.ratings, dense.ratings):
                np.testing.assert_allclose(a, b, atol=1e-9)


def test_symmetry_detection_and_override():
    rng = np.random.default_rng(4)
    g = jaxrate.agent_vs_agent_vs_task(rng.random((4, 3)))
    assert find_interchangeable_pair(g.payoffs) == (0, 1)
    assert find_interchangeable_pair(rng.random((3, 4, 4, 2))) is None
    with pytest.raises(ValueError, match="not interchangeable"):
        deviation_ratings(rng.random((3, 4, 4, 2)), symmetry=(0, 1))
    with pytest.raises(ValueError, match="symmetry must be"):
        deviation_ratings(g, symmetry="yes")
    result = deviation_ratings(g)
    np.testing.assert_allclose(result.ratings[0], result.ratings[1], atol=1e-12)
    joint = result.joint
    np.testing.assert_allclose(joint, np.swapaxes(joint, 0, 1), atol=1e-12)  # symmetric sigma*


def test_column_generation_keeps_the_master_small():
    from jaxrate.normalise import normalise_payoffs

    from jaxrate.exact._highs import HighsLevelSolver

    rng = np.random.default_rng(5)
    payoffs, _ = normalise_payoffs(rng.random((3, 30, 30, 20)))
    lp = HighsLevelSolver(payoffs, all_columns=False)
    sol = lp.solve()
    assert sol is not None
    assert len(lp.columns) < payoffs[0].size // 20  # 18,000 joints, a few hundred columns
    full = deviation_ratings(payoffs, symmetry=None)
    gen = deviation_ratings(payoffs, columns="generate", symmetry=None)
    np.testing.assert_allclose(np.concatenate(gen.ratings), np.concatenate(full.ratings), atol=1e-9)


def test_livebench_four_way_tie_for_first(livebench):
    table = livebench
    result = deviation_ratings(jaxrate.agent_vs_agent_vs_task(table))
    ranks = tied_ranks(result.ratings[0], 1e-7 * result.certificate.scale)
    top = {name for name, rank in zip(table.index, ranks) if rank == 1}
    assert top == {
        "claude-3-5-sonnet-20240620",
        "gpt-4o-2024-08-06",
        "meta-llama-3.1-405b-instruct-turbo",
        "gemini-1.5-pro-exp-0801",
    }
    assert result.certificate.max_rating_residual <= 1e-9


def test_purging_master_columns_keeps_the_ratings(monkeypatch):
    from jaxrate.exact import _highs

    made = []
    original = _highs.HighsLevelSolver.__init__

    def small_master(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.purge_above = 10  # purge after almost every level
        made.append(self)

    rng = np.random.default_rng(9)
    payoffs = rng.random((3, 12, 12, 10))
    expected = deviation_ratings(payoffs, columns="all", symmetry=None)
    monkeypatch.setattr(_highs.HighsLevelSolver, "__init__", small_master)
    purged = deviation_ratings(payoffs, columns="generate", symmetry=None)
    assert len(made[0].columns) < 200
    np.testing.assert_allclose(np.concatenate(purged.ratings), np.concatenate(expected.ratings), atol=1e-9)


@pytest.mark.slow
def test_four_million_joint_random_game_certifies_without_slack():
    """200 x 200 x 100 random payoffs: failed at HiGHS tolerance 1e-9 (slack 1e-8, residual 1e-5)."""
    payoffs = np.random.default_rng(0).random((3, 200, 200, 100))
    result = deviation_ratings(payoffs)  # raises if the certificate fails
    assert result.certificate.slack == 0.0
    assert result.certificate.max_rating_residual <= 1e-8
    assert result.levels == 122

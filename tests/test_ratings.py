"""Baselines against known values and independent computations."""

import warnings

import numpy as np
import pandas as pd
import pytest
from conftest import random_games

import jaxrate
from jaxrate import gains
from jaxrate.baselines import (
    alpha_rank,
    elo_ratings,
    fixation_probability,
    nash_average,
    online_elo,
    payoff_ratings,
    win_probabilities,
)
from jaxrate.exact import deviation_ratings

# ----------------------------------------------------------------------- Elo


def _nll_reference(wins: np.ndarray) -> np.ndarray:
    """Independent Bradley-Terry fit: scipy BFGS on the log10 loss of the paper's appendix."""
    from scipy.optimize import minimize

    m = len(wins)
    unit = 400 / np.log(10)  # optimise in natural log-odds units, report Elo points

    def loss(x):
        r = np.r_[0.0, x] * unit
        p_hat = 1.0 / (1.0 + 10 ** ((r[None, :] - r[:, None]) / 400))
        return -(wins * np.log10(p_hat)).sum()

    res = minimize(loss, np.zeros(m - 1), method="BFGS", options={"gtol": 1e-12})
    r = np.r_[0.0, res.x] * unit
    return r - r.mean()


def test_elo_two_models_known_value():
    r = elo_ratings([[0.5, 0.75], [0.25, 0.5]], models=["a", "b"])
    assert r.ratings[0] - r.ratings[1] == pytest.approx(400 * np.log10(3), abs=1e-9)
    assert r.ratings.mean() == pytest.approx(1000.0)


def test_elo_matches_independent_fit():
    rng = np.random.default_rng(0)
    strength = rng.normal(size=6)
    p = 1 / (1 + np.exp(strength[None, :] - strength[:, None]))
    p = np.clip(p + rng.normal(scale=0.05, size=p.shape), 0.02, 0.98)
    np.fill_diagonal(p, 0.5)
    ours = elo_ratings(p).ratings
    ref = _nll_reference(np.where(np.eye(6, dtype=bool), 0.0, p))
    np.testing.assert_allclose(ours - ours.mean(), ref, atol=1e-4)


def test_elo_from_battles_equals_elo_from_counts():
    battles = [("a", "b", "model_a")] * 3 + [("b", "a", "model_a")] + [("a", "c", "tie")] * 2
    battles += [("c", "b", "model_a")] * 2 + [("b", "c", "model_a"), ("c", "a", "model_b")]
    from_battles = elo_ratings(battles)
    wins = np.array([[0, 3, 2], [1, 0, 1], [1, 2, 0]], dtype=float)  # a:b 3-1, a:c 1+1 ties+1 win, c:b 2-1
    games = wins + wins.T
    p = np.where(games > 0, wins / np.where(games > 0, games, 1), 0.5)
    from_counts = elo_ratings(p, models=["a", "b", "c"], counts=games)
    np.testing.assert_allclose(from_battles.ratings, from_counts.ratings, atol=1e-8)
    frame = pd.DataFrame(battles, columns=["model_a", "model_b", "winner"])
    np.testing.assert_allclose(elo_ratings(frame).ratings, from_battles.ratings, atol=1e-10)


def test_elo_anchor_and_scale():
    p = [[0.5, 0.75], [0.25, 0.5]]
    r = elo_ratings(p, models=["a", "b"], anchor=("b", 1114.0))
    assert r.rating_of()["b"] == pytest.approx(1114.0)
    natural = elo_ratings(p, models=["a", "b"], scale=1.0, base=np.e)
    assert natural.ratings[0] - natural.ratings[1] == pytest.approx(np.log(3), abs=1e-9)


def _random_battles(seed: int, n: int, strengths=(0.0, 0.4, -0.3, 0.8)) -> list:
    """``n`` battles between 4 models of known strength (natural units), 10% ties."""
    rng = np.random.default_rng(seed)
    names = "abcd"
    out = []
    for _ in range(n):
        i, j = rng.choice(4, size=2, replace=False)
        u, p = rng.random(), 1 / (1 + np.exp(strengths[j] - strengths[i]))
        out.append(
            (names[i], names[j], "tie" if u < 0.1 else ("model_a" if u < 0.1 + 0.9 * p else "model_b"))
        )
    return out


def test_elo_anchor_prints_the_anchor_exactly_and_shifts_intervals_alike():
    battles = _random_battles(0, 400)
    free = elo_ratings(battles, bootstrap=100, seed=3)
    pinned = elo_ratings(battles, anchor=("c", 1114.0), bootstrap=100, seed=3)
    assert pinned.rating_of()["c"] == 1114.0  # exactly, as the boards print it
    shift = 1114.0 - free.rating_of()["c"]
    np.testing.assert_allclose(pinned.ratings, free.ratings + shift, atol=1e-9)
    # One constant for the board: the anchored model keeps an interval of its own.
    np.testing.assert_allclose(pinned.lower, free.lower + shift, atol=1e-9)
    np.testing.assert_allclose(pinned.upper, free.upper + shift, atol=1e-9)
    assert pinned.upper[2] - pinned.lower[2] > 1.0
    with pytest.raises(ValueError, match="anchor model 'z'"):
        elo_ratings(battles, anchor=("z", 1000.0))


def test_elo_auto_prior_only_when_the_fit_is_not_finite():
    import choix

    finite = elo_ratings([("a", "b", "model_a"), ("b", "a", "model_a")], prior="auto")
    assert finite.prior == 0.0 and finite.notes == ()
    chain = [("a", "b", "model_a"), ("b", "c", "model_a")]
    r = elo_ratings(chain, prior="auto")
    assert r.prior == 1.0 and "['a'] never lose" in r.notes[0]
    np.testing.assert_allclose(r.ratings, elo_ratings(chain, prior=1.0).ratings, atol=1e-12)
    # choix on the same wins with the virtual draws: a-b and b-c each get half a win both ways
    wins = np.array([[0, 1.5, 0], [0.5, 0, 1.5], [0, 0.5, 0]])
    theta = choix.ilsr_pairwise_dense(wins, tol=1e-14, max_iter=100_000) * 400 / np.log(10)
    np.testing.assert_allclose(r.ratings - r.ratings.mean(), theta - theta.mean(), atol=1e-6)
    with pytest.raises(ValueError, match="prior must be a number >= 0 or 'auto'"):
        elo_ratings(chain, prior="always")


def test_elo_sandwich_intervals_have_the_closed_form_of_two_models():
    # 30 wins and 10 losses: Fisher information n p (1 - p) on the difference, arena-rank's
    # ridge 1e-5 per battle on the diagonal, the scores' outer products n p (1 - p) too.
    won, lost = 30, 10
    r = elo_ratings([("a", "b", "model_a")] * won + [("a", "b", "model_b")] * lost, intervals="sandwich")
    n, p = won + lost, won / (won + lost)
    info = n * p * (1 - p)
    # Along (1, -1): H = 2 info + ridge, G = 2 info; so var(r_a) = info / (2 info + ridge)^2.
    sigma = np.sqrt(info / (2 * info + 1e-5 * n) ** 2) * 400 / np.log(10)
    half = 1.959963984540054 * sigma
    np.testing.assert_allclose(r.upper - r.ratings, [half, half], rtol=1e-7)  # the fit's own precision
    np.testing.assert_allclose(r.ratings - r.lower, [half, half], rtol=1e-7)
    assert r.intervals == "sandwich" and r.samples is None
    assert r.ratings[0] - r.ratings[1] == pytest.approx(400 * np.log10(3), abs=1e-9)


def test_elo_battle_bootstrap_agrees_with_the_sandwich():
    # Drawing all battles with replacement (the boards' bootstrap) has the sandwich's spread.
    battles = _random_battles(1, 3000)
    boot = elo_ratings(battles, bootstrap=400, resample="battles", seed=0)
    sandwich = elo_ratings(battles, intervals="sandwich")
    np.testing.assert_allclose(boot.upper - boot.lower, sandwich.upper - sandwich.lower, rtol=0.15)
    assert np.all(boot.samples.std(axis=0) > 0) and boot.intervals == "bootstrap"
    with pytest.raises(ValueError, match="resample must be 'pairs' or 'battles'"):
        elo_ratings(battles, bootstrap=2, resample="rows")


def test_elo_bootstrap_narrows_with_more_battles():
    rng = np.random.default_rng(1)
    base = [("a", "b", "model_a" if rng.random() < 0.7 else "model_b") for _ in range(40)]
    base += [("b", "c", "model_a" if rng.random() < 0.6 else "model_b") for _ in range(40)]
    small = elo_ratings(base, bootstrap=200, seed=0)
    large = elo_ratings(base * 16, bootstrap=200, seed=0)
    assert np.all(small.lower <= small.ratings + 1e-9) and np.all(small.ratings <= small.upper + 1e-9)
    assert np.all((large.upper - large.lower) < 0.5 * (small.upper - small.lower))


def test_elo_separable_data_is_a_clear_error():
    with pytest.raises(ValueError, match="never lose"):
        elo_ratings([("a", "b", "model_a"), ("b", "c", "model_a")], prior=0)
    r = elo_ratings([("a", "b", "model_a"), ("b", "c", "model_a")], prior=1.0)
    assert r.ratings[0] > r.ratings[1] > r.ratings[2]


@pytest.mark.parametrize(
    "battles, match",
    [
        ([("a", "b", "model_c")], "winner"),
        ([("a", "a", "tie")], "itself"),
        ([("a", "b")], "not \\(model_a, model_b, winner\\)"),
        ([], "no battle"),
    ],
)
def test_elo_bad_battles(battles, match):
    with pytest.raises(ValueError, match=match):
        elo_ratings(battles) if battles else jaxrate.baselines.battle_wins(battles)


def test_elo_bad_matrix():
    with pytest.raises(ValueError, match="square"):
        elo_ratings(np.ones((2, 3)) / 2)
    with pytest.raises(ValueError, match="in \\[0, 1\\]"):
        elo_ratings([[0.5, 1.5], [0.0, 0.5]])
    with pytest.raises(ValueError, match="counts"):
        elo_ratings([[0.5, 0.6], [0.4, 0.5]], bootstrap=3)


def test_online_elo_by_hand():
    r = online_elo([("a", "b", "model_a"), ("a", "b", "model_b")], k=32)
    # 1: equal ratings, a wins: +-16. 2: b (984) beats a (1016): E_b = 1 / (1 + 10^0.08).
    delta = 32 * (1 - 1 / (1 + 10**0.08))
    assert r.rating_of() == pytest.approx({"a": 1016 - delta, "b": 984 + delta}, abs=1e-9)
    assert delta == pytest.approx(17.4695, abs=1e-4)


def test_online_elo_bootstrap():
    battles = [("a", "b", "model_a")] * 30 + [("a", "b", "model_b")] * 10
    r = online_elo(battles, bootstrap=100, seed=3)
    assert r.samples.shape == (100, 2)
    assert r.lower[0] > 1000 > r.upper[1]


def test_win_probabilities_count_ties_half():
    p, models = win_probabilities(pd.DataFrame({"t1": [1, 0, 1], "t2": [0, 0, 1]}, index=["x", "y", "z"]))
    assert models == ("x", "y", "z")
    np.testing.assert_allclose(p, [[0.5, 0.75, 0.25], [0.25, 0.5, 0.0], [0.75, 1.0, 0.5]])


# ----------------------------------------------------------------------- Nash averaging


def test_nash_average_rps_and_clone_split():
    rps = np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], dtype=float)
    r = nash_average(rps)
    np.testing.assert_allclose(r.ratings[0], 0.0, atol=1e-7)
    np.testing.assert_allclose(r.equilibrium[0], 1 / 3, atol=1e-6)
    # Matching pennies with the column player's first strategy cloned: the
    # maximum-entropy equilibrium splits that strategy's mass over its copies.
    mp = np.array([[1, -1, 1], [-1, 1, -1]], dtype=float)
    r = nash_average(mp)
    np.testing.assert_allclose(r.equilibrium[1], [0.25, 0.5, 0.25], atol=1e-6)
    np.testing.assert_allclose(r.ratings[0], 0.0, atol=1e-7)
    assert r.value == pytest.approx(0.0, abs=1e-9)


def test_nash_average_is_deviation_rating_plus_value_on_generic_games():
    for g in random_games(31, 40, kinds=("zerosum",)):
        na = nash_average(g)
        dr = deviation_ratings(g)
        np.testing.assert_allclose(dr.ratings[0], na.ratings[0] - na.value, atol=1e-6)
        np.testing.assert_allclose(dr.ratings[1], na.ratings[1] + na.value, atol=1e-6)


def test_nash_average_and_deviation_ratings_differ_on_degenerate_games():
    # Row payoffs [[1, 0], [0, 0]]: value 0, the column player must play 2, and
    # every row mixture is maximin. Nash averaging takes the max-entropy row
    # mixture (1/2, 1/2): column 1 is rated -1/2. Deviation ratings minimise
    # column 1's gain lexicographically (row 1 played for sure): -1.
    m = np.array([[1.0, 0.0], [0.0, 0.0]])
    na = nash_average(m)
    dr = deviation_ratings(np.stack([m, -m]))
    np.testing.assert_allclose(na.equilibrium[0], [0.5, 0.5], atol=1e-6)
    np.testing.assert_allclose(na.ratings[1], [-0.5, 0.0], atol=1e-6)
    np.testing.assert_allclose(dr.ratings[1], [-1.0, 0.0], atol=1e-9)


def test_nash_average_rejects_other_games():
    with pytest.raises(ValueError, match="3 players"):
        nash_average(np.zeros((3, 2, 2, 2)))
    with pytest.raises(ValueError, match="zero-sum"):
        nash_average(np.ones((2, 2, 2)) * np.array([[[1, 0], [0, 1]], [[1, 0], [0, 1]]]))
    constant_sum = np.stack([np.eye(2), 1 - np.eye(2)])  # G_0 + G_1 = 1: accepted
    assert nash_average(constant_sum).value == pytest.approx(0.5, abs=1e-9)


# ----------------------------------------------------------------------- alpha-rank


def test_fixation_probability_closed_forms():
    x = np.array([-3.0, -0.5, 0.0, 0.5, 3.0])
    np.testing.assert_allclose(fixation_probability(x, 1.0, 2), 1 / (1 + np.exp(-x)), rtol=1e-12)
    assert fixation_probability(np.array([-1e4]), 1.0, 50)[0] == 0.0  # underflow, no overflow warning
    assert fixation_probability(np.array([1e4]), 1.0, 50)[0] == pytest.approx(1.0)


def _dense_alpha_rank(g: np.ndarray, alpha: float, m: int) -> np.ndarray:
    """Independent dense construction: enumerate profiles and neighbours, take the eigenvector."""
    shape = g.shape[1:]
    profiles = list(np.ndindex(*shape))
    index = {s: i for i, s in enumerate(profiles)}
    eta = 1 / sum(a - 1 for a in shape)
    c = np.zeros((len(profiles), len(profiles)))
    for s in profiles:
        for k, a_k in enumerate(shape):
            for b in range(a_k):
                if b == s[k]:
                    continue
                t = s[:k] + (b,) + s[k + 1 :]
                d = g[k][t] - g[k][s]
                rho = 1 / m if d == 0 else (1 - np.exp(-alpha * d)) / (1 - np.exp(-m * alpha * d))
                c[index[s], index[t]] = eta * rho
        c[index[s], index[s]] = 1 - c[index[s]].sum()
    w, v = np.linalg.eig(c.T)
    pi = np.real(v[:, np.argmin(np.abs(w - 1))])
    return (pi / pi.sum()).reshape(shape)


def test_alpha_rank_matches_dense_reference():
    rng = np.random.default_rng(4)
    for shape in [(3, 3), (2, 3, 4), (4, 2)]:
        g = rng.random((len(shape),) + shape)
        r = alpha_rank(g, alpha=2.0, population_size=10)
        np.testing.assert_allclose(r.stationary, _dense_alpha_rank(g, 2.0, 10), atol=1e-10)
        for rating in r.ratings:
            assert rating.sum() == pytest.approx(1.0)


def test_alpha_rank_known_values():
    mp = [[[1, -1], [-1, 1]], [[-1, 1], [1, -1]]]  # matching pennies: a cycle, uniform
    np.testing.assert_allclose(alpha_rank(mp).ratings[0], [0.5, 0.5], atol=1e-12)
    # Prisoner's dilemma: defection is dominant; at large alpha all mass is on (D, D).
    pd_game = np.array([[[3, 0], [5, 1]], [[3, 5], [0, 1]]], dtype=float)
    r = alpha_rank(pd_game)
    assert r.ratings[0][1] > 0.999 and r.ratings[1][1] > 0.999


def test_alpha_rank_several_stationary_distributions_is_an_error():
    coordination = np.array([[[1, 0], [0, 1]], [[1, 0], [0, 1]]], dtype=float)
    assert alpha_rank(coordination, alpha=1.0).ratings[0] == pytest.approx([0.5, 0.5])
    with pytest.raises(ValueError, match="2 stationary distributions"):
        alpha_rank(coordination, alpha=1e4)
    with pytest.raises(ValueError, match="population_size"):
        alpha_rank(coordination, population_size=1)


def test_alpha_rank_matches_open_spiel():
    from open_spiel.python.egt import alpharank

    rng = np.random.default_rng(5)
    for shape in [(3, 3), (2, 4), (3, 2, 2)]:
        g = rng.random((len(shape),) + shape)
        for alpha in (0.5, 5.0):
            ours = alpha_rank(g, alpha=alpha, population_size=20)
            theirs = alpharank.compute([g[k] for k in range(len(shape))], m=20, alpha=alpha, verbose=False)[2]
            np.testing.assert_allclose(ours.stationary.reshape(-1), theirs, atol=1e-12)


# ----------------------------------------------------------------------- payoff ratings (ME-CCE)


def _max_entropy_cce_reference(g: np.ndarray) -> np.ndarray:
    import cvxpy as cp

    a = gains.constraint_matrix(g)
    x = cp.Variable(a.shape[1])
    problem = cp.Problem(cp.Maximize(cp.sum(cp.entr(x))), [a @ x <= 0, cp.sum(x) == 1, x >= 0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        problem.solve(solver=cp.CLARABEL, tol_gap_abs=1e-12, tol_gap_rel=1e-12, tol_feas=1e-12)
    x = np.maximum(x.value, 0.0)
    return (x / x.sum()).reshape(g.shape[1:])


def _entropy(sigma: np.ndarray) -> float:
    s = sigma[sigma > 0]
    return float(-(s * np.log(s)).sum())


def test_payoff_ratings_match_primal_max_entropy_cce():
    for i, g in enumerate(random_games(41, 16)):
        r = payoff_ratings(g)
        ref = _max_entropy_cce_reference(g)
        assert r.cce_gap <= 1e-7 * np.ptp(g)
        if i % 2 == 0:  # gaussian: the CCE polytope has an interior, both solvers are accurate
            np.testing.assert_allclose(r.joint, ref, atol=1e-6)
        else:
            # Integer payoffs: the optimal face often has no interior, where the
            # interior-point reference is only good to ~1e-5 (seen: 0.49999 /
            # 0.50001 for an exact 1/2 split). Compare what is optimised instead.
            assert _entropy(r.joint) >= _entropy(ref) - 1e-7
        # payoff rating = deviation gain + the player's expected payoff
        dev = gains.deviation_gains_per_player(g, r.joint)
        for p in range(g.shape[0]):
            np.testing.assert_allclose(r.ratings[p] - dev[p], (r.joint * g[p]).sum(), atol=1e-12)


def test_payoff_ratings_degenerate_face_exact_split():
    # Row 0 can get no mass in any CCE (it would give row 1 a positive gain);
    # in row 1 the column player is indifferent, so the maximum-entropy CCE is
    # exactly (1/2, 1/2) there.
    g = np.array([[[1.0, -2.0], [2.0, -2.0]], [[1.0, -1.0], [0.0, 0.0]]])
    np.testing.assert_allclose(payoff_ratings(g).joint, [[0, 0], [0.5, 0.5]], atol=1e-8)


def test_payoff_ratings_known_values():
    mp = [[[1, -1], [-1, 1]], [[-1, 1], [1, -1]]]
    r = payoff_ratings(mp)
    np.testing.assert_allclose(r.joint, 0.25, atol=1e-7)
    np.testing.assert_allclose(r.ratings[0], 0.0, atol=1e-7)
    # A constant game: every joint is a CCE, the uniform one has maximum entropy.
    r = payoff_ratings(np.ones((2, 2, 3)))
    np.testing.assert_allclose(r.joint, 1 / 6)


# ----------------------------------------------------------------------- task contributions


def test_task_contributions_sum_to_ratings_and_match_a_loop():
    table = jaxrate.datasets.load("atari").iloc[:12, :6]
    game = jaxrate.agent_vs_agent_vs_task(table)
    result = deviation_ratings(game)
    c = jaxrate.task_contributions(game.payoffs, result.joint, player=0, over=2)
    assert c.shape == (12, 6)
    np.testing.assert_allclose(c.sum(axis=1), result.ratings[0], atol=1e-9)
    g, sigma = game.payoffs, result.joint
    loop = np.zeros((12, 6))
    for a, b, t in np.ndindex(*sigma.shape):
        loop[:, t] += sigma[a, b, t] * (g[0][:, b, t] - g[0][a, b, t])
    np.testing.assert_allclose(c, loop, atol=1e-12)


def test_task_contributions_under_jax_vmap():
    import jax
    import jax.numpy as jnp

    rng = np.random.default_rng(6)
    payoffs = rng.random((5, 3, 4, 3, 2))
    sigma = rng.dirichlet(np.ones(24), size=5).reshape(5, 4, 3, 2)
    with jax.enable_x64(True):
        batched = jax.vmap(lambda g, s: jaxrate.task_contributions(g, s, player=1, over=0))(
            jnp.asarray(payoffs), jnp.asarray(sigma)
        )
        batched = np.asarray(batched)
    for i in range(5):
        np.testing.assert_allclose(
            batched[i], jaxrate.task_contributions(payoffs[i], sigma[i], player=1, over=0), atol=1e-12
        )


def test_task_contributions_bad_players():
    with pytest.raises(ValueError, match="two different players"):
        jaxrate.task_contributions(np.zeros((2, 2, 2)), np.full((2, 2), 0.25), player=1, over=1)


def _lp_equilibrium(m: np.ndarray) -> tuple[np.ndarray, float]:
    """Independent reference: the column player's minimax strategy by HiGHS dual simplex (a vertex)."""
    from scipy.optimize import linprog

    rows, cols = m.shape
    res = linprog(
        np.r_[np.zeros(cols), 1.0],
        A_ub=np.c_[m, -np.ones(rows)],
        b_ub=np.zeros(rows),
        A_eq=np.r_[np.ones(cols), 0.0][None],
        b_eq=[1.0],
        bounds=[(0, None)] * cols + [(None, None)],
        method="highs-ds",
    )
    return res.x[:-1], float(res.x[-1])


@pytest.mark.parametrize("shape", [(20, 30), (50, 50), (50, 7), (3, 50), (35, 35)])
def test_nash_average_matches_an_exact_lp_to_1e_9(shape):
    # Gaussian games have a unique equilibrium: the simplex vertex is the
    # maximum-entropy one, and Nash averages are exact payoffs against it.
    rng = np.random.default_rng(sum(shape))
    for _ in range(3):
        m = rng.normal(size=shape)
        na = nash_average(m)
        y, value = _lp_equilibrium(m)
        x, minus_value = _lp_equilibrium(-m.T)
        assert na.value == pytest.approx(value, abs=1e-9) and value == pytest.approx(-minus_value, abs=1e-12)
        np.testing.assert_allclose(na.ratings[0], m @ y, atol=1e-9)
        np.testing.assert_allclose(na.ratings[1], -(x @ m), atol=1e-9)
        np.testing.assert_allclose(na.equilibrium[1], y, atol=1e-9)
        dr = deviation_ratings(np.stack([m, -m]))
        np.testing.assert_allclose(dr.ratings[0], na.ratings[0] - na.value, atol=1e-9)


def test_nash_average_degenerate_games_are_exact_maximum_entropy_equilibria():
    # Integer payoffs: equilibrium faces with more than one point. The answer
    # must be an exact equilibrium and at least as entropic as an independent
    # interior-point maximum-entropy solve on the (relaxed) face.
    import cvxpy as cp

    rng = np.random.default_rng(8)
    for _ in range(12):
        m = rng.integers(-2, 3, size=tuple(rng.integers(3, 8, size=2))).astype(float)
        na = nash_average(m)
        x, y = na.equilibrium
        _, value = _lp_equilibrium(m)
        assert na.value == pytest.approx(value, abs=1e-12)
        assert np.max(m @ y) <= value + 1e-12 and np.min(x @ m) >= value - 1e-12
        assert x.sum() == pytest.approx(1.0, abs=1e-14) and y.sum() == pytest.approx(1.0, abs=1e-14)
        ref = cp.Variable(m.shape[1])
        problem = cp.Problem(cp.Maximize(cp.sum(cp.entr(ref))), [m @ ref <= value + 1e-9, cp.sum(ref) == 1])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            problem.solve(solver=cp.CLARABEL)
        assert _entropy(y) >= _entropy(np.maximum(ref.value, 0)) - 1e-6


def _open_spiel_alpharank():
    from open_spiel.python.egt import alpharank

    return alpharank


def _arena_everyone_met(arena_battles) -> np.ndarray:
    from jaxrate.games import win_rate_game

    return win_rate_game(arena_battles, missing="drop-models").game.payoffs  # 39 models


def _real_game(which, request) -> np.ndarray:
    """LiveBench from the shared data (the test skips without it); the Arena counts are shipped."""
    if which == "livebench_2p":
        return jaxrate.agent_vs_task(request.getfixturevalue("livebench")).payoffs  # 65 x 18 = 1,170 profiles
    return _arena_everyone_met(request.getfixturevalue("arena_battles"))  # 39 x 39 = 1,521 profiles


@pytest.mark.parametrize("which", ["livebench_2p", "arena_39"])
def test_alpha_rank_sparse_iterative_and_dense_agree(which, request, monkeypatch):
    from jaxrate.baselines import _alpharank

    g = _real_game(which, request)
    sparse = alpha_rank(g).stationary
    dense = alpha_rank(g, method="dense").stationary
    monkeypatch.setattr(_alpharank, "_DIRECT_STATES", 0)  # the iterative solve used above 4,096 states
    iterative = alpha_rank(g).stationary
    np.testing.assert_allclose(sparse, dense, atol=1e-12)
    np.testing.assert_allclose(iterative, dense, atol=1e-12)
    assert sparse.sum() == pytest.approx(1.0, abs=1e-14) and sparse.min() >= 0


def test_alpha_rank_blocks_equal_the_assembled_chain():
    # The per-player blocks (never assembled) against the sparse matrix they replace.
    from jaxrate.baselines import _alpharank, _alpharank_operator

    rng = np.random.default_rng(7)
    games = [rng.normal(size=(len(shape), *shape)) for shape in [(5, 4), (4, 3, 5), (3, 3, 3, 2)]]
    games.append(jaxrate.agent_vs_agent_vs_task(rng.random((7, 4))).payoffs)
    for g in games:
        alpha = 10 / np.ptp(g)
        chain = _alpharank_operator.transition_blocks(g, alpha, 50)
        c, leave = _alpharank._transitions(g, alpha, 50)
        np.testing.assert_allclose(chain.leave.ravel(), leave, rtol=1e-12, atol=0)
        assembled = _alpharank._stationary(c, leave, g.shape[1:]).reshape(g.shape[1:])
        np.testing.assert_allclose(_alpharank_operator.stationary(chain), assembled, atol=1e-10)
    # An agent's move in agent vs agent vs task does not depend on the other agent's choice:
    # its blocks are kept once per task ([1, tasks, A, A]), the task player's per pair of agents.
    assert [b.shape for b in chain.blocks] == [(1, 4, 7, 7), (1, 4, 7, 7), (7, 7, 4, 4)]
    # A rho that underflows to 0 may split the chain: the assembled path decides (and names it).
    assert _alpharank_operator.stationary(_alpharank_operator.transition_blocks(games[0], 1e5, 50)) is None


def test_alpha_rank_of_a_3p_table_above_the_direct_size_uses_the_blocks(monkeypatch):
    from jaxrate.baselines import _alpharank

    g = jaxrate.agent_vs_agent_vs_task(np.random.default_rng(3).random((17, 15))).payoffs  # 4,335 profiles
    c, leave = _alpharank._transitions(g, 10 / np.ptp(g), 50)
    assembled = _alpharank._stationary(c, leave, g.shape[1:]).reshape(g.shape[1:])

    def no_assembly(*args):
        raise AssertionError("the chain was assembled")

    monkeypatch.setattr(_alpharank, "_transitions", no_assembly)
    result = alpha_rank(g)
    np.testing.assert_allclose(result.stationary, assembled, atol=1e-10)
    assert result.ratings[0].sum() == pytest.approx(1.0, abs=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize("which", ["livebench_2p", "arena_39"])
def test_alpha_rank_matches_open_spiel_on_real_games(which, request):
    alpharank = _open_spiel_alpharank()  # a dense eigenvector over all profiles: ~30 s each
    g = _real_game(which, request)
    ours = alpha_rank(g).stationary
    theirs = alpharank.compute([g[0], g[1]], m=50, alpha=10.0 / np.ptp(g), verbose=False)[2]
    np.testing.assert_allclose(ours, theirs.reshape(ours.shape), atol=1e-9)


def _symmetric_games(seed: int):
    rng = np.random.default_rng(seed)
    for size in (2, 3, 5, 8):
        m = rng.normal(size=(size, size))
        yield np.stack([m, m.T])  # general-sum symmetric: OpenSpiel's Moran product formula
        w = rng.normal(size=(size, size))
        yield np.stack([w - w.T, (w - w.T).T])  # zero-sum: its closed form


def test_single_population_alpha_rank_matches_open_spiel(arena_battles):
    alpharank = _open_spiel_alpharank()
    games = list(_symmetric_games(9)) + [_arena_everyone_met(arena_battles)]
    for g in games:
        for alpha in (0.5, 5.0) if len(g[0]) < 10 else (10.0,):
            ours = alpha_rank(g, alpha=alpha, populations="single", population_size=20)
            theirs = alpharank.compute(
                [g[0]], m=20, alpha=alpha, use_local_selection_model=False, verbose=False
            )[2]
            np.testing.assert_allclose(ours.stationary, theirs, atol=1e-9)
            np.testing.assert_allclose(
                ours.stationary,
                alpha_rank(
                    g, alpha=alpha, populations="single", population_size=20, method="dense"
                ).stationary,
                atol=1e-13,
            )
            assert ours.ratings[0] is ours.stationary and ours.stationary.sum() == pytest.approx(1.0)


def test_single_population_alpha_rank_rejects_asymmetric_games():
    with pytest.raises(ValueError, match="symmetric two-player game"):
        alpha_rank(np.random.default_rng(0).normal(size=(2, 3, 3)), populations="single")
    with pytest.raises(ValueError, match="populations must be"):
        alpha_rank(np.zeros((2, 2, 2)), populations="both")


@pytest.mark.parametrize("scale", [1e-3, 1.0, 1e3])
def test_nash_average_is_exact_in_any_payoff_units(scale):
    # Gaussian games in several units (milli-points, Elo-like thousands): the
    # answer scales with them, to 1e-9 of the payoff range. The 50 x 31 and
    # 45 x 40 games are ill-conditioned: the interior point leaves ~1e-5 of
    # slack on rows that are tight at the equilibrium.
    rng = np.random.default_rng(11)
    for shape in [(17, 42), (50, 31), (33, 11), (45, 40)]:
        m = rng.normal(size=shape)
        na = nash_average(scale * m)
        y, value = _lp_equilibrium(m)
        x, _ = _lp_equilibrium(-m.T)
        assert na.value / scale == pytest.approx(value, abs=1e-9)
        np.testing.assert_allclose(na.ratings[0] / scale, m @ y, atol=1e-9)
        np.testing.assert_allclose(na.ratings[1] / scale, -(x @ m), atol=1e-9)


def test_nash_average_survives_a_failed_maximum_entropy_solve():
    # A Gaussian 2 x 10 game with a pure equilibrium on which the conic solver
    # fails outright (its face is a corner of the simplex): the LP's vertex,
    # polished and certified, is the answer.
    m = np.array(
        [
            [-0.05647412641583398, 0.040279000123218014, 0.20238308165841845, -0.08888410405134547,
             -0.024135915552599897, -0.09299047062545922, 0.030938337537394923, -0.05497015891932684,
             0.17963258354707676, 0.009969752869383713],
            [-0.08324213190662426, -0.12774320334473838, 0.10563048346618206, 0.07050176752797602,
             0.12271998047003532, -0.09328965932955928, 0.014457639619001546, -0.07836971005266614,
             0.13969693109518352, -0.10928413300901747],
        ]
    )  # fmt: skip
    na = nash_average(m)
    y, value = _lp_equilibrium(m)
    x, _ = _lp_equilibrium(-m.T)
    assert na.value == pytest.approx(value, abs=1e-12)
    np.testing.assert_allclose(na.equilibrium[0], x, atol=1e-12)
    np.testing.assert_allclose(na.equilibrium[1], y, atol=1e-12)

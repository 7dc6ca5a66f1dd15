"""``jaxrate reproduce STUDY``: the paper's studies, with the paper's claims beside what we compute."""

from __future__ import annotations

import os
from fractions import Fraction

import numpy as np

from jaxrate.cli import _output

STUDIES = ("shapley", "populations", "atari", "livebench", "improvement")
EXAMPLES = """examples:
  jaxrate reproduce shapley --out shapley/
  jaxrate reproduce populations --out populations/
  jaxrate reproduce atari --out atari/
  jaxrate reproduce livebench --data ../shared/data/livebench_2024_08_17.csv --out livebench/
  jaxrate reproduce improvement --out improvement/ --iterations 128 --seeds 3   # needs OpenSpiel
"""


def add_options(parser) -> None:
    parser.add_argument("study", choices=STUDIES, help="which study")
    parser.add_argument("--out", required=True, metavar="DIR", help="folder for tables and figures (created)")
    parser.add_argument("--data", metavar="CSV", help="livebench: the LiveBench snapshot (scores 0-100)")
    parser.add_argument("--seed", type=int, default=0, help="populations: sampling seed")
    parser.add_argument("--iterations", type=int, default=128, help="improvement: loop iterations")
    parser.add_argument("--seeds", type=int, default=3, help="improvement: seeds per game and method")
    parser.add_argument(
        "--evaluator",
        choices=("tables", "openspiel"),
        default="tables",
        help="improvement: meta-games by one tensor contraction over the game tree (default) "
        "or by pyspiel.expected_returns per new profile (same payoffs, slower)",
    )
    parser.add_argument(
        "--sampler",
        choices=("dirichlet", "openspiel"),
        default="dirichlet",
        help="improvement: random policies with flat Dirichlet action probabilities (default) "
        "or from pyspiel.GetRandomPolicy (uniform weights, normalised)",
    )


def run(args, argv) -> int:
    parent = os.path.dirname(os.path.abspath(args.out))
    if not os.path.isdir(parent):
        raise ValueError(f"--out {args.out}: directory {parent} does not exist")
    if args.study == "livebench" and args.data is None:
        raise ValueError("reproduce livebench needs --data path/to/livebench_2024_08_17.csv")
    os.makedirs(args.out, exist_ok=True)
    studies = {
        "shapley": _shapley,
        "populations": _populations,
        "atari": _atari,
        "livebench": _livebench,
        "improvement": _improvement,
    }
    claims = studies[args.study](args)
    rows = [[c, p, o, "yes" if ok else "NO"] for c, p, o, ok in claims]
    _output.print_table(["claim", "paper", "computed", "holds"], rows, [False, False, False, False])
    _output.write_csv(os.path.join(args.out, "claims.csv"), ["claim", "paper", "computed", "holds"], rows)
    print(f"tables and figures written to {args.out}")
    return 0


def _fraction(x: float) -> str:
    return str(Fraction(float(x)).limit_denominator(100_000))


# --------------------------------------------------------------------------- Shapley


def biased_shapley() -> np.ndarray:
    """The paper's biased Shapley game with the Nash strategy N added, payoffs ``[2, 4, 4]``."""
    n = 241
    p1 = np.array(
        [
            [-8, -2, 4, -680 / n],
            [2, -8, -1, -680 / n],
            [-4, 1, -8, -680 / n],
            [-712 / n, -920 / n, -184 / n, -680 / n],
        ]
    )
    return np.stack([p1, p1.T])


def _shapley(args):
    import jaxrate

    g = biased_shapley()
    names = ["R", "P", "S", "N"]
    dev = jaxrate.exact.deviation_ratings(g).ratings[0]
    uni = jaxrate.uniform_ratings(g)[0]
    payoff_rows = [
        [names[i]] + [f"{_fraction(g[0, i, j])},{_fraction(g[1, i, j])}" for j in range(4)] for i in range(4)
    ]
    _output.write_csv(os.path.join(args.out, "payoffs.csv"), ["row", *names], payoff_rows)
    rating_rows = [
        [names[i], _fraction(uni[i]), _fraction(dev[i]), f"{uni[i]:.9f}", f"{dev[i]:.9f}"] for i in range(4)
    ]
    headers = ["strategy", "uniform", "deviation", "uniform (decimal)", "deviation (decimal)"]
    _output.write_csv(os.path.join(args.out, "ratings.csv"), headers, rating_rows)
    _output.print_table(headers, rating_rows, [False, True, True, True, True], title="biased Shapley ratings")
    paper_uni = np.array([-2126, -2367, -3331, -2497]) / 964
    return [
        (
            "deviation ratings R = P = S = N = -2720/964",
            "-2720/964 (= -680/241)",
            ", ".join(_fraction(x) for x in dev),
            bool(np.allclose(dev, -2720 / 964, atol=1e-9)),
        ),
        (
            "uniform ratings of R, P, S (Table 2b)",
            "-2126, -2367, -3331 (/964)",
            ", ".join(f"{x * 964:.2f}" for x in uni[:3]) + " (/964)",
            bool(np.allclose(uni[:3], paper_uni[:3], atol=1e-9)),
        ),
        (
            "uniform rating of N (Table 2b; the N row averages to -2496/964, a typo in the paper?)",
            "-2497/964",
            f"{uni[3] * 964:.2f}/964",
            bool(abs(uni[3] - paper_uni[3]) < 1e-9),
        ),
        (
            "uniform ranks R > P > N > S",
            "R P N S",
            " ".join(names[i] for i in np.argsort(-uni)),
            bool(list(np.argsort(-uni)) == [0, 1, 3, 2]),
        ),
    ]


# --------------------------------------------------------------------------- populations

POPULATIONS = {
    "unbiased": "R, P, S and 47 mixtures ~ Dirichlet(1, 1, 1)",
    "biased": "R, P, S and 47 mixtures ~ Dirichlet(1, 8, 1) (mostly paper)",
    "restricted": "corners 0.05 + 0.85 e_i and 47 mixtures 0.05 + 0.85 Dirichlet(1, 1, 1)",
    "minority S": "R, P and 48 mixtures ~ Dirichlet(1, 1, 1) with S <= 0.15",
    "impure": "50 mixtures ~ Dirichlet(5, 5, 5) (no pure strategy in the convex hull)",
}


def population(name: str, rng: np.random.Generator, size: int = 50) -> np.ndarray:
    """Mixtures over (R, P, S), ``[size, 3]``, for one of :data:`POPULATIONS`."""
    pure = np.eye(3)
    if name == "unbiased":
        return np.vstack([pure, rng.dirichlet([1, 1, 1], size - 3)])
    if name == "biased":
        return np.vstack([pure, rng.dirichlet([1, 8, 1], size - 3)])
    if name == "restricted":
        corners = 0.05 + 0.85 * pure
        return np.vstack([corners, 0.05 + 0.85 * rng.dirichlet([1, 1, 1], size - 3)])
    if name == "minority S":
        draws = rng.dirichlet([1, 1, 1], 20 * size)
        return np.vstack([pure[:2], draws[draws[:, 2] <= 0.15][: size - 2]])
    if name == "impure":
        return rng.dirichlet([5, 5, 5], size)
    raise ValueError(f"unknown population {name!r}")


def population_game(mixtures: np.ndarray) -> np.ndarray:
    """Symmetric two-player game between mixtures of the biased Shapley game's R, P, S."""
    base = biased_shapley()[0][:3, :3]
    g1 = mixtures @ base @ mixtures.T
    return np.stack([g1, g1.T])


def _populations(args):
    import jaxrate
    from jaxrate.cli._report import _pyplot

    rng = np.random.default_rng(args.seed)
    plt = _pyplot()
    fig, axes = plt.subplots(2, 5, figsize=(16, 6.6))
    claims = []
    rows = []
    for k, name in enumerate(POPULATIONS):
        mix = population(name, rng)
        g = population_game(mix)
        result = jaxrate.exact.deviation_ratings(g)
        dev, uni = result.ratings[0], jaxrate.uniform_ratings(g)[0]
        mass = result.joint.sum(axis=1)
        for i in range(len(mix)):
            rows.append(
                [name, *(f"{x:.6f}" for x in mix[i]), f"{uni[i]:.9f}", f"{dev[i]:.9f}", f"{mass[i]:.6f}"]
            )
        for row, (label, r) in enumerate((("uniform", uni), ("deviation", dev))):
            _ternary(axes[row, k], mix, r, mass, plt)
            axes[row, k].set_title(f"{name}: {label}" if row == 0 else label, fontsize=9)
        spread = float(np.ptp(dev))
        best_uniform = "RPS"[int(np.argmax(mix[np.argmax(uni)]))]
        if name in ("unbiased", "biased", "restricted"):
            claims.append(
                (f"{name}: deviation ratings all equal", "equal", f"spread {spread:.1e}", spread <= 1e-7)
            )
        if name == "unbiased":
            claims.append(("unbiased: uniform rates rock highest", "R", best_uniform, best_uniform == "R"))
        if name == "biased":
            claims.append(
                ("biased (mostly paper): uniform favours scissors", "S", best_uniform, best_uniform == "S")
            )
        if name == "minority S":
            on_support = mix[mass > 1e-9]
            has_r = bool((on_support[:, 0] > 0.5).any())
            has_p = bool((on_support[:, 1] > 0.5).any())
            claims.append(
                (
                    "minority S: both R and P get equilibrium mass",
                    "R and P",
                    f"R-heavy {has_r}, P-heavy {has_p}",
                    has_r and has_p,
                )
            )
            top = "RPS"[int(np.argmax(mix[np.argmax(dev)]))]
            claims.append(("minority S: deviation ratings favour paper", "P", top, top == "P"))
    fig.tight_layout()
    for ext in ("png", "svg"):
        buffer_path = os.path.join(args.out, f"populations.{ext}")
        from jaxrate.cli._report import _save

        _save(fig, buffer_path)
    plt.close(fig)
    headers = ["population", "R", "P", "S", "uniform", "deviation", "equilibrium mass"]
    _output.write_csv(os.path.join(args.out, "populations.csv"), headers, rows)
    return claims


def _ternary(ax, mix, ratings, mass, plt) -> None:
    corners = np.array([[0.0, 0.0], [1.0, 0.0], [0.5, np.sqrt(3) / 2]])
    xy = mix @ corners
    ax.plot(*np.vstack([corners, corners[:1]]).T, color="grey", linewidth=0.6)
    for label, (x, y) in zip("RPS", corners):
        ax.text(x, y + (0.04 if y > 0 else -0.08), label, ha="center", fontsize=8)
    span = np.ptp(ratings)
    colour = (ratings - ratings.min()) / span if span > 1e-9 else np.full(len(ratings), 0.5)
    edge = plt.get_cmap("Reds")(0.25 + 0.75 * mass / max(mass.max(), 1e-12))
    ax.scatter(*xy.T, c=colour, cmap="viridis", vmin=0, vmax=1, s=28, edgecolors=edge, linewidths=1.4)
    ax.set_aspect("equal")
    ax.axis("off")


# --------------------------------------------------------------------------- Atari, LiveBench


def _atari(args):
    import jaxrate
    from jaxrate import datasets
    from jaxrate.cli._report import ratings_figure
    from jaxrate.ranking import tied_ranks

    table = datasets.load("atari")
    claims = []
    uni = table.mean(axis=1).to_numpy()
    uni_rank = tied_ranks(uni, 1e-12)
    human = list(table.index).index("human")
    claims.append(("uniform ranks human 18th of 20", "18", str(uni_rank[human]), uni_rank[human] == 18))
    for kind, make in (("2p", jaxrate.agent_vs_task), ("3p", jaxrate.agent_vs_agent_vs_task)):
        game = make(table)
        result = jaxrate.exact.deviation_ratings(game)
        r = result.ratings[0]
        ranks = tied_ranks(r, 1e-7 * result.certificate.scale)
        rows = [
            [int(ranks[i]), table.index[i], f"{r[i]:+.6f}", int(uni_rank[i]), f"{uni[i]:+.6f}"]
            for i in np.argsort(ranks, kind="stable")
        ]
        _output.write_csv(
            os.path.join(args.out, f"atari_{kind}.csv"),
            ["rank", "agent", "deviation", "u.rank", "uniform"],
            rows,
        )
        source, rated = _figure_inputs(f"atari {kind}", game, result)
        ratings_figure(source, rated, None, os.path.join(args.out, f"atari_{kind}.png"))
        top = sorted(table.index[i] for i in np.nonzero(ranks == 1)[0])
        if kind == "2p":
            claims.append(
                ("2P: four agents tie for first", "4 agents", f"{len(top)}: {', '.join(top)}", len(top) == 4)
            )
        else:
            claims.append(
                ("3P: three agents tie for first", "3 agents", f"{len(top)}: {', '.join(top)}", len(top) == 3)
            )
            claims.append(("3P: human ranked 7th", "7", str(ranks[human]), ranks[human] == 7))
    return claims


def _figure_inputs(name: str, game, result):
    """The CLI's source and rating records for a study's figure."""
    from jaxrate.cli._inputs import Source
    from jaxrate.cli._methods import Rated

    source = Source(name, "scores", game, "")
    scale = float(np.ptp(game.payoffs)) or 1.0
    rated = Rated("deviation", result.ratings, result.players, result.strategies, scale, 0.0, result)
    return source, rated


def _livebench(args):
    import pandas as pd

    import jaxrate
    from jaxrate.cli._report import ratings_figure
    from jaxrate.io import read_scores
    from jaxrate.ranking import tied_ranks

    table, _ = read_scores(args.data)
    table = table / 100
    game = jaxrate.agent_vs_agent_vs_task(table)
    result = jaxrate.exact.deviation_ratings(game)
    r = result.ratings[0]
    ranks = tied_ranks(r, 1e-7 * result.certificate.scale)
    top = sorted(table.index[i] for i in np.nonzero(ranks == 1)[0])
    paper_top = sorted(
        [
            "claude-3-5-sonnet-20240620",
            "gpt-4o-2024-08-06",
            "meta-llama-3.1-405b-instruct-turbo",
            "gemini-1.5-pro-exp-0801",
        ]
    )
    c = jaxrate.task_contributions(game.payoffs, result.joint, player=0, over=2)
    contrib = pd.DataFrame(c, index=table.index, columns=table.columns)
    contrib.to_csv(os.path.join(args.out, "task_contributions.csv"))
    rows = [[int(ranks[i]), table.index[i], f"{r[i]:+.6f}"] for i in np.argsort(ranks, kind="stable")]
    _output.write_csv(os.path.join(args.out, "ratings_3p.csv"), ["rank", "model", "deviation"], rows)
    source, rated = _figure_inputs("LiveBench 3P", game, result)
    ratings_figure(source, rated, None, os.path.join(args.out, "livebench_3p.png"))
    claims = [("3P: four models tie for first", ", ".join(paper_top), ", ".join(top), top == paper_top)]
    paper_best = {
        "claude-3-5-sonnet-20240620": "LCB_generation",
        "gemini-1.5-pro-exp-0801": "summarize",
        "gpt-4o-2024-08-06": "connections",
    }
    # The paper's reading of its contribution figure: among the tied models, each
    # stands out on one task. (Its fourth, "Llama-3.1-405B is good at other",
    # names no task of this snapshot and is not checked.)
    tied = [m for m in paper_top if m in contrib.index]
    for model, task in paper_best.items():
        if model in contrib.index and task in contrib.columns:
            best = contrib.loc[tied, task].idxmax()
            claims.append(
                (
                    f"{model} is good at {task}: the largest contribution of the tied models there",
                    model,
                    best,
                    best == model,
                )
            )
    return claims


# --------------------------------------------------------------------------- model improvement (OpenSpiel)


def _improvement(args):
    import time

    import pandas as pd

    try:
        from jaxrate.openspiel import STUDY_GAMES, improvement_study
    except ImportError as err:  # pragma: no cover - OpenSpiel is a test dependency
        raise ValueError(str(err)) from None
    if args.iterations < 1 or args.seeds < 1:
        raise ValueError("--iterations and --seeds must be >= 1")
    rows = []
    start = time.perf_counter()
    for game in STUDY_GAMES:
        for method in ("uniform", "deviation"):
            for seed in range(args.seeds):
                rows += improvement_study(
                    game,
                    method,
                    seed,
                    iterations=args.iterations,
                    evaluator=args.evaluator,
                    sampler=args.sampler,
                )
    total = time.perf_counter() - start
    frame = pd.DataFrame(rows)
    frame.to_csv(os.path.join(args.out, "improvement.csv"), index=False)
    _improvement_figure(frame, os.path.join(args.out, "improvement.png"))
    summary = frame.groupby(["game", "method", "iteration"])[["cce_gap", "payoff"]].mean().reset_index()
    claims = []
    last = args.iterations - 1
    for game in STUDY_GAMES:
        gap = {
            m: summary[(summary.game == game) & (summary.method == m)].set_index("iteration")["cce_gap"]
            for m in ("uniform", "deviation")
        }
        first = {m: gap[m].iloc[0] for m in gap}
        final = {m: gap[m].loc[max(0, last - 9) : last].mean() for m in gap}  # mean of the last 10 iterations
        for m in ("uniform", "deviation"):
            paper = "reduces" if (game.startswith("kuhn") or m == "deviation") else "does not reduce"
            reduced = final[m] < first[m]
            claims.append(
                (
                    f"{game}: {m} fitness {paper} the CCE gap",
                    paper,
                    f"{first[m]:.3f} -> {final[m]:.3f} (mean of {args.seeds} seeds, last 10 iterations)",
                    reduced == (paper == "reduces"),
                )
            )
    # "The average payoff reduces about similarly for both rating methods" (Sheriff;
    # Kuhn is zero-sum): both fall, and neither fall is more than twice the other.
    payoff = {
        m: summary[(summary.game == "sheriff") & (summary.method == m)].set_index("iteration")["payoff"]
        for m in ("uniform", "deviation")
    }
    drop = {m: payoff[m].iloc[0] - payoff[m].loc[max(0, last - 9) : last].mean() for m in payoff}
    similar = min(drop.values()) > 0 and max(drop.values()) <= 2 * min(drop.values())
    claims.append(
        (
            "sheriff: average payoff reduces about similarly for both",
            "similar reductions",
            ", ".join(f"{m} {payoff[m].iloc[0]:.3f} -> {payoff[m].iloc[0] - drop[m]:.3f}" for m in payoff),
            similar,
        )
    )
    rate_share = frame["rate_seconds"].sum() / frame["seconds"].sum()
    deviation = frame[frame.method == "deviation"]
    median_ms = 1e3 * deviation.groupby("game")["rate_seconds"].median()
    build_ms = 1e3 * frame.groupby("game")["evaluate_seconds"].median()
    # The first deviation iteration of a game compiles (or loads) the rating function.
    firsts = deviation[deviation.iteration == 0].groupby("game")["rate_seconds"].max()
    compile_s = float((firsts - median_ms / 1e3).clip(lower=0).sum())
    claims.append(
        (
            "run time (all games, methods, seeds)",
            "< 30 min",
            f"{total / 60:.1f} min",
            total < 1800,
        )
    )
    claims.append(
        (
            "rating step's share of the loop",
            "< 10%",
            f"{100 * rate_share:.1f}% (of {frame['seconds'].sum():.0f} s in the loops; JAX compilation "
            f"{compile_s:.1f} s included; median deviation rating "
            + ", ".join(f"{g} {v:.1f} ms" for g, v in median_ms.items())
            + f"; median meta-game ({args.evaluator}) "
            + ", ".join(f"{g} {v:.1f} ms" for g, v in build_ms.items())
            + ")",
            rate_share < 0.1,
        )
    )
    return claims


def _improvement_figure(frame, path: str) -> None:
    from jaxrate.cli._report import _pyplot, _save

    plt = _pyplot()
    games = list(dict.fromkeys(frame["game"]))
    fig, axes = plt.subplots(2, len(games), figsize=(5 * len(games), 6.5), squeeze=False)
    for k, game in enumerate(games):
        for row, metric in enumerate(("cce_gap", "payoff")):
            ax = axes[row, k]
            for method in ("uniform", "deviation"):
                part = frame[(frame.game == game) & (frame.method == method)]
                curve = part.groupby("iteration")[metric]
                mean, low, high = curve.mean(), curve.min(), curve.max()
                ax.plot(mean.index, mean.values, label=method)
                ax.fill_between(mean.index, low.values, high.values, alpha=0.2)
            what = "CCE gap (full game)" if metric == "cce_gap" else "average payoff under the MECCE"
            if metric == "payoff" and frame.loc[frame.game == game, metric].abs().max() < 1e-9:
                what += " (zero-sum: 0)"
            ax.set_title(f"{game}: {what}", fontsize=9)
            ax.set_xlabel("iteration")
            ax.legend(fontsize=8, frameon=False)
    fig.tight_layout()
    _save(fig, path)
    plt.close(fig)

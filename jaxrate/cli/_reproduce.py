"""``jaxrate reproduce STUDY``: the paper's studies, with the paper's claims beside what we compute."""

from __future__ import annotations

import os
import textwrap

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
        from jaxrate.datasets import LIVEBENCH_URL

        raise ValueError(
            "reproduce livebench needs --data path/to/livebench_2024_08_17.csv "
            f"(not shipped; download it: curl -sSfL -o livebench_2024_08_17.csv {LIVEBENCH_URL})"
        )
    os.makedirs(args.out, exist_ok=True)
    before = {e.name: e.stat().st_mtime_ns for e in os.scandir(args.out)}
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
    line = _written(args.out, before)
    print(textwrap.fill(line, _output.terminal_width(), break_on_hyphens=False, break_long_words=False))
    return 0


def _written(folder: str, before: dict) -> str:
    """One line naming the files this run wrote into ``folder`` (new or changed since ``before``)."""
    names = sorted(e.name for e in os.scandir(folder) if before.get(e.name) != e.stat().st_mtime_ns)
    figures = [n for n in names if n.endswith((".png", ".svg", ".pdf"))]
    what = f"{len(names) - len(figures)} table(s)" + (f" and {len(figures)} figure(s)" if figures else "")
    return f"{what} written to {folder}: {', '.join(names)}"


# --------------------------------------------------------------------------- Shapley


def _shapley(args):
    import jaxrate
    from jaxrate.studies import shapley
    from jaxrate.studies.shapley import NAMES, fraction

    g = shapley.biased_shapley()
    dev = jaxrate.exact.deviation_ratings(g).ratings[0]
    uni = jaxrate.uniform_ratings(g)[0]
    payoff_rows = [
        [NAMES[i]] + [f"{fraction(g[0, i, j])},{fraction(g[1, i, j])}" for j in range(4)] for i in range(4)
    ]
    _output.write_csv(os.path.join(args.out, "payoffs.csv"), ["row", *NAMES], payoff_rows)
    rating_rows = [
        [NAMES[i], fraction(uni[i]), fraction(dev[i]), f"{uni[i]:.9f}", f"{dev[i]:.9f}"] for i in range(4)
    ]
    headers = ["strategy", "uniform", "deviation", "uniform (decimal)", "deviation (decimal)"]
    _output.write_csv(os.path.join(args.out, "ratings.csv"), headers, rating_rows)
    _output.print_table(headers, rating_rows, [False, True, True, True, True], title="biased Shapley ratings")
    return shapley.claims(dev, uni)


# --------------------------------------------------------------------------- populations


def _populations(args):
    import jaxrate
    from jaxrate.cli._report import _pyplot, _save
    from jaxrate.studies import populations

    rng = np.random.default_rng(args.seed)
    plt = _pyplot()
    fig, axes = plt.subplots(2, 5, figsize=(16, 6.6))
    claims = []
    rows = []
    for k, name in enumerate(populations.POPULATIONS):
        mix = populations.population(name, rng)
        g = populations.population_game(mix)
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
        claims += populations.claims(name, mix, dev, uni, mass)
    fig.tight_layout()
    for ext in ("png", "svg"):
        _save(fig, os.path.join(args.out, f"populations.{ext}"))
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
    from jaxrate.results.ranking import tied_ranks
    from jaxrate.studies import atari

    table = datasets.load("atari")
    uni = table.mean(axis=1).to_numpy()
    uni_rank = tied_ranks(uni, 1e-12)
    human = list(table.index).index("human")
    claims = [atari.uniform_claim(int(uni_rank[human]))]
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
        claims += atari.claims(kind, top, int(ranks[human]))
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
    from jaxrate.results.ranking import tied_ranks
    from jaxrate.studies import livebench

    table, _ = read_scores(args.data)
    # In the snapshot's own units (scores 0-100), as `jaxrate rate` prints them: the
    # paper's scores / 100 scale every rating and contribution by 1/100 and change no rank.
    game = jaxrate.agent_vs_agent_vs_task(table)
    result = jaxrate.exact.deviation_ratings(game)
    r = result.ratings[0]
    ranks = tied_ranks(r, 1e-7 * result.certificate.scale)
    top = sorted(table.index[i] for i in np.nonzero(ranks == 1)[0])
    c = jaxrate.task_contributions(game.payoffs, result.joint, player=0, over=2)
    contrib = pd.DataFrame(c, index=table.index, columns=table.columns)
    contrib.to_csv(os.path.join(args.out, "task_contributions.csv"))
    rows = [[int(ranks[i]), table.index[i], f"{r[i]:+.6f}"] for i in np.argsort(ranks, kind="stable")]
    _output.write_csv(os.path.join(args.out, "ratings_3p.csv"), ["rank", "model", "deviation"], rows)
    labels = _output.rank_labels(ranks)  # '1=' for a shared rank, as `jaxrate rate` prints it
    order = np.argsort(ranks, kind="stable")[: len(top) + 3]
    shown = [[labels[i], table.index[i], f"{r[i]:+.6f}"] for i in order]
    title = f"LiveBench 3P in the snapshot's units (scores 0-100): the top {len(shown)} of {len(rows)}"
    _output.print_table(["rank", "model", "deviation"], shown, [True, False, True], title=title)
    source, rated = _figure_inputs("LiveBench 3P", game, result)
    ratings_figure(source, rated, None, os.path.join(args.out, "livebench_3p.png"))
    return livebench.claims(top, contrib)


# --------------------------------------------------------------------------- model improvement (OpenSpiel)


def _improvement(args):
    import pandas as pd

    from jaxrate.studies import improvement

    if args.iterations < 1 or args.seeds < 1:
        raise ValueError("--iterations and --seeds must be >= 1")
    rows, seconds = improvement.run(
        iterations=args.iterations, seeds=args.seeds, evaluator=args.evaluator, sampler=args.sampler
    )
    frame = pd.DataFrame(rows)
    frame.to_csv(os.path.join(args.out, "improvement.csv"), index=False)
    _improvement_figure(frame, os.path.join(args.out, "improvement.png"))
    return improvement.claims(
        frame, iterations=args.iterations, seeds=args.seeds, evaluator=args.evaluator, seconds=seconds
    )


def _improvement_figure(frame, path: str) -> None:
    from jaxrate.cli._report import _pyplot, _save
    from jaxrate.studies.improvement import METHODS

    plt = _pyplot()
    games = list(dict.fromkeys(frame["game"]))
    fig, axes = plt.subplots(2, len(games), figsize=(5 * len(games), 6.5), squeeze=False)
    for k, game in enumerate(games):
        for row, metric in enumerate(("cce_gap", "payoff")):
            ax = axes[row, k]
            for method in METHODS:
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

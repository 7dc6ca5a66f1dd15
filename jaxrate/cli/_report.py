"""Figures (matplotlib) and the self-contained HTML reports of ``jaxrate rate --report`` and
``jaxrate compare --report``."""

from __future__ import annotations

import html
import io
import os
import platform
import sys
import textwrap

import numpy as np

from jaxrate.cli import _output, _page
from jaxrate.results import _result_file
from jaxrate.robustness._audit import _percent

__all__ = ["methods_figure", "ratings_figure", "write_comparison_report", "write_report"]


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise ValueError("figures need matplotlib: pip install 'jaxrate[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig, path: str) -> None:
    fmt = os.path.splitext(path)[1].lstrip(".").lower()
    buffer = io.BytesIO()
    fig.savefig(buffer, format=fmt, bbox_inches="tight", dpi=150)
    _output.write_atomic(path, buffer.getvalue())


def contributions(source, rated):
    """Task contributions ``[agents, tasks]`` of a deviation rating, or None."""
    import jaxrate

    if rated.proven is None or source.kind == "payoffs":
        return None
    if source.kind == "battles" and source.game.num_players == 2:
        return None  # the last player is the opponent, not a task or category
    game = source.game
    return jaxrate.task_contributions(game, rated.proven.joint, player=0, over=game.num_players - 1)


def contributing(c: np.ndarray, tol: float) -> np.ndarray:
    """Indices of the tasks (columns of ``c``) that move some rating by more than ``tol``, largest first."""
    weight = np.abs(c).sum(axis=0)
    return np.array([j for j in np.argsort(-weight, kind="stable") if np.abs(c[:, j]).max() > tol], dtype=int)


def figure_rows(rated, top: int | None = None, ranking=None):
    """The models a figure shows, in the ranking table's order with its rank labels.

    ``ranking``: ``(order, labels)`` of the table (tied models ordered as it
    orders them); by default ranks tied within the CLI's default tolerance.
    """
    from jaxrate.cli._figures import Rows
    from jaxrate.results.ranking import tied_ranks

    values = rated.ratings[0]
    if ranking is None:
        ranks = tied_ranks(values, 1e-7 * rated.scale)
        ranking = (np.lexsort((np.arange(len(values)), ranks)), _output.rank_labels(ranks))
    order, labels = ranking
    shown = list(order)[: top or len(values)]
    return Rows(shown, [labels[i] for i in shown], len(values))


def ratings_figure(
    source,
    rated,
    intervals,
    path: str,
    top: int | None = None,
    ranking=None,
    panels=("rating", "contributions"),
    tiers=None,
) -> None:
    """The ratings, best at the top, in the ranking table's order; beside them, the task contributions.

    The rating panel draws each rating as a bar from 0 with a dot at its
    value (the top model's dot sits on 0), or, where 0 is far from the
    ratings, as a dot on an axis spanning them that says 0 is not shown
    (:func:`jaxrate.cli._figures.from_zero`), intervals as whiskers, the top
    tied group in green and ``'='`` after a shared rank. Deviation ratings
    of a score table get a second panel: each rating split into the
    contributions of the tasks that matter most (one colour per task in
    every figure of a run). Every model is drawn unless ``top`` is given,
    and the figure then says "top K of N shown". Every mark is in a legend.
    With intervals, light bands behind the rows mark the tiers (``tiers``
    ``[M]``, the table's; by default those of :func:`jaxrate.cli._interval_output.significance`).
    """
    from jaxrate.cli import _figures

    plt = _pyplot()
    rows = figure_rows(rated, top, ranking)
    c = contributions(source, rated) if "contributions" in panels else None
    drawn = [p for p in panels if p == "rating" or c is not None]
    names = list(rated.strategies[0])
    if tiers is None and intervals is not None:
        from jaxrate.cli._interval_output import significance

        found = significance(intervals, rated.scale)
        tiers = None if found is None else found.tiers.tier
    with _figures.name_fonts([names[i] for i in rows.index]):
        _ratings_axes(plt, source, rated, intervals, path, rows, c, drawn, tiers)


def _tier_label(intervals) -> str:
    """The legend's words for the tier bands (two short lines: a phone's width)."""
    if intervals.kind == "task subsets":
        return "tiers over task subsets\n(not significance)"
    from jaxrate.results._significance import TIER_RULES, tier_method

    how = TIER_RULES[tier_method(intervals)].replace(" bootstrap", "")
    return f"tiers: separated jointly\nat {int(round(100 * intervals.confidence))}% ({how})"


def _ratings_axes(plt, source, rated, intervals, path: str, rows, c, drawn, tiers=None) -> None:
    """:func:`ratings_figure`'s panels, drawn and saved."""
    from jaxrate.cli import _figures

    height = _figures.ROW * len(rows.index)
    fig, axes = plt.subplots(
        1, len(drawn), figsize=(_figures.PANEL_WIDTH * len(drawn), height + 2.6), sharey=True, squeeze=False
    )
    names = list(rated.strategies[0])
    for ax, panel in zip(axes[0], drawn):
        if panel == "rating":
            kind = _page.interval_words(intervals)[0] if intervals is not None else ""
            tier_label = _tier_label(intervals) if intervals is not None else ""
            handles = _figures.rating_panel(
                ax, rows, names, rated.ratings[0], intervals, rated.method, kind, tiers, tier_label
            )
            lines = [f"{rated.method} ratings ({source.name})"]
        else:
            tol = 1e-7 * rated.scale  # the CLI's default tie tolerance
            tasks = list(source.game.strategies[-1])
            handles = _figures.contribution_panel(
                ax, rows, names, c, tasks, tol, label_rows=drawn[0] != "rating"
            )
            active = contributing(c, tol)
            lines = ["task contributions", f"{len(active)} of {len(tasks)} tasks contribute"]
        title = textwrap.wrap(lines[0], 40, break_on_hyphens=False) + lines[1:] + [rows.subset]
        ax.set_title("\n".join(title), fontsize=_figures.FONT, loc="left")
        below = -0.75 / max(height, 0.5)  # under the axis label, in axes fractions
        ax.legend(
            handles=handles,
            loc="upper left",
            bbox_to_anchor=(0, below),
            frameon=False,
            fontsize=_figures.FONT,
        )
    _save(fig, path)
    plt.close(fig)


def methods_figure(names, values: dict, ranks: dict, methods: list, path: str) -> None:
    """Every method's ratings, each rescaled to [0, 1], models ordered by the first method."""
    from jaxrate.cli import _figures

    plt = _pyplot()
    with _figures.name_fonts(names):
        _methods_axes(plt, names, values, ranks, methods, path)


def _methods_axes(plt, names, values: dict, ranks: dict, methods: list, path: str) -> None:
    from jaxrate.cli import _figures

    ref = methods[0]
    order = np.lexsort((np.arange(len(names)), ranks[ref]))
    y = np.arange(len(order))[::-1]
    fig, ax = plt.subplots(figsize=(7, 0.25 * len(order) + 1.4))
    markers = "osD^v<>p*h"
    for k, m in enumerate(methods):
        v = values[m][order]
        span = np.ptp(v)
        scaled = (v - v.min()) / span if span > 0 else np.full(len(v), 0.5)
        ax.scatter(scaled, y, marker=markers[k % len(markers)], s=18, label=m, alpha=0.85)
    ax.set_yticks(y, [_figures.short_name(names[i]) for i in order], fontsize=7, parse_math=False)
    ax.set_xlabel("rating, rescaled to [0, 1] per method")
    ax.set_title(f"methods side by side (ordered by {ref})", fontsize=10)
    ax.legend(fontsize=7, frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    _save(fig, path)
    plt.close(fig)


def _svg(draw) -> str:
    """A figure drawn by ``draw(path)`` as inline SVG text."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "figure.svg")
        draw(path)
        with open(path, encoding="utf-8") as f:
            text = f.read()
    return text[text.index("<svg") :]


def write_report(
    directory: str,
    source,
    rated,
    intervals,
    payload: dict,
    table,
    top: int | None = None,
    ranking=None,
) -> None:
    """``DIR/index.html`` (figures inline), plus ``ratings.json``, ``ratings.csv`` and ``ratings.svg``.

    The page is self-contained (no network), fits 1280 px and a 390 px phone
    (ranking, rating and interval without sideways scrolling; the table
    first, then how to read it), and says in plain words, for its kind of
    data and of interval (:func:`jaxrate.cli._page.interval_kind`), what the
    numbers mean. ``ranking``: the table's ``(order, rank labels)``, which
    the figures follow. ``table``: the ranking as printed (``headers``, ``rows``) and as numbers
    (``csv_rows``, written by :func:`jaxrate.cli._output.write_ranking_csv`, as ``--csv`` is).
    """
    _output.check_output_path("--report", directory, folder=True)
    import jaxrate

    headers, rows = table.headers, table.rows
    tiers = None if getattr(table, "ranked", None) is None else table.ranked.tier  # as the table shows

    # Everything is drawn before the folder is made, so a failure leaves nothing behind.
    svgs = [
        _svg(lambda p, k=k: ratings_figure(source, rated, intervals, p, top, ranking, (k,), tiers))
        for k in _panels(source, rated)
    ]
    both = _svg(lambda p: ratings_figure(source, rated, intervals, p, top, ranking, tiers=tiers))
    tol = payload["tie_tolerance"]
    sections = _head_sections(source, rated)
    sections += _ratings_sections(rated, payload, headers, rows)
    sections.append(_notes_section(source, rated, intervals, payload, "uniform" in headers))
    figures = "".join(f'<div class="figure">{svg}</div>' for svg in svgs)
    sections.append(f'<h2>Figure</h2><div class="figures">{figures}</div>')
    if source.kind == "battles" and rated.proven is not None and getattr(source, "imputed", None) is not None:
        sections.append(_support_section(source, rated, payload))
    c = contributions(source, rated)
    if c is not None:
        sections.append(_contributions_section(source, rated, c, payload, tol))
    if isinstance(payload.get("audit"), dict):
        sections.append(_robustness_section(payload["audit"]))
    if rated.proven is not None:
        sections.append(_certificate_section(rated.proven))
    sections += _reproduce_sections(payload["command"])
    page = _page.page(f"jaxrate {jaxrate.__version__}: {source.name}", "\n".join(sections))
    files = {
        "ratings.svg": lambda path: _output.write_atomic(path, both),
        "ratings.json": lambda path: _result_file.write_document(payload, path),
        "ratings.csv": lambda path: _output.write_ranking_csv(path, headers, table.csv_rows),
        "index.html": lambda path: _output.write_atomic(path, page),
    }
    _write_folder(directory, files)


def write_comparison_report(directory: str, source, comparison, methods: list, payload: dict) -> None:
    """``DIR/index.html`` of ``jaxrate compare --report``, plus ``comparison.csv`` (as ``--csv``),
    ``comparison.json`` (as ``--json``) and ``methods.svg``.

    The page is built as :func:`write_report`'s is (self-contained, the sortable table first, names
    kept to their column): every method's rating and rank with rank changes, what each method
    measures, the methods figure, the command and the versions. ``comparison``: the table of
    :mod:`jaxrate.cli._compare` (``names``, ``values``, ``ranks``, ``headers``, ``rows``,
    ``csv_headers``, ``csv_rows``).
    """
    from jaxrate.cli._methods import METHODS

    _output.check_output_path("--report", directory, folder=True)
    import jaxrate

    c, esc, ref = comparison, html.escape, methods[0]
    svg = _svg(lambda p: methods_figure(c.names, c.values, c.ranks, methods, p))  # drawn before the folder
    what = "".join(f"<li><b>{esc(m)}</b>: {esc(METHODS[m])}</li>" for m in methods)
    sections = [
        f"<h1>Rating methods side by side: {esc(source.name)}</h1>",
        f'<p class="lead">{esc(_output.plural(len(c.names), _label(source)))}; {esc(source.description)}; '
        f"jaxrate {esc(jaxrate.__version__)}</p>",
        "<h2>Ratings by method</h2>",
        f'<p class="key">Rows in the order of {esc(ref)}; each method\'s <b>rank</b> follows its rating; '
        f"<b>moved</b>: the rank under {esc(ref)} minus the rank under the method (+: the method ranks "
        "the model higher).</p>",
        _page.table(c.headers, c.rows, sortable=True, text_columns=(0,), names=(0,), table_id="ratings"),
        f'<section class="notes"><h2>What each method measures</h2><ul>{what}</ul></section>',
        f'<h2>Figure</h2><div class="figures"><div class="figure">{svg}</div></div>',
        *_reproduce_sections(payload["command"]),
    ]
    page = _page.page(f"jaxrate {jaxrate.__version__}: {source.name} by method", "\n".join(sections))
    files = {
        "methods.svg": lambda path: _output.write_atomic(path, svg),
        "comparison.json": lambda path: _output.write_json(path, payload),
        "comparison.csv": lambda path: _output.write_csv(path, c.csv_headers, c.csv_rows),
        "index.html": lambda path: _output.write_atomic(path, page),
    }
    _write_folder(directory, files)


def _reproduce_sections(command) -> list[str]:
    """The command that made the page, and the versions it ran with."""
    return [
        "<h2>Reproduce</h2>",
        f"<pre>{html.escape(' '.join(command))}</pre>",
        f'<p class="muted">{html.escape(_versions())}</p>',
    ]


def _panels(source, rated) -> tuple:
    """The figure's panels: the ratings, and the task contributions where there are any."""
    return ("rating", "contributions") if contributions(source, rated) is not None else ("rating",)


def _head_sections(source, rated) -> list[str]:
    """The page's title line and the input's warnings."""
    import jaxrate

    esc = html.escape
    count = len(rated.strategies[0])
    shape = " x ".join(str(a) for a in source.game.num_strategies)
    how = rated.method
    if rated.proven is not None:
        path = "JAX path" if rated.proven.solved_by.solver.startswith("simplex") else "exact path"
        how = f"{path}, verified"
    sections = [
        f"<h1>{esc(rated.method.capitalize())} ratings: {esc(source.name)}</h1>",
        f'<p class="lead">{esc(_output.plural(count, _label(source)))}; {esc(source.description)}; '
        f"strategies {shape}; {how}; jaxrate {esc(jaxrate.__version__)}</p>",
    ]
    notes = list(source.notes) + list(source.warnings)
    warnings = [n.removeprefix("warning: ") for n in notes if n.startswith("warning: ")]
    for w in warnings:
        sections.append(f'<p class="warning"><b>Warning:</b> {esc(w)}</p>')
    return sections


def _notes_section(source, rated, intervals, payload: dict, uniform: bool) -> str:
    """How to read the page (for this kind of data and of interval), then the other input notes."""
    resamples = payload.get("intervals", {}).get("resamples", 0)
    tol = payload["tie_tolerance"]
    notes = _page.reading_notes(rated.method, source.kind, tol, uniform, intervals, resamples)
    text = f'<section class="notes"><h2>How to read this page</h2>{notes}</section>'
    from jaxrate.io._assumed import Assumed

    assumed = [n for n in source.notes if isinstance(n, Assumed)]
    if assumed:
        items = "".join(
            f"<li>{html.escape(a.decision)} <i>({html.escape(a.evidence)})</i>: {html.escape(a.option)}</li>"
            for a in assumed
        )
        title = "What jaxrate assumed in reading the input"
        text += f'<section class="notes"><h2>{title}</h2><ul>{items}</ul></section>'
    other = [n for n in source.notes if not n.startswith("warning: ") and not isinstance(n, Assumed)]
    if other:
        text += "<p><b>Input:</b> " + html.escape("; ".join(other)) + ".</p>"
    return text


def _ratings_sections(rated, payload: dict, headers, rows) -> list[str]:
    """The sortable ratings table, intervals beside the rating they belong to, first on the page."""
    titles = {
        "rank": "rank; '=' marks a rank shared by tied models",
        rated.method: "rating (deviation ratings: 0 is the best possible)",
        "u.rank": "rank by uniform rating (the average)",
        "uniform": "mean payoff against uniform opponents and tasks",
        "lower": "lower end of the interval",
        "upper": "upper end of the interval",
        "P(top)": "share of resamples with the model in the top tied group",
        "best": "best rank the resamples support (LMArena's rank interval)",
        "worst": "worst rank the resamples support (LMArena's rank interval)",
        "tier": "tier (1 = top): separated from every lower tier, jointly",
    }
    columns = sorted(range(len(headers)), key=lambda j: (headers[j] in ("u.rank", "uniform"), j))
    headers = [headers[j] for j in columns]
    rows = [[row[j] for j in columns] for row in rows]
    best = "0 is the best possible" if rated.method == "deviation" else "higher is better"
    key = f"{best}; '=' marks a shared rank; how to read the numbers: below the table."
    return [
        "<h2>Ratings</h2>",
        f'<p class="key">{key}</p>',
        f"<p>{_tied_groups(payload, payload['tie_tolerance'])}</p>",
        # With more than rank, name and rating, names wrap on a phone so the interval stays in sight.
        _page.table(
            headers,
            rows,
            sortable=True,
            table_id="ratings",
            titles=titles,
            shade_top=True,
            css="many" if len(headers) > 3 else "",
            names=(1,),
        ),
    ]


def _support_section(source, rated, payload: dict) -> str:
    """Per model: battles, distinct opponents, battles against the equilibrium's support, share imputed."""
    from jaxrate.battles import battle_support

    joint = rated.proven.joint
    mass = joint.sum(axis=tuple(a for a in range(joint.ndim) if a != 1))  # the opponent's marginal
    found = battle_support(source.counts, source.imputed, rated.strategies[0], mass)
    index = {name: i for i, name in enumerate(found.models)}
    rows = []
    for e in payload["ranking"]:
        i = index[e["strategy"]]
        rows.append(
            [
                e["strategy"],
                f"{found.battles[i]:,}",
                f"{found.opponents[i]:,}",
                f"{found.against_support[i]:,}" if e["strategy"] not in found.support else "(support)",
                f"{100 * found.imputed_share[i]:.0f}%",
            ]
        )
    support = html.escape(", ".join(found.support))
    text = (
        f"<p>A deviation rating here is set by the model's results against the models that carry the "
        f"equilibrium <i>sigma*</i> ({support}). <b>vs support</b>: its battles against them; where "
        "that is 0 the rating rests on win rates imputed from the other battles. <b>imputed</b>: the "
        "share of its pairs (per category) that never met and were filled.</p>"
    )
    headers = ["model", "battles", "opponents", "vs support", "imputed"]
    return (
        "<h2>What each rating rests on</h2>"
        + text
        + _page.table(headers, rows, sortable=True, text_columns=(0,), names=(0,))
    )


def _audited_pairs(audit: dict) -> list:
    """``[(label, pair)]``: the top spot, then the adjacent (or named) pairs."""
    out = [("top spot", audit["top"])] if audit.get("top") else []
    return out + [(f"#{k + 1}", p) for k, p in enumerate(audit.get("pairs", []))]


def robustness_figure(audit: dict, path: str) -> None:
    """The share of the units whose removal reverses each pair (log scale); pairs with no set found
    within the budget drawn to the budget, hollow."""
    plt = _pyplot()
    pairs = _audited_pairs(audit)
    labels = [label for label, _ in pairs]  # the table beside it names the pairs: narrow on a phone
    fig, ax = plt.subplots(figsize=(3.6, 0.28 * len(pairs) + 1.3))
    y = np.arange(len(pairs))[::-1]
    total, budget = audit["total"], audit["budget"]
    shares = [100 * (p["count"] if p["count"] is not None else budget) / total for _, p in pairs]
    found = [p["count"] is not None for _, p in pairs]
    lo, hi = min(shares), max(shares)
    logarithmic = hi > 10 * lo
    left = lo / 2 if logarithmic else 0.0
    ax.hlines(y, left, shares, color="#c0392b", linewidth=1.2)
    ax.scatter(
        shares,
        y,
        s=28,
        zorder=3,
        color=["#c0392b" if f else "white" for f in found],
        edgecolors="#c0392b",
    )
    for yi, share, f in zip(y, shares, found):
        if not f:
            ax.text(share, yi, "  none found", va="center", fontsize=7)
    if logarithmic:
        ax.set_xscale("log")
    ax.set_xlim(left, hi * (2.5 if logarithmic else 1.35))
    ax.set_yticks(y, labels, fontsize=7, parse_math=False)
    ax.set_xlabel(
        f"% of the {total:,} {audit['unit']} that reverse the pair\n(confirmed; hollow: none found)"
    )
    ax.set_title(f"How robust is this board ({audit['method']})", fontsize=10)
    _save(fig, path)
    plt.close(fig)


def _unit_words(unit: dict) -> str:
    """A removed unit as a reader says it: 'a beat b (x3)', 'task', 'task item 17'."""
    times = f" (x{unit['count']})" if unit.get("count", 1) > 1 else ""
    if "model_a" in unit:
        verb = "tied with" if unit.get("winner") == "tie" else "beat"
        rest = [f"{k} {v}" for k, v in unit.items() if k not in ("model_a", "model_b", "winner", "count")]
        return (
            f"{unit['model_a']} {verb} {unit['model_b']}" + (f" ({', '.join(rest)})" if rest else "") + times
        )
    rest = " ".join(f"{k} {v}" for k, v in unit.items() if k not in ("task", "count"))
    return f"{unit.get('task', '')} {rest}".strip() + times


def _robustness_section(audit: dict) -> str:
    """``--audit``: each pair's fewest units found, confirmed by re-rating, as a table and a figure."""
    esc = html.escape
    rows = []
    for label, p in _audited_pairs(audit):
        pair = f"{p['above']} {'= (tied)' if p['tied'] else 'over'} {p['below']}"
        if p["count"] is None:
            result = "search failed" if p["status"] == "failed" else f"none found within {p['budget']:,}"
            result += f" ({p['message']})" if p.get("message") else ""
            share, units = "-", ""
        else:
            result = f"{p['status']}: {p['count']:,}"
            share = _percent(p["count"] / p["total"])
            units = "; ".join(_unit_words(u) for u in p["removed"][:5]) + (
                " ..." if len(p["removed"]) > 5 else ""
            )
        rows.append([label, pair, result, share, units])
    text = (
        f"<p>For the top spot and each adjacent pair: the fewest {esc(audit['unit'])} found whose removal "
        f"reverses the pair (tied pairs: separates them), out of {audit['total']:,}. Each set was found by "
        "predicting every unit's effect on the pair's gap, and <b>confirmed by rating the data again "
        f"without it</b>; a search stops at {audit['budget']:,} {esc(audit['unit'])}. "
        "<code>jaxrate verify</code> re-rates each of them from the input.</p>"
    )
    svg = _svg(lambda path: robustness_figure(audit, path))
    table = _page.table(["", "pair", "result", "share", "removed"], rows, text_columns=(0, 1, 2, 4))
    return (
        "<h2>How robust is this board</h2>"
        + text
        + table
        + f'<div class="figures"><div class="figure">{svg}</div></div>'
    )


def _write_folder(directory: str, files: dict) -> None:
    """Write ``{name: write(path)}`` into ``directory``; a folder made here is removed if one fails."""
    created = not os.path.exists(directory)
    os.makedirs(directory, exist_ok=True)
    try:
        for name, write in files.items():
            write(os.path.join(directory, name))
    except BaseException:
        if created:
            import shutil

            shutil.rmtree(directory, ignore_errors=True)
        raise


def _label(source) -> str:
    return {"scores": "agent", "battles": "model"}.get(source.kind, "strategy")


def _contributions_section(source, rated, c: np.ndarray, payload: dict, tol: float) -> str:
    """Every model's contribution from every task that moves some rating; the silent tasks named."""
    from jaxrate.cli import _page

    tasks = list(source.game.strategies[-1])
    active = contributing(c, tol)
    silent = [tasks[j] for j in range(len(tasks)) if j not in set(active.tolist())]
    index = {s: i for i, s in enumerate(rated.strategies[0])}
    order = [index[e["strategy"]] for e in payload["ranking"]]
    # One format for the whole matrix: contributions are comparable across tasks.
    cells = np.array(_output.format_column(c[np.ix_(order, active)].reshape(-1), digits=4))
    cells = cells.reshape(len(order), len(active))
    total = _output.format_column(c[order].sum(axis=1), digits=4)
    rows = [[rated.strategies[0][i], *cells[k], total[k]] for k, i in enumerate(order)]
    text = (
        "<p>How much each task adds to each rating under the rating joint <i>sigma*</i>; every row "
        f"sums to the rating. Shown: the {_output.plural(len(active), 'task')} that move some rating by "
        f"more than {tol:.1e}, largest first."
    )
    if silent:
        text += f" The other {len(silent)} contribute nothing: " + html.escape(", ".join(silent)) + "."
    text += "</p>"
    headers = [_label(source)] + [tasks[j] for j in active] + ["rating"]
    vertical = range(1, len(active) + 1)
    table = _page.table(
        headers, rows, sortable=True, text_columns=(0,), vertical=vertical, css="compact", names=(0,)
    )
    return "<h2>Task contributions</h2>" + text + table


def _certificate_section(result) -> str:
    from jaxrate.cli import _page

    cert = result.certificate
    rows = [
        ["largest deviation gain under sigma* (<= 0: an equilibrium)", f"{cert.max_gain:+.3e}"],
        ["largest |gain - rating|", f"{cert.max_rating_residual:.3e}"],
        ["simplex residual", f"{cert.max_simplex_residual:.3e}"],
        ["slack used", f"{cert.slack:.3e}"],
        ["tolerance", f"{cert.tolerance:.3e}"],
        ["levels (one dual proof each)", str(result.levels)],
    ]
    steps = {s: list(result.steps).count(s) for s in dict.fromkeys(result.steps)}
    rows.append(["how the levels were solved", ", ".join(f"{k} x{v}" for k, v in steps.items())])
    if result.rescue is not None:
        rows.append(["why floating point was not enough", str(result.rescue)])
    if result.jump is not None:
        size = float(result.jump_size)
        moved = (
            "could not be rated"
            if np.isnan(size)
            else f"{size:.3e} ({size / (cert.scale or 1.0):.2g} of the range)"
        )
        verdict = "NOT pinned by the data" if result.jump else "pinned"
        rows.append([f"jump check: ratings {verdict} (largest move, scores moved by 1e-8)", moved])
    text = (
        f"<p><b>Verified: joint + one dual proof per level.</b> The joint <i>sigma*</i> realises every "
        f"rating, and for each of the {_output.plural(int(result.levels), 'level')} a dual certificate "
        "shows that its value cannot be beaten. The proof is in "
        '<a href="ratings.json"><code>ratings.json</code></a> '
        "(the result file, with the game it rates): anyone can check it with "
        "<code>jaxrate verify ratings.json</code>, or against the input itself with "
        "<code>jaxrate verify ratings.json INPUT</code>.</p>"
    )
    return (
        "<h2>Certificate</h2>" + text + _page.table(["check", "value"], rows, text_columns=(0,), css="wrap")
    )


def _tied_groups(payload: dict, tol: float) -> str:
    """The groups of two or more models whose ratings tie, every one of them (HTML)."""
    groups: dict[int, list[str]] = {}
    for e in payload["ranking"]:
        groups.setdefault(e["rank"], []).append(e["strategy"])
    ties = [(r, names) for r, names in groups.items() if len(names) > 1]
    if not ties:
        return f"No ties: every rating differs from the others by more than {tol:.1e}."
    parts = [f"<b>{r}=</b> {html.escape(', '.join(names))}" for r, names in ties]
    return f"Tied groups (ratings within {tol:.1e}): " + "; ".join(parts) + "."


def _versions() -> str:
    import numpy

    import jaxrate

    parts = [
        f"jaxrate {jaxrate.__version__}",
        f"python {platform.python_version()}",
        f"numpy {numpy.__version__}",
    ]
    for name in ("highspy", "scipy", "jax"):
        module = sys.modules.get(name)
        if module is not None and hasattr(module, "__version__"):
            parts.append(f"{name} {module.__version__}")
    return ", ".join(parts) + f"; {platform.platform()}"

"""Figures (matplotlib) and the self-contained HTML report of ``jaxrate rate --report``."""

from __future__ import annotations

import html
import io
import os
import platform
import sys

import numpy as np

from jaxrate.cli import _output

__all__ = ["methods_figure", "ratings_figure", "write_report"]

_STACK_TASKS = 6  # tasks shown in the contribution stacks; the rest are summed into "other tasks"


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

    if rated.exact is None or source.kind == "payoffs":
        return None
    if source.kind == "battles" and source.game.num_players == 2:
        return None  # the last player is the opponent, not a task or category
    game = source.game
    return jaxrate.task_contributions(game.payoffs, rated.exact.joint, player=0, over=game.num_players - 1)


def contributing(c: np.ndarray, tol: float) -> np.ndarray:
    """Indices of the tasks (columns of ``c``) that move some rating by more than ``tol``, largest first."""
    weight = np.abs(c).sum(axis=0)
    return np.array([j for j in np.argsort(-weight, kind="stable") if np.abs(c[:, j]).max() > tol], dtype=int)


def ratings_figure(source, rated, intervals, path: str, top: int | None = None) -> None:
    """Horizontal bars of the first player's ratings, best at the top.

    Deviation ratings are drawn as stacks of task contributions (the paper's
    LiveBench figure): each bar is split into the contributions of the tasks
    that matter most, which sum to the rating; the legend lists only tasks that
    contribute. Every model is drawn (the figure grows with their number)
    unless ``top`` is given, and then the figure says "top K of N shown".
    Intervals become error bars.
    """
    plt = _pyplot()
    values = rated.ratings[0]
    names = list(rated.strategies[0])
    total = len(values)
    order = np.argsort(-values, kind="stable")[: top or total]
    y = np.arange(len(order))[::-1]
    longest = max((len(names[i]) for i in order), default=1)
    fig, ax = plt.subplots(figsize=(8 + 0.02 * longest, 0.26 * len(order) + 1.8))
    c = contributions(source, rated)
    subset = f"top {len(order)} of {total} shown" if len(order) < total else f"all {total} shown"
    if c is not None:
        tasks = list(source.game.strategies[-1])
        active = contributing(c[order], 1e-7 * rated.scale)  # the CLI's default tie tolerance
        shown, rest = active[:_STACK_TASKS], active[_STACK_TASKS:]
        parts = [(tasks[j], c[order, j]) for j in shown]
        if len(rest):
            parts.append((f"{len(rest)} other tasks", c[order][:, rest].sum(axis=1)))
        neg = np.zeros(len(order))
        pos = np.zeros(len(order))
        cmap = plt.get_cmap("tab10")
        for k, (label, part) in enumerate(parts):
            left = np.where(part < 0, neg, pos)
            ax.barh(y, part, left=left, color=cmap(k % 10), label=label, height=0.75)
            neg += np.minimum(part, 0)
            pos += np.maximum(part, 0)
        ax.scatter(values[order], y, color="black", s=12, zorder=3, label="rating")
        lo, hi = min(neg.min(), values[order].min()), max(pos.max(), values[order].max())
        pad = 0.03 * (hi - lo or 1.0)
        ax.set_xlim(lo - pad, hi + pad)  # the stacks reach past the ratings on both sides
        silent = len(tasks) - len(active)
        ax.legend(
            fontsize=7,
            loc="upper left",
            bbox_to_anchor=(1.01, 1.0),
            frameon=False,
            title=f"{len(active)} of {len(tasks)} tasks contribute" if silent else None,
            title_fontsize=7,
        )
        title = f"{rated.method} ratings with task contributions ({source.name})"
    else:
        ax.barh(y, values[order], color="#4c72b0", height=0.75)
        title = f"{rated.method} ratings ({source.name})"
    ax.set_title(f"{title}\n{subset}", fontsize=10)
    if intervals is not None:
        lo, hi = intervals.lower[0][order], intervals.upper[0][order]
        v = values[order]
        # Bounds contain the point estimate (uncertainty._summarise); clip the
        # rounding that could still make an error bar negative.
        ax.errorbar(
            v,
            y,
            xerr=[np.maximum(v - lo, 0.0), np.maximum(hi - v, 0.0)],
            fmt="none",
            ecolor="black",
            elinewidth=0.8,
            capsize=2,
            zorder=4,
        )
    ax.set_yticks(y, [names[i] for i in order], fontsize=7)
    ax.set_ylim(-0.7, len(order) - 0.3)
    ax.axvline(0, color="grey", linewidth=0.6)
    ax.set_xlabel("rating (0 is the best possible)" if rated.method == "deviation" else "rating")
    _save(fig, path)
    plt.close(fig)


def methods_figure(names, values: dict, ranks: dict, methods: list, path: str) -> None:
    """Every method's ratings, each rescaled to [0, 1], models ordered by the first method."""
    plt = _pyplot()
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
    ax.set_yticks(y, [names[i] for i in order], fontsize=7)
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
    directory: str, source, rated, intervals, payload: dict, headers, rows, top: int | None = None
) -> None:
    """``DIR/index.html`` (figures inline), plus ``ratings.json``, ``ratings.csv`` and ``ratings.svg``.

    The page is self-contained (no network), fits 1280 px and a phone width,
    and says in plain words what the numbers mean.
    """
    parent = os.path.dirname(os.path.abspath(directory))
    if not os.path.isdir(parent):
        raise ValueError(f"--report {directory}: directory {parent} does not exist")
    import jaxrate
    from jaxrate.cli import _page

    # Everything is drawn before the folder is made, so a failure leaves nothing behind.
    svg = _svg(lambda p: ratings_figure(source, rated, intervals, p, top=top))
    tol = payload["tie_tolerance"]
    sections = _head_sections(source, rated, intervals, payload, "uniform" in headers)
    sections += _ratings_sections(rated, payload, headers, rows, svg)
    c = contributions(source, rated)
    if c is not None:
        sections.append(_contributions_section(source, rated, c, payload, tol))
    if rated.exact is not None:
        sections.append(_certificate_section(rated.exact))
    sections.append("<h2>Reproduce</h2>")
    sections.append(f"<pre>{html.escape(' '.join(payload['command']))}</pre>")
    sections.append(f'<p class="muted">{html.escape(_versions())}</p>')
    page = _page.page(f"jaxrate {jaxrate.__version__}: {source.name}", "\n".join(sections))
    files = {
        "ratings.svg": lambda path: _output.write_atomic(path, svg),
        "ratings.json": lambda path: _output.write_json(path, payload),
        "ratings.csv": lambda path: _output.write_csv(path, headers, rows),
        "index.html": lambda path: _output.write_atomic(path, page),
    }
    _write_folder(directory, files)


def _head_sections(source, rated, intervals, payload: dict, uniform: bool) -> list[str]:
    """The page's title line, the input's warnings, how to read the page and the other input notes."""
    import jaxrate
    from jaxrate.cli import _page

    esc = html.escape
    count = len(rated.strategies[0])
    shape = " x ".join(str(a) for a in source.game.num_strategies)
    how = "exact path, verified" if rated.exact is not None else f"{rated.method}"
    sections = [
        f"<h1>{esc(rated.method.capitalize())} ratings: {esc(source.name)}</h1>",
        f'<p class="lead">{count} {esc(_label(source))}s; {esc(source.description)}; '
        f"strategies {shape}; {how}; jaxrate {esc(jaxrate.__version__)}</p>",
    ]
    warnings = [n.removeprefix("warning: ") for n in source.notes if n.startswith("warning: ")]
    for w in warnings:
        sections.append(f'<p class="warning"><b>Warning:</b> {esc(w)}</p>')
    resamples = payload.get("intervals", {}).get("resamples", 0)
    tol = payload["tie_tolerance"]
    notes = _page.reading_notes(rated.method, source.kind, tol, uniform, intervals, resamples)
    sections.append(f'<section class="notes"><h2>How to read this page</h2>{notes}</section>')
    other = [n for n in source.notes if not n.startswith("warning: ")]
    if other:
        sections.append("<p><b>Input:</b> " + esc("; ".join(other)) + ".</p>")
    return sections


def _ratings_sections(rated, payload: dict, headers, rows, svg: str) -> list[str]:
    """The sortable ratings table (intervals beside the rating they belong to) and the figure."""
    from jaxrate.cli import _page

    titles = {
        "rank": "rank; '=' marks a rank shared by tied models",
        rated.method: "rating (deviation ratings: 0 is the best possible)",
        "u.rank": "rank by uniform rating (the average)",
        "uniform": "mean payoff against uniform opponents and tasks",
        "lower": "lower end of the interval",
        "upper": "upper end of the interval",
        "P(top)": "share of resamples with the model in the top tied group",
    }
    columns = sorted(range(len(headers)), key=lambda j: (headers[j] in ("u.rank", "uniform"), j))
    headers = [headers[j] for j in columns]
    rows = [[row[j] for j in columns] for row in rows]
    return [
        "<h2>Ratings</h2>",
        f"<p>{_tied_groups(payload, payload['tie_tolerance'])}</p>",
        _page.table(headers, rows, sortable=True, table_id="ratings", titles=titles, shade_top=True),
        "<h2>Figure</h2>",
        f'<div class="figure">{svg}</div>',
    ]


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
        f"sums to the rating. Shown: the {len(active)} task(s) that move some rating by more than "
        f"{tol:.1e}, largest first."
    )
    if silent:
        text += f" The other {len(silent)} contribute nothing: " + html.escape(", ".join(silent)) + "."
    text += "</p>"
    headers = [_label(source)] + [tasks[j] for j in active] + ["rating"]
    vertical = range(1, len(active) + 1)
    table = _page.table(headers, rows, sortable=True, text_columns=(0,), vertical=vertical, css="compact")
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
    text = (
        f"<p><b>Verified: joint + one dual proof per level.</b> The joint <i>sigma*</i> realises every "
        f"rating, and for each of the {result.levels} levels a dual certificate shows that its value "
        "cannot be beaten; anyone can re-check both from the payoffs with <code>jaxrate.verify</code> "
        "and <code>ratings.json</code>.</p>"
    )
    return "<h2>Certificate</h2>" + text + _page.table(["check", "value"], rows, text_columns=(0,))


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

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


def ratings_figure(source, rated, intervals, path: str, top: int = 30) -> None:
    """Horizontal bars of the first player's ratings, best at the top.

    Deviation ratings are drawn as stacks of task contributions (the paper's
    LiveBench figure): each bar is split into the contributions of the tasks
    that matter most, which sum to the rating. Intervals become error bars.
    """
    plt = _pyplot()
    values = rated.ratings[0]
    names = list(rated.strategies[0])
    order = np.argsort(-values, kind="stable")[:top]
    y = np.arange(len(order))[::-1]
    fig, ax = plt.subplots(figsize=(8, 0.28 * len(order) + 1.6))
    c = contributions(source, rated)
    if c is not None:
        tasks = list(source.game.strategies[-1])
        weight = np.abs(c[order]).sum(axis=0)
        shown = np.argsort(-weight)[:_STACK_TASKS]
        rest = np.setdiff1d(np.arange(len(tasks)), shown)
        parts = [(tasks[j], c[order, j]) for j in shown]
        if len(rest):
            parts.append(("other tasks", c[order][:, rest].sum(axis=1)))
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
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
        ax.set_title(f"{rated.method} ratings with task contributions ({source.name})", fontsize=10)
    else:
        ax.barh(y, values[order], color="#4c72b0", height=0.75)
        ax.set_title(f"{rated.method} ratings ({source.name})", fontsize=10)
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
    ax.axvline(0, color="grey", linewidth=0.6)
    ax.set_xlabel("rating")
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


def _html_table(headers, rows) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def write_report(directory: str, source, rated, intervals, payload: dict, headers, rows) -> None:
    """``DIR/index.html`` (figures inline), plus ``ratings.json``, ``ratings.csv`` and ``ratings.svg``."""
    parent = os.path.dirname(os.path.abspath(directory))
    if not os.path.isdir(parent):
        raise ValueError(f"--report {directory}: directory {parent} does not exist")
    import jaxrate

    # Everything is drawn before the folder is made, so a failure leaves nothing behind.
    svg = _svg(lambda p: ratings_figure(source, rated, intervals, p))
    sections = [
        f"<h1>{html.escape(rated.method)} ratings: {html.escape(source.name)}</h1>",
        f"<p>{html.escape(source.description)}; players {html.escape(', '.join(source.game.players))}; "
        f"strategies {' x '.join(str(a) for a in source.game.num_strategies)}.</p>",
    ]
    if source.notes:
        sections.append("<p>Input notes: " + html.escape("; ".join(source.notes)) + "</p>")
    groups = _tied_groups(payload)
    sections.append("<h2>Ratings</h2>")
    sections.append(
        f"<p>Tied groups (within {payload['tie_tolerance']:.1e}): " + html.escape(groups) + "</p>"
    )
    sections.append(_html_table(headers, rows))
    sections.append("<h2>Figure</h2>" + svg)
    c = contributions(source, rated)
    if c is not None:
        tasks = list(source.game.strategies[-1])
        order = [e["strategy"] for e in payload["ranking"]][:20]
        index = {s: i for i, s in enumerate(rated.strategies[0])}
        weight = np.abs(c).sum(axis=0)
        shown = np.argsort(-weight)[:10]
        table_rows = [
            [s] + [f"{c[index[s], j]:+.4f}" for j in shown] + [f"{c[index[s]].sum():+.4f}"] for s in order
        ]
        sections.append("<h2>Task contributions</h2>")
        sections.append(
            "<p>How much each task adds to each rating under the rating joint sigma* "
            "(the ten tasks that matter "
            "most; every row of the full table sums to the rating).</p>"
        )
        sections.append(_html_table(["strategy"] + [tasks[j] for j in shown] + ["rating"], table_rows))
    if rated.exact is not None:
        cert = rated.exact.certificate
        sections.append("<h2>Certificate</h2>")
        sections.append(
            _html_table(
                ["check", "value"],
                [
                    ["largest deviation gain under sigma* (<= 0: a CCE)", f"{cert.max_gain:+.3e}"],
                    ["largest |gain - rating|", f"{cert.max_rating_residual:.3e}"],
                    ["simplex residual", f"{cert.max_simplex_residual:.3e}"],
                    ["slack used", f"{cert.slack:.3e}"],
                    ["tolerance", f"{cert.tolerance:.3e}"],
                    ["levels", str(rated.exact.levels)],
                ],
            )
        )
    versions = _versions()
    sections.append("<h2>Reproduce</h2>")
    sections.append(f"<pre>{html.escape(' '.join(payload['command']))}</pre>")
    sections.append(f"<p>{html.escape(versions)}</p>")
    style = (
        "body{font-family:system-ui,sans-serif;max-width:980px;margin:2em auto;color:#222}"
        "table{border-collapse:collapse;font-size:13px;margin:1em 0}"
        "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:nth-child(2){text-align:left}"
        "svg{max-width:100%;height:auto}"
    )
    page = (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>jaxrate {html.escape(jaxrate.__version__)}: "
        f"{html.escape(source.name)}</title><style>{style}</style></head><body>"
        + "\n".join(sections)
        + "</body></html>\n"
    )
    created = not os.path.exists(directory)
    os.makedirs(directory, exist_ok=True)
    try:
        _output.write_atomic(os.path.join(directory, "ratings.svg"), svg)
        _output.write_json(os.path.join(directory, "ratings.json"), payload)
        _output.write_csv(os.path.join(directory, "ratings.csv"), headers, rows)
        _output.write_atomic(os.path.join(directory, "index.html"), page)
    except BaseException:
        if created:
            import shutil

            shutil.rmtree(directory, ignore_errors=True)
        raise


def _tied_groups(payload: dict) -> str:
    groups: dict[int, list[str]] = {}
    for e in payload["ranking"]:
        groups.setdefault(e["rank"], []).append(e["strategy"])
    shown = [f"{r}: {', '.join(v)}" for r, v in list(groups.items())[:5]]
    return " | ".join(shown) + (" | ..." if len(groups) > 5 else "")


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

"""The ratings figure's panels: ratings (bars from 0, intervals, ties) and task contributions.

Each model's row carries its rank and name as text above its bar, so a panel
stays narrow (a phone's width at its natural size) and its text is drawn at
body-text size (12 pt, 16 px). A task keeps one colour in every figure of a
run: colours follow the tasks' order by total contribution over all models,
whichever models a figure shows.
"""

from __future__ import annotations

import numpy as np

__all__ = ["FONT", "PANEL_WIDTH", "Rows", "contribution_panel", "rating_panel", "task_colours"]

FONT = 12  # points: 16 px at the figure's natural size, the page's body text
PANEL_WIDTH = 3.8  # inches: 365 px, a 390 px phone's width less the page's margins
ROW = 0.46  # inches per model: a line of text and a bar beneath it
STACK_TASKS = 6  # tasks stacked by name; the rest are summed into "other tasks"
_TOP = "#2a7f3f"  # the top tied group
_BAR = "#8fa8c8"


class Rows:
    """The models a figure shows, best first, as in the ranking table.

    ``index`` ``[S]`` rows of the ratings, ``labels`` their rank labels
    (``"1="`` for a shared rank), ``y`` their heights (best at the top) and
    ``top`` which of them are in the top tied group.
    """

    def __init__(self, index, labels, total: int) -> None:
        self.index = np.asarray(index, dtype=int)
        self.labels = list(labels)
        self.total = total
        self.y = np.arange(len(self.index))[::-1].astype(float)
        first = self.labels[0].rstrip("=") if self.labels else ""
        self.top = np.array([lab.rstrip("=") == first for lab in self.labels])

    @property
    def subset(self) -> str:
        n = len(self.index)
        return f"top {n} of {self.total} shown" if n < self.total else f"all {self.total} shown"


def _names(ax, rows: Rows, names, x0: float) -> None:
    """Rank and name above each bar (two texts, so a name reads as itself in the SVG)."""
    from matplotlib.transforms import offset_copy

    after = offset_copy(ax.transData, fig=ax.figure, x=3.2 * FONT, units="points")
    for y, label, i in zip(rows.y, rows.labels, rows.index):
        ax.text(x0, y + 0.22, label, fontsize=FONT, ha="left", va="bottom", fontweight="bold")
        ax.text(x0, y + 0.22, names[i], fontsize=FONT, ha="left", va="bottom", transform=after)


def _frame(ax, rows: Rows, lo: float, hi: float) -> None:
    pad = 0.04 * (hi - lo or 1.0)
    ax.set_xlim(lo - pad, hi + pad)
    ax.set_ylim(-0.6, len(rows.index) - 0.1)
    ax.set_yticks([])
    ax.tick_params(
        labelsize=FONT, top=True, labeltop=len(rows.index) > 12
    )  # a long figure: a scale at the top too
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)


def rating_panel(ax, rows: Rows, names, values, intervals, method: str, interval_label: str) -> list:
    """Bars from 0 to each rating, a dot at the rating, whiskers for intervals; legend handles."""
    v = values[rows.index]
    colours = np.where(rows.top, _TOP, _BAR)
    handles = []
    if method == "deviation":
        ax.barh(rows.y, v, color=colours, height=0.34)
        ax.set_xlabel("deviation rating: 0 is the best possible", fontsize=FONT)
    else:
        base = float(v.min()) if v.min() > 0 else 0.0
        ax.barh(rows.y, v - base, left=base, color=colours, height=0.34)
        ax.set_xlabel(f"{method} rating: higher is better", fontsize=FONT)
    rest, top = ~rows.top, rows.top
    handles.append(
        ax.scatter(v[rest], rows.y[rest], color="black", s=22, zorder=5, label="rating (dot; bar from 0)")
    )
    # The top group's dots are large and green: visible even where the rating is 0 and the bar empty.
    handles.append(
        ax.scatter(
            v[top], rows.y[top], color=_TOP, edgecolor="black", s=60, zorder=5, label="top tied group ('1=')"
        )
    )
    lo, hi = min(v.min(), 0.0), max(v.max(), 0.0)
    if intervals is not None:
        low, up = intervals.lower[0][rows.index], intervals.upper[0][rows.index]
        # Bounds contain the point estimate; clip the rounding that could make a whisker negative.
        bars = ax.errorbar(
            v,
            rows.y,
            xerr=[np.maximum(v - low, 0), np.maximum(up - v, 0)],
            fmt="none",
            ecolor="black",
            elinewidth=1.0,
            capsize=3,
            zorder=4,
            label=interval_label.replace(" (", "\n("),  # two short lines: a phone's width
        )
        handles.append(bars)
        lo, hi = min(lo, low.min()), max(hi, up.max())
    ax.axvline(0, color="grey", linewidth=0.8)
    _frame(ax, rows, lo, hi)
    _names(ax, rows, names, lo - 0.04 * (hi - lo or 1.0))
    return handles


def task_colours(c: np.ndarray, tasks, tol: float):
    """``(active, colour)``: the tasks that move some rating by more than ``tol``, largest total first
    (over every model, so the same in every figure of a run), and a colour per task name."""
    import matplotlib

    weight = np.abs(c).sum(axis=0)
    active = [j for j in np.argsort(-weight, kind="stable") if np.abs(c[:, j]).max() > tol]
    cmap = matplotlib.colormaps["tab10"]
    colour = {tasks[j]: cmap(k % 10) for k, j in enumerate(active[:STACK_TASKS])}
    return np.array(active, dtype=int), colour


def contribution_panel(ax, rows: Rows, names, c: np.ndarray, tasks, tol: float, label_rows: bool) -> list:
    """Each shown model's rating split into task contributions (stacked both ways from 0)."""
    active, colour = task_colours(c, tasks, tol)
    sub = c[rows.index]
    parts = [(tasks[j], sub[:, j], colour[tasks[j]]) for j in active[:STACK_TASKS]]
    rest = active[STACK_TASKS:]
    if len(rest):
        parts.append((f"{len(rest)} other tasks", sub[:, rest].sum(axis=1), "#bbbbbb"))
    neg, pos = np.zeros(len(rows.index)), np.zeros(len(rows.index))
    handles = []
    for label, part, col in parts:
        left = np.where(part < 0, neg, pos)
        handles.append(ax.barh(rows.y, part, left=left, color=col, label=label, height=0.34))
        neg += np.minimum(part, 0)
        pos += np.maximum(part, 0)
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("task contributions:\neach row sums to the rating", fontsize=FONT)
    lo, hi = min(neg.min(), 0.0), max(pos.max(), 0.0)
    _frame(ax, rows, lo, hi)
    if label_rows:
        _names(ax, rows, names, lo - 0.04 * (hi - lo or 1.0))
    return handles

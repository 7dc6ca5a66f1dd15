"""The ratings figure's panels: ratings (bars from 0, or dots where 0 is far off; intervals, ties) and
task contributions; and the fonts the figures' names are drawn in.

Each model's row carries its rank and name as text above its bar, so a panel
stays narrow (a phone's width at its natural size) and its text is drawn at
body-text size (12 pt, 16 px). A task keeps one colour in every figure of a
run: colours follow the tasks' order by total contribution over all models,
whichever models a figure shows.

Names in any script are drawn with the fonts installed for them (CJK, emoji:
:data:`FALLBACK_FONTS`); characters that no installed font has are drawn as
boxes, with one note on stderr rather than matplotlib's warning per glyph.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import warnings

import numpy as np

__all__ = [
    "FALLBACK_FONTS",
    "FONT",
    "PANEL_WIDTH",
    "Rows",
    "contribution_panel",
    "font_families",
    "from_zero",
    "name_fonts",
    "rating_panel",
    "short_name",
    "task_colours",
    "tier_bands",
]

FONT = 12  # points: 16 px at the figure's natural size, the page's body text
PANEL_WIDTH = 3.8  # inches: 365 px, a 390 px phone's width less the page's margins
ROW = 0.46  # inches per model: a line of text and a bar beneath it
STACK_TASKS = 6  # tasks stacked by name; the rest are summed into "other tasks"
_TOP = "#2a7f3f"  # the top tied group
_BAR = "#8fa8c8"
_TIER_BANDS = ("#e6ebf2", "#f7f3e3")  # behind the rows of odd and even tiers
NAME_CHARS = 48  # columns (CJK: 2 each) of a name in a figure; a longer one is cut with '...'

# Fonts for names outside DejaVu Sans, the first installed of each group after matplotlib's own:
# CJK (Chinese, Japanese, Korean), then emoji and symbols. Outline fonts only: matplotlib cannot
# scale colour bitmap emoji fonts (Noto Color Emoji, Apple Color Emoji).
FALLBACK_FONTS = (
    (
        "Noto Sans CJK JP",
        "Noto Sans CJK SC",
        "Noto Sans CJK TC",
        "Noto Sans CJK KR",
        "Source Han Sans",
        "WenQuanYi Zen Hei",
        "WenQuanYi Micro Hei",
        "Droid Sans Fallback",
        "Microsoft YaHei",
        "PingFang SC",
        "Hiragino Sans",
        "Malgun Gothic",
        "Apple SD Gothic Neo",
    ),
    ("Noto Emoji", "Symbola", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Sans Symbols 2"),
)
_NOTED: set = set()  # names already noted as drawn with boxes, so a run says it once


def font_families(available=None) -> list[str]:
    """matplotlib's ``font.family`` followed by the first installed font of each group of
    :data:`FALLBACK_FONTS` (``available``: the installed family names; by default matplotlib's)."""
    import matplotlib
    from matplotlib import font_manager

    if available is None:
        available = {f.name for f in font_manager.fontManager.ttflist}
    found = [next((f for f in group if f in available), None) for group in FALLBACK_FONTS]
    return list(matplotlib.rcParams["font.family"]) + [f for f in found if f]


def _drawn(families) -> list:
    """The font files of ``families`` (generic names such as ``sans-serif`` resolved), without the
    last-resort font that draws every character as a box."""
    from matplotlib import font_manager, ft2font

    paths = []
    for family in families:
        with contextlib.suppress(ValueError):
            path = font_manager.findfont(
                font_manager.FontProperties(family=family), fallback_to_default=False
            )
            if "LastResort" not in path and path not in paths:
                paths.append(path)
    fonts = []
    for path in paths:
        with contextlib.suppress(OSError, RuntimeError, ValueError):  # a font file FreeType cannot open
            fonts.append(ft2font.FT2Font(path))
    return fonts


def _boxed(names, families) -> list[str]:
    """The names with a character that none of ``families`` draws (printable characters only)."""
    fonts = _drawn(families)
    chars = {c for n in names for c in str(n) if not c.isascii() and c.isprintable()}
    lacking = {c for c in chars if not any(f.get_char_index(ord(c)) for f in fonts)}
    return [str(n) for n in names if lacking & set(str(n))]


@contextlib.contextmanager
def name_fonts(names):
    """Draw a figure inside this: names in the installed fonts that have their characters, and,
    for characters none has, one note on stderr instead of a matplotlib warning per glyph."""
    import matplotlib

    families = font_families()
    boxed = _boxed(names, families)
    if boxed and frozenset(boxed) not in _NOTED:
        _NOTED.add(frozenset(boxed))
        shown = ", ".join(repr(n) for n in boxed[:3]) + (
            f" and {len(boxed) - 3} more" if len(boxed) > 3 else ""
        )
        print(
            f"jaxrate: note: figures draw some characters of {shown} as boxes: no installed font has "
            "them (install one, e.g. Debian's fonts-noto-cjk or fonts-symbola, then delete "
            "matplotlib's font cache)",
            file=sys.stderr,
        )
    log = logging.getLogger("matplotlib.font_manager")  # "Failed to find font weight bold for Symbola"
    level = log.level
    log.setLevel(logging.ERROR)
    try:
        with matplotlib.rc_context({"font.family": families}), warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="Glyph .* missing from", category=UserWarning)
            yield
    finally:
        log.setLevel(level)


def short_name(name) -> str:
    """A name as a figure draws it: cut to :data:`NAME_CHARS` columns with '...' (the table has it
    whole), so that a 150-character name does not make the figure twice as wide."""
    from jaxrate.cli._output import display_width

    name = str(name)
    if display_width(name) <= NAME_CHARS:
        return name
    while display_width(name) > NAME_CHARS - 1:
        name = name[:-1]
    return name + "\u2026"


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
        name = short_name(names[i])  # parse_math: a '$' in a name is a '$', not TeX
        ax.text(x0, y + 0.22, name, fontsize=FONT, ha="left", va="bottom", transform=after, parse_math=False)


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


def from_zero(lo: float, hi: float) -> bool:
    """Whether a rating axis spanning ``[lo, hi]`` (the ratings and their intervals) is drawn from 0:
    when 0 is no farther from the ratings than their spread, so that the differences still take half
    the axis or more. Otherwise (ratings around -27 a few tenths apart) 0 is left off the axis."""
    gap = max(lo, -hi, 0.0)  # from 0 to the nearest rating
    return hi - lo == 0 or gap <= hi - lo


def rating_panel(
    ax, rows: Rows, names, values, intervals, method: str, interval_label: str, tiers=None, tier_label=""
) -> list:
    """A dot at each rating and whiskers for intervals, with a bar from 0 when 0 is on the axis
    (:func:`from_zero`); otherwise the axis spans the ratings, and its label says 0 is not shown.
    ``tiers`` ``[M]`` (1 = top; optional): bands behind each tier's rows (:func:`tier_bands`)."""
    v = values[rows.index]
    lo, hi = float(v.min()), float(v.max())
    if intervals is not None:
        low, up = intervals.lower[0][rows.index], intervals.upper[0][rows.index]
        lo, hi = min(lo, float(low.min())), max(hi, float(up.max()))
    best = "0 is the best possible" if method == "deviation" else "higher is better"
    zero = from_zero(lo, hi)
    if zero:
        ax.barh(rows.y, v, color=np.where(rows.top, _TOP, _BAR), height=0.34)
        ax.axvline(0, color="grey", linewidth=0.8)
        lo, hi = min(lo, 0.0), max(hi, 0.0)
        ax.set_xlabel(f"{method} rating: {best}", fontsize=FONT)
    else:  # dots on row guides: a bar from the axis edge would give its length a meaning it has not
        for y in rows.y:
            ax.axhline(y, color="#d5dbe3", linewidth=0.8, zorder=1)
        ax.set_xlabel(f"{method} rating: {best}\n(0 not shown: the axis spans the ratings)", fontsize=FONT)
    rest, top = ~rows.top, rows.top
    label = "rating (dot; bar from 0)" if zero else "rating (dot)"
    handles = [ax.scatter(v[rest], rows.y[rest], color="black", s=22, zorder=5, label=label)]
    # The top group's dots are large and green: visible even where the rating is 0 and the bar empty.
    handles.append(
        ax.scatter(
            v[top], rows.y[top], color=_TOP, edgecolor="black", s=60, zorder=5, label="top tied group ('1=')"
        )
    )
    if intervals is not None:
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
    band = tier_bands(ax, rows, tiers, tier_label)
    if band is not None:
        handles.append(band)
    _frame(ax, rows, lo, hi)
    _names(ax, rows, names, lo - 0.04 * (hi - lo or 1.0))
    return handles


def tier_bands(ax, rows: Rows, tiers, label: str):
    """Light bands behind the rows of each tier, alternating in colour, each with ``tier K`` set
    vertically in a strip left of the panel (where no name reaches: names run to the right); the
    legend's handle, or ``None`` where every model is in one tier (or no tiers are given)."""
    from matplotlib.patches import Patch, Rectangle
    from matplotlib.transforms import blended_transform_factory

    if tiers is None or len(set(np.asarray(tiers).tolist())) < 2:
        return None
    shown = np.asarray(tiers)[rows.index]
    side = blended_transform_factory(ax.transAxes, ax.transData)  # x: the panel's width; y: rows
    strip = 0.075  # the label strip, in panel widths (16 pt)
    start = 0
    for k in range(1, len(shown) + 1):
        if k < len(shown) and shown[k] == shown[start]:
            continue
        top, bottom = rows.y[start] + 0.62, rows.y[k - 1] - 0.38  # a row: its name above, its bar
        colour = _TIER_BANDS[(int(shown[start]) - 1) % 2]
        band = Rectangle((-strip, bottom), 1 + strip, top - bottom, transform=side, color=colour, linewidth=0)
        band.set(zorder=0, clip_on=False)
        ax.add_patch(band)
        ax.text(
            -strip / 2,
            (top + bottom) / 2,
            f"tier {shown[start]}",
            transform=side,
            rotation=90,
            ha="center",
            va="center",
            fontsize=FONT - 3,
            color="#444c56",
            clip_on=False,
        )
        start = k
    return Patch(facecolor=_TIER_BANDS[0], edgecolor="#b8c2cf", label=label)


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

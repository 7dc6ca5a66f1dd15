"""The report page's HTML: layout, sortable tables and the plain-language notes.

Self-contained (no network): the style and the sorting script are inline. The
layout fits 1280 px and a phone width; wide tables scroll inside their own box
instead of widening the page. Model names keep to their column: a long one
(over :data:`LONG_NAME` columns) is cut with an ellipsis past 26em at 1280 px
and wrapped at spaces and hyphens, three lines at most, on a phone, the whole
name in the cell's tooltip; a word is broken only where it is wider than the
column.
"""

from __future__ import annotations

import html

from jaxrate.cli._output import display_width

__all__ = [
    "INTERVALS",
    "LONG_NAME",
    "SCRIPT",
    "STYLE",
    "interval_kind",
    "interval_words",
    "page",
    "reading_notes",
    "table",
]

STYLE = """
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;
  background:#fff;line-height:1.45;overflow-wrap:break-word}
main{max-width:1180px;margin:0 auto;padding:24px 24px 48px}
h1{font-size:1.55rem;margin:0 0 .25rem}
h2{font-size:1.15rem;margin:2rem 0 .6rem;padding-bottom:.2rem;border-bottom:1px solid #d0d7de}
.lead{color:#57606a;margin:0}
.notes{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:2px 18px;margin-top:1.2rem}
.notes li{margin:.3rem 0}
.warning{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:6px 12px}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;font-size:13px;font-variant-numeric:tabular-nums;margin:.4rem 0}
th,td{padding:3px 9px;text-align:right;white-space:nowrap;border-bottom:1px solid #e5e7eb}
th{background:#f6f8fa;border-bottom:1px solid #d0d7de;vertical-align:bottom}
table.sortable th{cursor:pointer;user-select:none}
table.sortable th[data-dir=asc]::after{content:" \\25B2";font-size:9px}
table.sortable th[data-dir=desc]::after{content:" \\25BC";font-size:9px}
td.name,th.name,td.text,th.text{text-align:left}
.nm{display:block;max-width:26em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
tr.top td{background:#eef6ee}
th.vertical{writing-mode:vertical-rl;transform:rotate(180deg);text-align:left;padding:6px 3px}
table.compact{font-size:12px}
table.wrap td{white-space:normal}
table.compact td{padding:2px 6px}
.figures{display:flex;flex-wrap:wrap;gap:8px 32px;align-items:flex-start}
.figure{overflow-x:auto;max-width:100%}
.figure svg{display:block;max-width:none;height:auto}
.cue{display:none;color:#57606a;font-size:13px;margin:.2rem 0}
.cue.on{display:block}
.key{color:#57606a;margin:.2rem 0 .4rem}
#ratings td.name,#ratings th.name{position:sticky;left:0;background:#fff;z-index:1;
  box-shadow:inset -1px 0 0 #d0d7de}
#ratings th.name{background:#f6f8fa}
#ratings tr.top td.name{background:#eef6ee}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f8fa;border-radius:6px;padding:8px 12px}
dt{font-weight:600}
dd{margin:0 0 .5rem 1.2rem}
small,.muted{color:#57606a}
@media (max-width:720px){
  main{padding:14px 10px 32px}
  h1{font-size:1.25rem}
  table{font-size:12px}
  th,td{padding:2px 5px}
  #ratings.many td.name{white-space:normal;min-width:6.5em;max-width:9.5em}
  .nm{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;white-space:normal;
    max-width:11em;min-width:6.5em}
  #ratings.many .nm{max-width:9.5em}
}
"""

# Click a header to sort by that column (numbers as numbers, "1=" as 1); again to reverse.
# A table wider than its box gets a visible cue that more columns are a sideways scroll away.
SCRIPT = """
function cues() {
  document.querySelectorAll(".scroll").forEach(function (box) {
    var cue = box.previousElementSibling;
    if (cue && cue.classList.contains("cue")) {
      cue.classList.toggle("on", box.scrollWidth > box.clientWidth + 1);
    }
  });
}
window.addEventListener("resize", cues);
cues();
document.querySelectorAll("table.sortable").forEach(function (t) {
  t.querySelectorAll("th").forEach(function (th, i) {
    th.title = th.title || "click to sort";
    th.addEventListener("click", function () {
      var asc = th.dataset.dir !== "asc";
      t.querySelectorAll("th").forEach(function (h) { delete h.dataset.dir; });
      th.dataset.dir = asc ? "asc" : "desc";
      var body = t.tBodies[0], rows = Array.prototype.slice.call(body.rows);
      function key(r) {
        var text = r.cells[i].textContent, x = parseFloat(text);
        return isNaN(x) ? text.toLowerCase() : x;
      }
      rows.sort(function (a, b) {
        var p = key(a), q = key(b);
        return (p < q ? -1 : p > q ? 1 : 0) * (asc ? 1 : -1);
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
});
"""


def table(
    headers,
    rows,
    *,
    sortable: bool = False,
    text_columns=(1,),
    table_id: str = "",
    titles=None,
    vertical=(),
    shade_top: bool = False,
    css: str = "",
    names=(),
) -> str:
    """An HTML table in a scroll box.

    ``text_columns`` are left-aligned (numbers right-aligned), the headers of
    ``vertical`` columns are set vertically (narrow columns of long task
    names), ``shade_top`` shades the rows whose first cell is rank 1, and the
    cells of ``names`` columns (model names) longer than :data:`LONG_NAME` keep
    to a width of their own, the whole name in their ``title``, so that long
    names never push the numbers away.
    """
    titles = titles or {}

    def cls(j, header=False):
        names = (["name"] if j in text_columns else []) + (["vertical"] if header and j in vertical else [])
        return f' class="{" ".join(names)}"' if names else ""

    head = "".join(
        f"<th{cls(j, True)}"
        + (f' title="{html.escape(titles[h])}"' if h in titles else "")
        + f">{html.escape(h)}</th>"
        for j, h in enumerate(headers)
    )
    body = []
    for row in rows:
        top = shade_top and str(row[0]).rstrip("=") == "1"
        cells = "".join(_cell(c, cls(j), j in names) for j, c in enumerate(row))
        body.append(f"<tr{' class=top' if top else ''}>{cells}</tr>")
    classes = " ".join(c for c in (("sortable" if sortable else ""), css) if c)
    attrs = (f' id="{table_id}"' if table_id else "") + (f' class="{classes}"' if classes else "")
    return (
        '<p class="cue">More columns: scroll the table sideways &rarr;</p>'
        f'<div class="scroll"><table{attrs}><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


LONG_NAME = 40  # columns: a longer model name could outgrow its 26em column: held to it, whole in a title


def _cell(value, attrs: str, name: bool) -> str:
    text = html.escape(str(value))
    if name and display_width(str(value)) > LONG_NAME:
        return f'<td{attrs} title="{text}"><span class="nm">{text}</span></td>'
    return f"<td{attrs}>{text}</td>"


# What each kind of interval measures: (short name, what it is over, in words with {n} resamples).
INTERVALS = {
    "task subsets": (
        "task-subset sensitivity",
        "{n} random subsets of the tasks. They show how much a rating depends on <i>which tasks</i> "
        "are on the leaderboard; they are not a sampling error of the scores",
    ),
    "sampling": (
        "sampling interval",
        "{n} bootstrap resamples of each task's replicates (items, seeds or folds), drawn within each "
        "task: the sampling uncertainty of the scores",
    ),
    "standard errors": (
        "sampling interval from standard errors",
        "{n} resamples that draw each score from a normal distribution around it with the standard "
        "error the table gives: the sampling uncertainty the publisher reports",
    ),
    "battles": (
        "bootstrap over battles",
        "{n} bootstrap resamples of the battle records: the sampling uncertainty of the win rates",
    ),
}

# How the game, its units and its clones read for each kind of data.
_GAME = {
    "scores": (
        "in the units of the scores",
        "the game between models and tasks",
        "<b>Clones.</b> Exact copies of a task or of a model change no rating (clone invariance). "
        "Near-copies move ratings, but less than averages and Elo do: on LiveBench, ten near-copies "
        "of one task (noise 0.01) moved deviation ratings by 4.6% of their range, the uniform average "
        "by 12% and Elo by 11%.",
    ),
    "battles": (
        "in win probability (0.1 is ten points of win rate)",
        "the game in which models meet in battles and each gains its win probability minus 1/2",
        "<b>Clones.</b> An exact copy of a model (the same win rates) changes no rating (clone "
        "invariance); a near-copy can move ratings a little.",
    ),
    "payoffs": (
        "in the game's payoff units",
        "the game among its players",
        "<b>Clones.</b> An exact copy of a strategy changes no rating (clone invariance).",
    ),
}


def interval_kind(intervals) -> str:
    """The one place that says what an interval measures: ``"task subsets"``, ``"sampling"``,
    ``"standard errors"`` or ``"battles"``.

    Read from the intervals' ``interval_kind`` when they carry one, else from
    their ``kind`` (``"task subsets"``, or ``"bootstrap"`` of battle records).
    """
    kind = str(getattr(intervals, "interval_kind", "") or intervals.kind).lower()
    if kind.startswith("task"):
        return "task subsets"
    if kind == "sampling (standard errors)":
        return "standard errors"
    return "sampling" if kind.startswith("sampling") else "battles"


def interval_words(intervals, resamples: int = 0) -> tuple[str, str]:
    """``(legend label, what the interval is over)`` of an interval, e.g. ``"95% interval (task-subset
    sensitivity)"``."""
    short, over = INTERVALS[interval_kind(intervals)]
    return f"{int(round(100 * intervals.confidence))}% interval ({short})", over.format(n=resamples)


def reading_notes(method: str, kind: str, tol: float, uniform: bool, intervals, resamples: int) -> str:
    """What the numbers and the intervals mean for this kind of data, in plain words, as an HTML list."""
    units, game, clones = _GAME.get(kind, _GAME["payoffs"])
    items = []
    if method == "deviation":
        items.append(
            "<b>Ratings are 0 or below, and 0 is the best possible</b> (the top of a leaderboard need "
            f"not reach it). A model's deviation rating is what a player would gain, {units}, by always "
            "picking that model instead of following the equilibrium <i>sigma*</i> (a coarse correlated "
            f"equilibrium of {game}). Under an equilibrium no such switch gains anything, so every "
            "rating is &le; 0: the closer to 0, the stronger the model."
        )
        items.append(clones)
    else:
        items.append(f"Ratings by the <b>{html.escape(method)}</b> method: higher is better.")
    items.append(
        f"<b>Ties.</b> Models whose ratings differ by less than {tol:.1e} share a rank, written "
        "<code>1=</code>; the rows of the top tied group are shaded (green in the figure)."
    )
    if uniform:
        items.append(
            "<b>uniform, u.rank</b>: the mean payoff against uniformly chosen opponents and tasks "
            "(in effect the plain average score) and its rank, for comparison."
        )
    if intervals is not None:
        label, over = interval_words(intervals, resamples)
        items.append(
            f"<b>lower, upper</b>: the {label} of the rating over {over}. <b>P(top)</b>: the share of "
            "those resamples in which the model is in the top tied group."
        )
        items.append(_ranks_note(intervals))
    items.append("Click a column's header to sort the table by it; click again to reverse.")
    return "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"


def _tier_words(intervals) -> str:
    """How the run's tiers claim (``intervals.options.tiers``), in words."""
    from jaxrate.results._significance import tier_method

    return {
        "stepdown": "a simultaneous max-|t| bootstrap band over all pairs, stepped down over the pairs not "
        "yet separated, as Romano and Wolf do",
        "band": "a simultaneous max-|t| bootstrap band over all pairs",
        "holm": "Holm's step-down on the paired bootstrap p-values of all pairs",
    }[tier_method(intervals)]


def _ranks_note(intervals) -> str:
    """What the rank interval (``best``, ``worst``) and ``tier`` columns claim, and over what."""
    level = f"{int(round(100 * intervals.confidence))}%"
    text = (
        "<b>best, worst</b>: the rank interval, by LMArena's convention: <i>best</i> is 1 + the number of "
        "models significantly above, <i>worst</i> the number of models not significantly below (itself "
        f"included), each pair tested on its own at {level} (paired percentile interval of the "
        "difference over the same resamples). <b>tier</b>: tier 1 is the top; every model of a tier is "
        "significantly above every model of each lower tier, all these claims holding together: with "
        f"{level} confidence no tier is split by chance ({_tier_words(intervals)}). Ties are never "
        "separated. Neither says anything where the resamples are too few."
    )
    if interval_kind(intervals) == "task subsets":
        text += (
            " Here the resamples are task subsets: best, worst and tier say how ranks move with the choice "
            "of tasks; they are <b>not</b> significance statements."
        )
    return text


def page(title: str, body: str) -> str:
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><main>\n{body}\n</main><script>{SCRIPT}</script></body></html>\n"
    )

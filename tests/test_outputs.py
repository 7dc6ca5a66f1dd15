"""The files and figures a publisher meets (issue 34): CSVs of numbers, unique columns, output
names of the right kind, report names in their column, figures in every script, an axis that
shows the differences, and counted nouns."""

import csv
import html
import json
import re
import shutil
import subprocess
import unicodedata
import warnings

import numpy as np
import pandas as pd
import pytest

from jaxrate.cli import main

TABLE = pd.DataFrame(
    [[1.0, 0.0, 0.5], [0.0, 1.0, 0.5], [0.2, 0.2, 0.2], [1.0, 0.0, 0.5], [0.6, 0.1, 0.3]],
    index=["A", "B", "C", "A2", "D"],  # A2 copies A: a tie at the top
    columns=["t1", "t2", "t3"],
)
LONG = ("a-very-long-model-name-" + "x" * 60 + "-finetuned-" + "y" * 60)[:150]
SCRIPTS = ["通义千问-72B", "문심", "🦙 llama", "ERNIE 文心一言 4.0"]
BROWSER = next((shutil.which(b) for b in ("chromium", "chromium-browser") if shutil.which(b)), None)


def _run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _table(tmp_path, names=None, name="s.csv"):
    path = tmp_path / name
    table = TABLE if names is None else _scores(names)
    table.to_csv(path, index_label="model")
    return path


def _scores(names) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    return pd.DataFrame(rng.uniform(0, 1, (len(names), 4)), index=names, columns=["a", "b", "c", "d"])


def _width(text: str) -> int:
    """Terminal columns, by Unicode's East Asian width (the test's own rule, not the code's)."""
    skip = "\u200b\u200c\u200d\ufe0e\ufe0f"
    return sum(
        0 if unicodedata.combining(c) or c in skip else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


# 1. The report's ratings.csv and --csv: one writer, numbers only.


def test_report_csv_and_csv_option_are_the_same_numbers(capsys, tmp_path):
    path = _table(tmp_path)
    out_csv, out_json, report = tmp_path / "r.csv", tmp_path / "r.json", tmp_path / "rep"
    argv = ["rate", path, "--bootstrap", "5", "--csv", out_csv, "--json", out_json, "--report", report]
    code, _, err = _run(capsys, *argv)
    assert code == 0, err
    assert (report / "ratings.csv").read_text() == out_csv.read_text()
    rows = list(csv.reader(out_csv.read_text().splitlines()))
    assert rows[0] == [
        *["rank", "agent", "deviation", "u.rank", "uniform", "lower", "upper", "p_top"],
        *["rank_best", "rank_worst", "tier"],
    ]
    ranking = json.loads(out_json.read_text())["ranking"]
    for row, entry in zip(rows[1:], ranking):
        assert int(row[0]) == entry["rank"] and row[1] == entry["strategy"]
        assert float(row[2]) == entry["rating"]  # full precision: the JSON's float, not '-0.167320'
        int(row[3])  # u.rank: an integer, no '='
        assert all(float(x) == float(x) for x in row[4:])
        assert not any(c.endswith("=") or c.startswith("+") for c in row)
        assert [int(x) for x in row[8:]] == [entry["rank_best"], entry["rank_worst"], entry["tier"]]
    assert [int(r[0]) for r in rows[1:3]] == [1, 1]  # the tie: one rank, twice


# 2. compare: unique CSV columns, and a report.


def test_compare_csv_columns_are_unique(capsys, tmp_path):
    path = _table(tmp_path)
    out_csv = tmp_path / "c.csv"
    code, _, err = _run(capsys, "compare", path, "--methods", "deviation,uniform,elo", "--csv", out_csv)
    assert code == 0, err
    header = next(csv.reader(out_csv.read_text().splitlines()))
    assert len(header) == len(set(header)), header
    assert header[1:] == [
        "deviation",
        "deviation_rank",
        "uniform",
        "uniform_rank",
        "uniform_moved",
        "elo",
        "elo_rank",
        "elo_moved",
    ]


def test_compare_writes_a_report_as_rate_does(capsys, tmp_path):
    path = _table(tmp_path)
    out_csv, report = tmp_path / "c.csv", tmp_path / "cmp"
    code, _, err = _run(capsys, "compare", path, "--csv", out_csv, "--report", report)
    assert code == 0, err
    assert sorted(p.name for p in report.iterdir()) == [
        "comparison.csv",
        "comparison.json",
        "index.html",
        "methods.svg",
    ]
    assert (report / "comparison.csv").read_text() == out_csv.read_text()
    page = (report / "index.html").read_text()
    assert "<svg" in page and 'id="ratings"' in page and "jaxrate compare" in page
    assert "<script src" not in page and "<link" not in page  # self-contained
    methods = json.loads((report / "comparison.json").read_text())["methods"]
    assert set(methods) == {"deviation", "uniform", "elo"}


# 3. Output names of another kind: refused before any work, nothing written.


@pytest.mark.parametrize(
    "command, option, name, message",
    [
        ("rate", "--report", "out.html", "--report takes a folder"),
        ("rate", "--plot", "x.csv", "must end in .png, .svg or .pdf"),
        ("rate", "--csv", "x.json", "must end in .csv"),
        ("rate", "--json", "x.csv", "must end in .json"),
        ("compare", "--report", "out.html", "--report takes a folder"),
        ("compare", "--plot", "x.csv", "must end in .png, .svg or .pdf"),
        ("compare", "--csv", "x.json", "must end in .csv"),
    ],
)
def test_an_output_name_of_another_kind_is_refused_before_any_work(
    capsys, tmp_path, monkeypatch, command, option, name, message
):
    from jaxrate.cli import _inputs

    path = _table(tmp_path)

    def no_work(*args, **kwargs):
        raise AssertionError("the input was read before the output name was checked")

    monkeypatch.setattr(_inputs, "load_source", no_work)
    monkeypatch.setattr(f"jaxrate.cli._{command}.load_source", no_work, raising=False)
    code, out, err = _run(capsys, command, path, option, tmp_path / name)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and message in lines[0] and name in lines[0], err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.csv"]  # nothing written


def test_output_names_without_an_ending_and_of_their_own_kind_pass(tmp_path):
    from jaxrate.cli._output import check_output_path

    for option, name in (("--json", "result"), ("--csv", "r.CSV"), ("--plot", "f.SVG"), ("--csv", "r.txt")):
        check_output_path(option, str(tmp_path / name))
    check_output_path("--report", str(tmp_path / "report.d"), folder=True)
    check_output_path("--report", str(tmp_path / "report"), folder=True)


# 4. The HTML report: long names keep to their column; numbers stay in view.


def test_report_names_keep_to_their_column_with_the_whole_name_in_a_title(capsys, tmp_path):
    path = _table(tmp_path, ["short", LONG, *SCRIPTS])
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Glyph")  # the figures' fonts are another test's
        code, _, err = _run(capsys, "rate", path, "--report", tmp_path / "rep")
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    style = page[page.index("<style>") : page.index("</style>")]
    assert "anywhere" not in style.split("pre{")[0]  # no mid-word breaks of ordinary names
    assert re.search(r"\.nm\{[^}]*max-width:[^}]*text-overflow:ellipsis", style)
    table = page[page.index('id="ratings"') :]
    assert f'title="{html.escape(LONG)}"><span class="nm">{html.escape(LONG)}</span>' in table


# Appended to a copy of the page: where each name's lines break, and where the columns end.
PROBE = """<script>
var rows = document.getElementById("ratings").tBodies[0].rows, out = [];
for (var k = 0; k < rows.length; k++) {
  var cell = rows[k].cells[1], text = cell.textContent, node = (cell.querySelector(".nm") || cell).firstChild;
  var breaks = [], top = null;
  for (var i = 0; i < text.length; i++) {
    var range = document.createRange();
    range.setStart(node, i); range.setEnd(node, i + 1);
    var rect = range.getClientRects()[0];
    if (!rect || rect.width === 0) continue;  // a character clipped away (ellipsis, line clamp)
    if (top !== null && rect.top > top + 2) breaks.push(i);
    top = rect.top;
  }
  var right = Array.prototype.map.call(rows[k].cells, function (c) {
    return c.getBoundingClientRect().right;
  });
  out.push({name: text, breaks: breaks, right: right});
}
var pre = document.createElement("pre");
pre.id = "probe";
pre.textContent = JSON.stringify({width: window.innerWidth, rows: out});
(window.parent === window ? document : window.parent.document).body.appendChild(pre);
</script>"""


def _probe(tmp_path, page, width: int) -> dict:
    probe = page.with_name(f"probe_{width}.html")
    probe.write_text(page.read_text().replace("</body>", PROBE + "</body>"))
    if width < 800:  # chromium's window is at least 500 px wide: a phone is an iframe
        frame = page.with_name(f"frame_{width}.html")
        frame.write_text(
            f'<!doctype html><body style="margin:0"><iframe src="{probe.name}" '
            f'style="width:{width}px;height:900px;border:0"></iframe></body>'
        )
        probe = frame
    cmd = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
    cmd += [f"--user-data-dir={tmp_path / 'profile'}", "--allow-file-access-from-files"]
    cmd += [f"--window-size={max(width, 800)},1000", "--dump-dom", probe.as_uri()]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    found = re.search(r'<pre id="probe">(.*?)</pre>', done.stdout, re.S)
    assert found, done.stderr[-2000:]
    return json.loads(html.unescape(found.group(1)))


@pytest.mark.skipif(BROWSER is None, reason="chromium is not installed (.ci/run installs it)")
def test_report_long_and_cjk_names_leave_every_number_in_view(capsys, tmp_path):
    names = ["model-12-instruct", LONG, *SCRIPTS, "Qwen2.5-72B-Instruct-Turbo (2024-09-19) long suffix"]
    path = _table(tmp_path, names)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Glyph")  # the figures' fonts are another test's
        code, _, err = _run(capsys, "rate", path, "--bootstrap", "5", "--report", tmp_path / "rep")
    assert code == 0, err
    page = tmp_path / "rep" / "index.html"
    wide = _probe(tmp_path, page, 1280)
    assert wide["width"] == 1280
    for row in wide["rows"]:
        assert max(row["right"]) <= 1280, row  # every number column on screen (was pushed off by LONG)
        assert row["breaks"] == [], row  # one line each at 1280 px (LONG cut with an ellipsis)
    phone = _probe(tmp_path, page, 390)
    for row in phone["rows"]:
        assert max(row["right"][:3]) <= 390, row  # rank, name, rating in view on a phone
        if row["name"] != LONG and row["name"].isascii():  # ordinary names break between words only
            assert all(row["name"][i - 1] in " -" for i in row["breaks"]), row


# 5. Figures draw CJK and emoji names without a warning per glyph; terminal tables align them.


def test_fallback_fonts_are_the_installed_outline_fonts():
    from jaxrate.cli._figures import font_families

    installed = {"DejaVu Sans", "Noto Color Emoji", "Noto Sans CJK JP", "Noto Sans CJK SC", "Symbola"}
    assert font_families(installed)[-2:] == ["Noto Sans CJK JP", "Symbola"]  # a colour bitmap font: no
    assert "Noto Color Emoji" not in font_families(installed)
    assert font_families({"DejaVu Sans"}) == font_families(set())


def test_figures_draw_names_in_any_script_with_one_note_at_most(capsys, tmp_path, monkeypatch):
    from jaxrate.cli import _figures

    monkeypatch.setattr(_figures, "_NOTED", set(), raising=False)
    unknown = "cuneiform \U00012000 model"  # a character that no usual font has
    path = _table(tmp_path, [*SCRIPTS, unknown, "plain $x$ model", "tofu-free"])
    errs = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for argv in (
            ["rate", path, "--plot", tmp_path / "f.png"],
            ["compare", path, "--plot", tmp_path / "c.png"],
        ):
            code, _, err = _run(capsys, *argv)
            assert code == 0, err
            assert "Glyph" not in err and "findfont" not in err
            errs += err.splitlines()
    assert not [w for w in caught if "Glyph" in str(w.message)]
    notes = [line for line in errs if "as boxes" in line]
    assert len(notes) == 1, errs  # the cuneiform sign: no font has it; said once, not per glyph or figure
    assert (tmp_path / "f.png").read_bytes()[:4] == b"\x89PNG"


def test_terminal_table_pads_wide_and_combining_characters_by_columns():
    from jaxrate.cli._output import format_table

    names = ["gpt-4o", "通义千问-72B", "문심", "🦙 llama", "cafe\u0301 model", "ERNIE 文心一言 4.0"]
    rows = [[str(k + 1), n, f"{-0.1 * k:.4f}"] for k, n in enumerate(names)]
    lines = format_table(["rank", "agent", "deviation"], rows, [True, False, True]).splitlines()
    widths = {_width(line) for line in lines}
    assert len(widths) == 1, lines  # every line as wide: the rating column lines up
    wrapped = format_table(["agent", "x"], [["通义千问 " * 8, "1"]], [False, True], width=30)
    assert all(_width(line) <= 30 for line in wrapped.splitlines()), wrapped


# 6. The rating axis shows the differences that matter, and says when 0 is not on it.


def _panel(values, method="deviation"):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from jaxrate.cli._figures import Rows, rating_panel

    values = np.asarray(values, dtype=float)
    order = np.argsort(-values, kind="stable")
    fig, ax = plt.subplots()
    rows = Rows(order, [str(k + 1) for k in range(len(order))], len(order))
    rating_panel(ax, rows, [f"m{k}" for k in range(len(values))], values, None, method, "")
    return fig, ax


@pytest.mark.parametrize("method", ["deviation", "elo"])
def test_ratings_far_from_zero_get_an_axis_of_their_range(method):
    import matplotlib.pyplot as plt

    values = [-27.3, -27.1, -26.9, -26.95, -27.42] if method == "deviation" else [1012.0, 998.0, 1003.0]
    fig, ax = _panel(values, method)
    lo, hi = ax.get_xlim()
    assert lo > 0 or hi < 0, (lo, hi)  # 0 left off
    assert hi - lo < 2 * (max(values) - min(values)), (lo, hi)  # the differences fill the axis
    assert "0 not shown" in ax.get_xlabel()
    plt.close(fig)
    fig, ax = _panel([0.0, -0.4, -1.2, -2.6])  # near 0: drawn from 0, as before
    assert ax.get_xlim()[0] < -2.6 < 0 <= ax.get_xlim()[1] and "not shown" not in ax.get_xlabel()
    plt.close(fig)


# 7. Counted nouns.


def test_counts_agree_with_their_nouns(capsys, tmp_path):
    one = tmp_path / "one.csv"
    pd.DataFrame([[0.5, 0.6]], index=["only"], columns=["t1", "t2"]).to_csv(one, index_label="model")
    code, _, err = _run(capsys, "rate", one, "--report", tmp_path / "rep")
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    assert '<p class="lead">1 agent;' in page
    code, out, err = _run(capsys, "rate", _table(tmp_path), "--task-subsets", "1")
    assert code == 0, err
    assert "from 1 task subset (" in " ".join(out.split())
    from jaxrate.cli._output import plural  # the one helper of these counts

    assert plural(1, "agent") == "1 agent" and plural(2, "agent") == "2 agents"
    assert plural((30, 30), "seed") == "30 seeds" and plural((29, 30), "seed") == "29-30 seeds"
    assert plural(3, "strategy") == "3 strategies" and plural(1, "dual proof") == "1 dual proof"

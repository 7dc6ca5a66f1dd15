"""The ``--report`` page in a real browser: headless Chromium, Debian's package.

``.ci/run`` installs Chromium when it is missing and sets
``JAXRATE_REQUIRE_BROWSER=1``, so in CI this test runs or fails, never skips.
A full-page screenshot at 1280 px is kept in the test's folder (and copied into
``$JAXRATE_TEST_ARTEFACTS`` when that names a folder).
"""

import html
import json
import os
import re
import shutil
import subprocess

import numpy as np
import pytest

from jaxrate.cli import main
from jaxrate.cli._figures import FONT as FIGURE_FONT

BROWSER = next((shutil.which(b) for b in ("chromium", "chromium-browser") if shutil.which(b)), None)

# Appended to a copy of the page: measures the layout, clicks the sort headers
# and writes what it saw into the DOM, which --dump-dom returns.
MEASURE = """<script>
(function () {
  function lines(cell) {
    var range = document.createRange();
    range.selectNodeContents(cell);
    return range.getClientRects().length;
  }
  var doc = document.documentElement;
  var table = document.getElementById("ratings");
  function names() {
    return Array.prototype.map.call(table.tBodies[0].rows, function (r) { return r.cells[1].textContent; });
  }
  var cells = Array.prototype.map.call(table.tBodies[0].rows, function (r) {
    var box = r.cells[1].getBoundingClientRect();
    return {name: r.cells[1].textContent, left: box.left, right: box.right, height: box.height,
            lines: lines(r.cells[1])};
  });
  var boxes = Array.prototype.map.call(document.querySelectorAll(".scroll"), function (s) {
    return {scroll: s.scrollWidth, client: s.clientWidth};
  });
  // Rank, name, rating, lower, upper of every row: where they are drawn, unscrolled.
  var key = Array.prototype.map.call(table.tBodies[0].rows, function (r) {
    return Array.prototype.slice.call(r.cells, 0, 5).map(function (c) {
      var box = c.getBoundingClientRect();
      return [box.left, box.right];
    });
  });
  // Figure text as drawn: FIGURE_FONT points of the SVG's own units, scaled as the page shows it.
  var fonts = Array.prototype.map.call(document.querySelectorAll(".figure svg"), function (svg) {
    return svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  });
  var cue = table.parentElement.previousElementSibling;
  var out = {viewport: window.innerWidth, page: doc.scrollWidth, body: document.body.scrollWidth,
             height: doc.scrollHeight, cells: cells, boxes: boxes, key: key, scales: fonts,
             bodyFont: parseFloat(getComputedStyle(document.body).fontSize),
             tableTop: table.getBoundingClientRect().top,
             notesTop: document.querySelector(".notes").getBoundingClientRect().top,
             tableScrolls: table.parentElement.scrollWidth > table.parentElement.clientWidth,
             cueShown: cue.classList.contains("cue") && cue.offsetHeight > 0,
             svg: document.querySelectorAll("svg").length,
             external: document.querySelectorAll("[src], link[href]").length};
  var header = table.tHead.rows[0].cells[2];
  header.click();
  out.ascending = names();
  header.click();
  out.descending = names();
  var pre = document.createElement("pre");
  pre.id = "measure";
  pre.textContent = JSON.stringify(out);
  (window.parent === window ? document : window.parent.document).body.appendChild(pre);
})();
</script>"""


def _browser(tmp_path, *args) -> str:
    cmd = [
        BROWSER,
        "--headless",
        "--no-sandbox",  # root in CI containers
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--no-first-run",
        f"--user-data-dir={tmp_path / 'profile'}",
        *args,
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _measure(tmp_path, page, width: int, height: int) -> dict:
    """Layout figures of the page in a ``width`` x ``height`` viewport.

    Chromium's windows are at least 500 px wide, so a narrower viewport (a
    phone) is an iframe of that size inside a wider window.
    """
    probe = page.with_name(f"measure_{width}.html")
    probe.write_text(page.read_text().replace("</body>", MEASURE + "</body>"))
    window = f"--window-size={max(width, 800)},{height + 100}"
    if width < 800:
        frame = page.with_name(f"frame_{width}.html")
        frame.write_text(
            f'<!doctype html><body style="margin:0"><iframe src="{probe.name}" '
            f'style="width:{width}px;height:{height}px;border:0"></iframe></body>'
        )
        probe = frame
    dom = _browser(tmp_path, window, "--allow-file-access-from-files", "--dump-dom", probe.as_uri())
    found = re.search(r'<pre id="measure">(.*?)</pre>', dom, re.S)
    assert found, dom[-2000:]
    return json.loads(html.unescape(found.group(1)))


@pytest.fixture(scope="module")
def browser():
    if BROWSER is None:
        if os.environ.get("JAXRATE_REQUIRE_BROWSER"):
            pytest.fail("chromium is not installed, but .ci/run should have installed it")
        pytest.skip("chromium is not installed (.ci/run installs it: apt-get install chromium)")
    return BROWSER


def test_livebench_report_fits_1280_px_and_a_phone_and_shows_every_model(browser, tmp_path, capsys):
    from conftest import shared_file

    report = tmp_path / "report"
    out_json = tmp_path / "r.json"
    code = main(
        [
            "rate",
            str(shared_file("livebench_2024_08_17.csv")),
            "--bootstrap",
            "10",
            "--report",
            str(report),
            "--json",
            str(out_json),
        ]
    )
    assert code == 0, capsys.readouterr().err
    ranking = json.loads(out_json.read_text())["ranking"]
    assert len(ranking) == 65
    page = report / "index.html"

    wide = _measure(tmp_path, page, 1280, 900)
    assert wide["viewport"] == 1280
    assert wide["page"] <= 1280 and wide["body"] <= 1280  # no horizontal scroll bar
    assert all(box["scroll"] <= box["client"] for box in wide["boxes"])  # no table cut off in its box
    assert [c["name"] for c in wide["cells"]] == [e["strategy"] for e in ranking]  # every model, in order
    for cell in wide["cells"]:
        assert 0 <= cell["left"] and cell["right"] <= 1280 and cell["height"] > 0, cell
        assert cell["lines"] == 1, cell  # names on one line (were wrapped on three)
    assert wide["svg"] == 2 and wide["external"] == 0  # ratings and contributions inline, nothing fetched
    by_rating = sorted(ranking, key=lambda e: e["rating"])
    assert [wide["ascending"][k] for k in (0, -1)] == [by_rating[0]["strategy"], by_rating[-1]["strategy"]]
    assert wide["descending"][0] in {e["strategy"] for e in ranking if e["rank"] == 1}

    phone = _measure(tmp_path, page, 390, 844)
    assert phone["viewport"] == 390 and phone["page"] <= 390  # wide tables scroll inside their boxes
    assert [c["name"] for c in phone["cells"]] == [e["strategy"] for e in ranking]
    for view in (wide, phone):
        width = view["viewport"]
        # Rank, model, rating and interval of every model in sight without scrolling sideways.
        for row in view["key"]:
            assert all(0 <= left and right <= width for left, right in row), row
        # The table comes first; how to read it follows (not the phone's first screen).
        assert view["tableTop"] < view["notesTop"]
        # Figure text at least as large as body text (was ~4 px on a phone).
        assert view["scales"] and all(FIGURE_FONT * k >= view["bodyFont"] - 0.01 for k in view["scales"])
        assert view["cueShown"] == view["tableScrolls"]  # more columns to the right: a visible cue
    assert phone["tableScrolls"] and phone["cueShown"] and not wide["cueShown"]
    assert phone["tableTop"] < 0.6 * 844 < 844 < phone["notesTop"]  # the phone's first screen: the table
    assert phone["cells"][0]["right"] <= 390 / 2  # a long name wraps in a narrow column

    shot = tmp_path / "report_1280.png"
    _browser(
        tmp_path, f"--window-size=1280,{min(wide['height'], 16000)}", f"--screenshot={shot}", page.as_uri()
    )
    from PIL import Image

    with Image.open(shot) as image:
        assert image.size == (1280, min(wide["height"], 16000))
        assert len(np.unique(np.asarray(image.convert("L")))) > 20  # drawn, not blank
    artefacts = os.environ.get("JAXRATE_TEST_ARTEFACTS")
    if artefacts and os.path.isdir(artefacts):
        shutil.copy(shot, os.path.join(artefacts, "report_1280.png"))

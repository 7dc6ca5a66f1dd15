"""The documentation site: it builds with no warnings, references every public name, and its examples run.

* Every ```python block of ``docs/**/*.md`` runs (``markdown_blocks``; blocks
  that need a cluster or several hosts are ``no-run`` for a reason in ``NO_RUN``).
* Every ``jaxrate`` command in a ```bash block parses; every ```bash block of every
  page runs as written in an empty folder, with only the virtualenv active (the
  inputs come from ``jaxrate sample``), and prints the outputs the page shows
  (``run_shell_page``); the few that need the network are tagged and counted.
* ``sphinx-build -W`` builds the site; cross-references are checked
  (``nitpicky``), so a renamed function or a broken link fails the build
  (shown on a page with one good and one broken reference).
* Every name in ``jaxrate.__all__`` and in the ``__all__`` of each public
  module has an entry in the built reference (its object inventory).
"""

from __future__ import annotations

import importlib
import inspect
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from markdown_blocks import ROOT, blocks, jaxrate_commands, run_python, run_shell_page, shown_values

import jaxrate

DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.parts)
BLOCKS = [b for page in PAGES for b in blocks(page)]
PYTHON = [b for b in BLOCKS if b.lang == "python"]

sys.path.insert(0, str(DOCS / "_ext"))
import apipage  # noqa: E402  (the extension that writes the reference pages)

sys.path.remove(str(DOCS / "_ext"))


def public_modules() -> list[str]:
    """``jaxrate`` and every module with a reference page (``docs/reference/*.md``)."""
    pages = (DOCS / "reference").glob("*.md")
    found = [re.search(r"\{api-module\} (\S+)", p.read_text()) for p in pages]
    return sorted(m.group(1) for m in found if m)


def test_docs_have_the_pages_the_issue_asks_for():
    names = {p.relative_to(DOCS).as_posix() for p in PAGES}
    assert {"index.md", "getting-started.md", "explanation.md", "reference/index.md"} <= names
    howtos = {n for n in names if n.startswith("howto/")}
    assert len(howtos) >= 8, howtos


def test_every_module_in_all_has_a_reference_page():
    modules = {f"jaxrate.{n}" for n in jaxrate.__all__ if inspect.ismodule(getattr(jaxrate, n))}
    assert modules, "jaxrate.__all__ names its public modules"
    missing = modules - set(public_modules())
    assert not missing, f"add a docs/reference page (```{{api-module}} NAME```) for {sorted(missing)}"


# Blocks that compile JAX programs for 10-50 s: run in the slow run (CI runs it). Each is named
# by its page and a line of its code (not its line number, which moves when the page is edited).
SLOW_BLOCKS = {
    ("docs/howto/training-loops.md", "rate = jax.jit(jax.vmap(lambda g, w: rate_game(g, warm=w)))"),
    ("docs/howto/training-loops.md", "random((16, 2, 5, 5)).astype(np.float32)  # [B, N, A_1, A_2]"),
    ("docs/howto/batches.md", "games = np.random.default_rng(0).random((512, 2, 10, 10))"),
}


def _is_slow(block) -> bool:
    page = block.path.relative_to(ROOT).as_posix()
    return any(page == where and line in block.code for where, line in SLOW_BLOCKS)


def test_every_slow_block_is_there():
    for where, line in SLOW_BLOCKS:
        found = [b for b in PYTHON if b.path.relative_to(ROOT).as_posix() == where and line in b.code]
        assert len(found) == 1, f"SLOW_BLOCKS names {line!r} on {where}: {len(found)} blocks hold it"


@pytest.mark.parametrize(
    "block", [pytest.param(b, id=b.where, marks=[pytest.mark.slow] if _is_slow(b) else []) for b in PYTHON]
)
def test_python_block_runs(block, tmp_path, monkeypatch):
    run_python(block, tmp_path, monkeypatch)


def test_the_values_the_python_blocks_show_are_checked():
    """A comment that starts with a Python literal shows the line's value (``run_python`` checks
    it, numbers to the digits shown); issue 56 found two that had drifted."""
    readme = [b for b in blocks(ROOT / "README.md") if b.lang == "python"]
    assert sum(shown_values(b) for b in PYTHON + readme) >= 15


def test_python_blocks_mostly_run():
    runs = [b for b in PYTHON if b.tags == ""]
    assert len(runs) >= 10, [b.where for b in runs]
    assert len(PYTHON) - len(runs) <= 2, "keep the blocks that are not run to a minimum"


def test_commands_parse():
    from jaxrate.cli import _build_parser

    commands = jaxrate_commands(BLOCKS)
    assert len(commands) >= 15
    for block, args in commands:
        try:
            _build_parser().parse_args(args)
        except Exception as error:  # the CLI's one-line usage error
            raise AssertionError(f"{block.where}: jaxrate {' '.join(args)}: {error}") from error


SHELL_PAGES = sorted({b.path for b in BLOCKS if b.lang == "bash"})
# Pages whose commands run in a few seconds: in the default run; the others in the slow run.
QUICK_SHELL_PAGES = {"docs/howto/verify.md", "docs/reference/result-file.md", "docs/howto/differences.md"}


@pytest.mark.parametrize(
    "page",
    [
        pytest.param(
            p,
            id=p.relative_to(ROOT).as_posix(),
            marks=[] if p.relative_to(ROOT).as_posix() in QUICK_SHELL_PAGES else [pytest.mark.slow],
        )
        for p in SHELL_PAGES
    ],
)
def test_every_command_of_the_page_runs_as_written(page, tmp_path):
    """Every ```bash block of the page, in an empty folder, with only the virtualenv active: each
    command exits 0 (2 where the page shows the error it prints), and each output shown matches."""
    counts = run_shell_page(page, tmp_path)
    assert counts["run"] + counts["not run"] >= 1


def test_commands_that_need_the_network_are_few_and_marked():
    """Issue 56: at most 10 blocks need the network, each tagged; every output shown after a command
    is tagged ``output`` (so that the test above checks it), or ``quoted``: a message jaxrate prints
    on a published file the package does not ship (at most 2)."""
    network = [b for b in BLOCKS if b.lang == "bash" and b.tags == "network"]
    assert 1 <= len(network) <= 10, [b.where for b in network]
    for page in SHELL_PAGES:
        found = blocks(page)
        for before, after in zip(found, found[1:]):
            if before.lang == "bash" and before.tags == "" and after.lang == "text":
                assert after.tags in ("output", "quoted"), f"{after.where}: an output, not tagged output"
    quoted = [b.where for b in BLOCKS if b.lang == "text" and b.tags == "quoted"]
    assert len(quoted) <= 2, quoted
    hosted = re.compile(r"^(pip|python3 -m venv|\.venv/bin/pip|lm_eval|helm-run|inspect eval|curl)\b", re.M)
    for block in (b for b in BLOCKS if b.lang == "bash" and b.tags == ""):
        assert not hosted.search(block.code), f"{block.where}: needs the network; tag it ```bash network"


def test_a_broken_reference_fails_the_build(tmp_path):
    """With this site's configuration, a reference to a jaxrate name that does not exist is an error."""
    # This site's configuration, the top-level reference (its links to other pages dangle) and one page.
    site = tmp_path / "docs"
    shutil.copytree(DOCS, site, ignore=shutil.ignore_patterns("_build", "howto", "*.png"))
    for other in [*site.glob("*.md"), *site.glob("reference/*.md")]:
        if other.name != "jaxrate.md":
            other.unlink()
    page = "# Page\n\n{func}`jaxrate.deviation_ratings` and {func}`jaxrate.renamed_function`.\n"
    (site / "index.md").write_text(page + "\n```{toctree}\nreference/jaxrate\n```\n")
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "dummy"]
    run = subprocess.run(command + [str(site), str(tmp_path / "out")], capture_output=True, text=True)
    assert run.returncode != 0
    on_page = [line for line in run.stderr.splitlines() if "index.md" in line and "WARNING" in line]
    assert len(on_page) == 1 and "jaxrate.renamed_function" in on_page[0], run.stderr


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site built as the README says, warnings as errors (about 15 s on two cores)."""
    out = tmp_path_factory.mktemp("site")
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html"]
    command += ["-d", str(out / ".doctrees"), str(DOCS), str(out)]
    run = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, f"sphinx-build failed:\n{run.stderr[-6000:]}"
    assert run.stderr.strip() == "", run.stderr  # no warning at all
    return out


def test_site_builds_without_warnings(site):
    for page in ("index", "getting-started", "explanation", "reference/jaxrate", "howto/batches"):
        assert (site / f"{page}.html").is_file(), page
    reference = (site / "reference" / "jaxrate.html").read_text(encoding="utf-8")
    assert "jaxrate.deviation_ratings" in reference and "lexmin" in reference  # the maths is there


def test_every_public_name_has_a_reference_entry(site):
    from sphinx.util.inventory import InventoryFile

    with open(site / "objects.inv", "rb") as f:
        inventory = InventoryFile.load(f, "", lambda base, uri: uri)
    data = getattr(inventory, "data", inventory)  # a dict, or an inventory object in newer Sphinx
    documented = {name for kind, entries in data.items() if kind.startswith("py:") for name in entries}
    missing = []
    for module in public_modules():
        for name in importlib.import_module(module).__all__:
            if apipage.home_of(module, name) not in documented:
                missing.append(f"{module}.{name}")
    assert not missing, f"no reference entry for {missing}"
    assert len(documented) >= 150


def test_the_site_loads_nothing_from_the_network(site):
    """Issue 56: MathJax ships with the site (the pages loaded it from a CDN, and showed raw
    ``\\(N\\)`` offline); no page loads a script or a style sheet from another host."""
    assert (site / "_static" / "mathjax" / "tex-chtml.js").is_file()
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        remote = re.findall(r'<(?:script|link)[^>]+(?:src|href)="(https?://[^"]+)"', text)
        assert not remote, f"{page.relative_to(site)} loads {remote}"


def test_maths_renders_with_the_network_off(site, tmp_path):
    """The explanation page in Chromium with every host unreachable: each formula is typeset."""
    from test_report_browser import BROWSER, _browser

    if BROWSER is None:
        if os.environ.get("JAXRATE_REQUIRE_BROWSER"):
            pytest.fail("chromium is not installed, but .ci/run should have installed it")
        pytest.skip("chromium is not installed (.ci/run installs it: apt-get install chromium)")
    page = site / "explanation.html"
    formulas = page.read_text(encoding="utf-8").count('class="math notranslate nohighlight"')
    offline = ("--host-resolver-rules=MAP * ~NOTFOUND", "--virtual-time-budget=15000")
    dom = _browser(tmp_path, *offline, "--allow-file-access-from-files", "--dump-dom", page.as_uri())
    typeset = len(re.findall(r'<mjx-container class="MathJax[^"]*" jax="CHTML"', dom))
    assert formulas >= 15 and typeset == formulas, (formulas, typeset)


def test_every_constant_in_the_reference_says_what_it_is(site):
    """Issue 56: ``TOLERANCES`` and ``__version__`` had empty entries; a constant's description is
    the ``#:`` comment where it is defined, wherever it is re-exported."""
    entries = 0
    for page in (site / "reference").glob("*.html"):
        for found in re.finditer(r'<dl class="py data">(.*?)</dl>', page.read_text(encoding="utf-8"), re.S):
            name = re.search(r'id="([^"]+)"', found.group(1)).group(1)
            described = re.search(r"<dd>(.*?)</dd>", found.group(1), re.S)
            text = re.sub(r"<[^>]+>", "", described.group(1)).strip() if described else ""
            assert len(text) >= 10, f"{name} has no description on {page.name}"
            entries += 1
    assert entries >= 25

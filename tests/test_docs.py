"""The documentation site: it builds with no warnings, references every public name, and its examples run.

* Every ```python block of ``docs/**/*.md`` runs (``markdown_blocks``; blocks
  that need a cluster or several hosts are ``no-run`` for a reason in ``NO_RUN``).
* Every ``jaxrate`` command in a ```bash block parses, and the ones shown with
  their output (``scores.csv: ...``) print exactly that.
* ``sphinx-build -W`` builds the site; cross-references are checked
  (``nitpicky``), so a renamed function or a broken link fails the build
  (shown on a page with one good and one broken reference).
* Every name in ``jaxrate.__all__`` and in the ``__all__`` of each public
  module has an entry in the built reference (its object inventory).
"""

from __future__ import annotations

import importlib
import inspect
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from markdown_blocks import ROOT, blocks, check_cli_output, cli_examples, jaxrate_commands, run_python

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


# Blocks that compile a training loop (half a minute each): run in the slow run (CI runs it).
SLOW_BLOCKS = {"docs/howto/training-loops.md:178"}


@pytest.mark.parametrize(
    "block",
    [pytest.param(b, id=b.where, marks=[pytest.mark.slow] if b.where in SLOW_BLOCKS else []) for b in PYTHON],
)
def test_python_block_runs(block, tmp_path, monkeypatch):
    run_python(block, tmp_path, monkeypatch)


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


def test_getting_started_output_is_what_the_commands_print(tmp_path, monkeypatch, capsys):
    page = blocks(DOCS / "getting-started.md")
    csv = [b.code for b in page if b.lang == "csv"]
    assert len(csv) == 1 and csv[0].splitlines()[0] == "model,math,code"
    examples = cli_examples(page)
    assert [c.split(" --")[0] for c, _ in examples] == [".venv/bin/jaxrate rate scores.csv"] * 2
    assert any("--bootstrap" in c for c, _ in examples)
    check_cli_output(csv[0], examples, tmp_path, monkeypatch, capsys)


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


README_SCORES = "model,math,code\na,0.8,0.6\nb,0.5,0.4\n"  # the README's own table


def _runnable_here(args: list[str]) -> bool:
    """Commands that need only the README's ``scores.csv`` or a built-in dataset (no other user file)."""
    if args[0] not in ("rate", "compare") or "--dataset" in args and "--data" in args:
        return False
    files = [a for a in args[1:] if not a.startswith("-") and "." in a and not a[0].isdigit()]
    inputs = [
        a for a in files if a.endswith((".csv", ".json", ".parquet", ".npz", ".npy")) and a != "scores.csv"
    ]
    outputs = {"r.json", "r.csv"}
    return "--dataset" in args or ("scores.csv" in args and set(inputs) <= outputs)


@pytest.mark.slow
def test_every_documented_command_on_the_readme_table_runs(tmp_path, monkeypatch, capsys):
    """Each command of the README and the docs whose input is the README's ``scores.csv`` (or a
    built-in dataset) runs as written and exits 0 (issue 24: the README's own examples failed)."""
    from jaxrate.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "scores.csv").write_text(README_SCORES)
    readme = blocks(ROOT / "README.md")
    commands = {
        tuple(args): block for block, args in jaxrate_commands(BLOCKS + readme) if _runnable_here(args)
    }
    assert len(commands) >= 8, sorted(commands)
    assert (
        "compare",
        "scores.csv",
        "--methods",
        "deviation,uniform,elo,payoff",
        "--plot",
        "methods.png",
    ) in commands
    for args, block in commands.items():
        code = main([*args, "--progress", "never"] if args[0] == "rate" else list(args))
        _, err = capsys.readouterr()
        assert code == 0, f"{block.where}: jaxrate {' '.join(args)} exited {code}: {err}"

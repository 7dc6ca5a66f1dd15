"""What other people published, read as its source defines it or refused in one line (issue 42).

``tests/data/published/`` holds 242 sets from 183 public repositories (issue 42's 52, and the eight
first-contact rounds of issue 51: lm-evaluation-harness 0.3 to 0.4.11, inspect-ai logs, HELM, MTEB,
README tables in Markdown and HTML, leaderboard exports of speech, code, vision, tabular,
time-series, RL and LLM boards), each with its provenance and either
``expected.csv``, written by an independent reader (``<category>/reader.py``: the standard library
only, never jaxrate's readers), or ``expected_refusal.md``. ``manifest.json`` says how a user
points jaxrate at each set and what must come out: the same board (the ratings equal the
expected table's to 1e-9 of their range), or a refusal in one line that names what to do.
"""

from __future__ import annotations

import csv
import dataclasses
import json
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import jaxrate
from jaxrate import io
from jaxrate.cli import main

ROOT = os.path.join(os.path.dirname(__file__), "data", "published")
with open(os.path.join(ROOT, "manifest.json"), encoding="utf-8") as _f:
    MANIFEST = json.load(_f)
RATED = [s for s in MANIFEST["sets"] if s["outcome"] == "rated"]
REFUSED = [s for s in MANIFEST["sets"] if s["outcome"] == "refused"]


def _expected(entry: dict):
    """The independent reader's table: ``(models, tasks, values [M, T])``, higher is better, with the
    set's missing rule (drop-models or drop-tasks) applied here, on its own."""
    with open(os.path.join(ROOT, entry["set"], "expected.csv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    # One model the source spells two ways in two tables, kept apart by the reader and read as one by
    # jaxrate (said): the manifest's "same" maps the reader's second spelling to its first.
    same = entry.get("same", {})
    for r in rows:
        r["model"] = same.get(r["model"], r["model"])
    models = list(dict.fromkeys(r["model"] for r in rows))
    tasks = list(dict.fromkeys(r["task"] for r in rows))
    values = np.full((len(models), len(tasks)), np.nan)
    for r in rows:
        sign = 1.0 if r["higher_is_better"].strip().lower() == "true" else -1.0
        values[models.index(r["model"]), tasks.index(r["task"])] = sign * float(r["score"])
    holes = np.isnan(values)
    rule = entry["options"].get("missing")
    keep_m = ~holes.any(axis=1) if rule == "drop-models" else np.ones(len(models), bool)
    keep_t = ~holes.any(axis=0) if rule == "drop-tasks" else np.ones(len(tasks), bool)
    values = values[np.ix_(keep_m, keep_t)]
    return [m for m, k in zip(models, keep_m) if k], [t for t, k in zip(tasks, keep_t) if k], values


def _ratings(values: np.ndarray, models: list[str]) -> dict[str, float]:
    # The 3P game of the command line's default; a board of many models in the 2P game (agent vs
    # task), which says the same of two boards at a fraction of the cost (121 x 38: 0.1 s, not 10).
    big = values.shape[0] ** 2 * values.shape[1] > 50_000
    make = jaxrate.agent_vs_task if big else jaxrate.agent_vs_agent_vs_task
    game = make(values, models, [f"t{j}" for j in range(values.shape[1])])
    return dict(zip(models, jaxrate.exact.deviation_ratings(game).ratings[0].tolist()))


def _path(entry: dict, refused: bool = False):
    """What a user names: a path, or several (a glob for each shape of a folder's tables); ``refused``:
    the path named first, where the set's refusal names the several."""
    given = entry.get("refused_input", entry["input"]) if refused else entry["input"]
    if isinstance(given, list):
        return [os.path.join(ROOT, entry["set"], p) for p in given]
    return os.path.join(ROOT, entry["set"], given)


# A sparse board (its missing rule pairwise or block): the read scores compared cell by cell, with
# the missing cells as a sentinel fill (the ratings of a pairwise game are the battles').
_SENTINEL = -123456.789


def _sparse_scores(entry: dict):
    options = {**entry["options"], "missing": f"fill:{_SENTINEL}"}
    reading = io.read(_path(entry), io.ReadOptions(cli=True, **options))
    scores = np.where(reading.scores == _SENTINEL, np.nan, reading.scores)
    scores = np.where(reading.scores == -_SENTINEL, np.nan, scores)  # a fill negated where lower is better
    keep = ~np.isnan(scores).all(axis=1)  # a model with no score at all: the pairwise game leaves it out
    return dataclasses.replace(reading, models=[m for m, k in zip(reading.models, keep) if k]), scores[keep]


# Sets whose expected board is this wide are rated (a minute or more each) in the slow run.
WIDE_TASKS = 500


def _rated_params():
    for entry in RATED:
        with open(os.path.join(ROOT, entry["set"], "expected.csv"), encoding="utf-8") as f:
            wide = len({r["task"] for r in csv.DictReader(f)}) > WIDE_TASKS
        heavy = wide or entry.get("slow", False)  # a set whose reading takes seconds (many files, resamples)
        yield pytest.param(entry, id=entry["set"], marks=[pytest.mark.slow] if heavy else [])


@pytest.mark.parametrize("entry", list(_rated_params()))
def test_a_published_set_is_rated_as_its_source_defines_it(entry):
    sparse = entry.get("sparse", False)
    if sparse:
        reading, scores = _sparse_scores(entry)
    else:
        reading = io.read(_path(entry), io.ReadOptions(cli=True, **entry["options"]))
        scores = reading.scores
    # Names the independent reader made up where the source has none (a model and its size joined by a
    # space, where jaxrate joins them with ':'): the manifest's "names" maps jaxrate's to the reader's.
    renamed = entry.get("names", {})
    reading = dataclasses.replace(reading, models=[renamed.get(m, m) for m in reading.models])
    models, tasks, want = _expected(entry)
    assert sorted(reading.models) == sorted(models) and len(reading.tasks) == len(tasks)
    got = scores[[reading.models.index(m) for m in models]]
    assert sparse or not np.isnan(got).any() and not np.isnan(want).any()
    # Task names are each reader's own (HELM's display names, lm-eval's task names): the columns
    # are compared as a set, each expected column equal to one of jaxrate's.
    # (each expected column against every unmatched one at once: a 12 x 1,870 board took 4 minutes
    # one pair at a time)
    unmatched = np.ones(got.shape[1], bool)
    for j in range(want.shape[1]):
        same = np.isclose(got, want[:, j : j + 1], rtol=1e-12, atol=0, equal_nan=sparse).all(axis=0)
        hits = np.flatnonzero(same & unmatched)
        assert hits.size, f"{entry['set']}: expected column {tasks[j]!r} is none of jaxrate's"
        unmatched[hits[0]] = False
    if sparse:  # compared cell by cell: a pairwise game's ratings are its battles'
        return
    mine, theirs = _ratings(got, models), _ratings(want, models)
    scale = max(float(np.ptp(want)), 1e-12)
    assert max(abs(mine[m] - theirs[m]) for m in models) <= 1e-9 * scale


@pytest.mark.parametrize(
    "entry", [s for s in RATED if "refused_without_options" in s], ids=lambda s: s["set"]
)
def test_without_its_options_a_set_is_refused_naming_them(entry, capsys):
    code = main(["rate", _path(entry, refused=True), "--progress", "never"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1, err
    for phrase in entry["refused_without_options"]:
        assert phrase in err, f"{phrase!r} not in {err}"


@pytest.mark.parametrize("entry", REFUSED, ids=[s["set"] for s in REFUSED])
def test_a_published_set_that_cannot_be_read_as_defined_is_refused_in_one_line(entry, capsys, tmp_path):
    out = tmp_path / "board.json"
    code = main(["rate", _path(entry), "--progress", "never", "--json", str(out)])
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert code == 2 and captured.out == "" and len(err.splitlines()) == 1, err
    assert err.startswith("jaxrate: error: ") and "Traceback" not in err and not out.exists()
    for phrase in entry["refusal"]:
        assert phrase in err, f"{phrase!r} not in {err}"


def test_the_corpus_is_forty_sets_or_more_from_twenty_repositories_or_more():
    sets = MANIFEST["sets"]
    assert len(sets) >= 40 and len({s["repository"] for s in sets}) >= 20
    for s in sets:
        folder = os.path.join(ROOT, s["set"])
        with open(os.path.join(folder, "provenance.json"), encoding="utf-8") as f:
            provenance = json.load(f)
        assert {"repository", "commit", "licence"} <= set(provenance) and len(provenance["commit"]) >= 7
        has = os.path.exists(os.path.join(folder, "expected.csv"))
        assert has or os.path.exists(os.path.join(folder, "expected_refusal.md")), s["set"]
        assert s["outcome"] == "refused" or has


@pytest.mark.slow
@pytest.mark.parametrize("category", sorted({s["set"].split("/")[0] for s in MANIFEST["sets"]}))
def test_the_independent_readers_write_the_expected_tables(category, tmp_path):
    """Each category's reader, or each set's own (the standard library only), rewrites every set's
    expected.csv."""
    shutil.copytree(os.path.join(ROOT, category), tmp_path / category)
    for s in (s for s in RATED if s["set"].startswith(category + "/")):
        folder = tmp_path / s["set"]
        reader = (
            folder / "reader.py" if (folder / "reader.py").exists() else tmp_path / category / "reader.py"
        )
        source = reader.read_text(encoding="utf-8")
        assert "import jaxrate" not in source and "from jaxrate" not in source
        os.remove(folder / "expected.csv")
        done = subprocess.run([sys.executable, str(reader), str(folder)], capture_output=True)
        assert done.returncode == 0, done.stderr.decode()
        written = (folder / "expected.csv").read_text(encoding="utf-8")
        with open(os.path.join(ROOT, s["set"], "expected.csv"), encoding="utf-8") as f:
            assert written == f.read()

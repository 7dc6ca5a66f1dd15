"""What other people published, read by jaxrate: the outcome of every set of the corpus (issue 42).

    python benchmarks/published_corpus.py              # the table, as recorded in RESULTS.md
    python benchmarks/published_corpus.py --markdown   # the same, as a Markdown table

For each set of ``tests/data/published`` (manifest.json): what ``jaxrate rate INPUT`` gives with
no options (rated, or the one line it refuses with), and for a set rated with options, the board
those options give, compared with the independent reader's expected table (the same comparison
as ``tests/test_published.py``: the same models, every expected column one of jaxrate's, the
ratings equal to 1e-9 of their range). The outcome column says ``rated = expected``, ``rated with
OPTIONS = expected``, ``refused`` (as the source calls for), or ``MISREAD``/``WRONGLY REFUSED``.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
ROOT = os.path.join(os.path.dirname(HERE), "tests", "data", "published")


def _expected(entry: dict):
    with open(os.path.join(ROOT, entry["set"], "expected.csv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    models = list(dict.fromkeys(r["model"] for r in rows))
    tasks = list(dict.fromkeys(r["task"] for r in rows))
    values = np.full((len(models), len(tasks)), np.nan)
    for r in rows:
        sign = 1.0 if r["higher_is_better"].strip().lower() == "true" else -1.0
        values[models.index(r["model"]), tasks.index(r["task"])] = sign * float(r["score"])
    holes, rule = np.isnan(values), entry.get("options", {}).get("missing")
    keep_m = ~holes.any(axis=1) if rule == "drop-models" else np.ones(len(models), bool)
    keep_t = ~holes.any(axis=0) if rule == "drop-tasks" else np.ones(len(tasks), bool)
    return [m for m, k in zip(models, keep_m) if k], values[np.ix_(keep_m, keep_t)]


def _path(entry: dict, refused: bool = False):
    given = entry.get("refused_input", entry["input"]) if refused else entry["input"]
    if isinstance(given, list):
        return [os.path.join(ROOT, entry["set"], p) for p in given]
    return os.path.join(ROOT, entry["set"], given)


_SENTINEL = -123456.789  # a sparse board's missing cells, filled so that the read cells compare


def _scores(reading, entry: dict):
    if not entry.get("sparse"):
        return reading.scores
    return np.where(np.abs(reading.scores) == -_SENTINEL, np.nan, reading.scores)


def _same(reading, entry: dict) -> bool:
    import jaxrate

    models, want = _expected(entry)
    sparse = bool(entry.get("sparse"))
    scores = _scores(reading, entry)
    have = [m for m, row in zip(reading.models, scores) if not sparse or not np.isnan(row).all()]
    if sorted(have) != sorted(models) or len(reading.tasks) != want.shape[1]:  # pairwise leaves out
        return False  # a model with no score at all
    got = scores[[reading.models.index(m) for m in models]]
    left = list(range(got.shape[1]))
    for j in range(want.shape[1]):
        k = next(
            (k for k in left if np.allclose(got[:, k], want[:, j], rtol=1e-12, atol=0, equal_nan=sparse)),
            None,
        )
        if k is None:
            return False
        left.remove(k)
    if sparse:
        return True

    def rate(values):  # the 3P game; a board of many models in the 2P game (as tests/test_published.py)
        big = values.shape[0] ** 2 * values.shape[1] > 50_000
        make = jaxrate.agent_vs_task if big else jaxrate.agent_vs_agent_vs_task
        game = make(values, models, [f"t{j}" for j in range(values.shape[1])])
        return jaxrate.exact.deviation_ratings(game).ratings[0]

    return bool(np.max(np.abs(rate(got) - rate(want))) <= 1e-9 * max(float(np.ptp(want)), 1e-12))


def _outcome(entry: dict) -> tuple[str, str, float]:
    """``(shape, outcome, seconds)`` of one set."""
    from jaxrate import io

    path = _path(entry, refused=True)
    started = time.perf_counter()
    try:
        reading = io.read(path, io.ReadOptions(cli=True))
        refusal = None
    except ValueError as err:
        reading, refusal = None, str(err).replace(os.path.join(ROOT, entry["set"], ""), "")
    if entry["outcome"] == "refused":
        ok = refusal is not None and all(p in str(refusal) for p in entry["refusal"])
        return (
            "",
            ("refused: " if ok else "MISREAD: ") + (refusal or "rated")[:90],
            time.perf_counter() - started,
        )
    if reading is None:
        options = dict(entry.get("options", {}))
        if entry.get("sparse"):
            options["missing"] = f"fill:{_SENTINEL}"
        reading = io.read(_path(entry), io.ReadOptions(cli=True, **options))
        flags = " ".join(io.ReadOptions(cli=True).flag(k, v) for k, v in options.items())
        said = all(p in refusal for p in entry.get("refused_without_options", ["(options)"]))
        what = f"rated with {flags}" if said else "WRONGLY REFUSED"
    elif entry.get("options"):  # rated as it is, and the set's board is a part of it: with its options
        options = entry["options"]
        reading = io.read(_path(entry), io.ReadOptions(cli=True, **options))
        what = (
            "rated (the set's part: "
            + " ".join(io.ReadOptions(cli=True).flag(k, v) for k, v in options.items())
            + ")"
        )
    else:
        what = "rated"
    shape = f"{len(reading.models)} x {len(reading.tasks)}"
    same = _same(reading, entry)
    return shape, f"{what} = expected" if same else f"{what}: MISREAD", time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    from _env import header

    header()
    with open(os.path.join(ROOT, "manifest.json"), encoding="utf-8") as f:
        sets = json.load(f)["sets"]
    rows, started = [], time.perf_counter()
    for entry in sets:
        shape, outcome, seconds = _outcome(entry)
        rows.append((entry["set"], entry.get("kind") or "", shape, outcome, seconds))
    repositories = len({s["repository"] for s in sets})
    print(f"{len(sets)} sets from {repositories} repositories, {time.perf_counter() - started:.1f} s")
    if args.markdown:
        print("| set | kind | models x tasks | outcome |\n|---|---|---|---|")
        for name, kind, shape, outcome, _ in rows:
            print(f"| `{name}` | {kind} | {shape} | {outcome} |")
    else:
        for name, _, shape, outcome, seconds in rows:
            print(f"{name:58s} {shape:>9s} {seconds:6.2f} s  {outcome}")
    bad = [r for r in rows if "MISREAD" in r[3] or "WRONGLY" in r[3]]
    rated = sum("= expected" in r[3] for r in rows)
    print(
        f"rated as expected: {rated}; refused as the source calls for: {len(rows) - rated - len(bad)}; "
        f"misread or wrongly refused: {len(bad)}"
    )


if __name__ == "__main__":
    main()

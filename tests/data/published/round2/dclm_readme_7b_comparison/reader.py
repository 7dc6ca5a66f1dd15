#!/usr/bin/env python3
"""Independent reader (standard library only) for the 7B comparison table of DCLM's README.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules (quoted in notes.md):
* The table is the first Markdown table under "## Leaderboard" (a second table further down, the
  training-scale table "Scale | Model parameters | Train tokens | Train FLOPs | ...", holds no scores).
* Header: Model | Params | Tokens | Open dataset? | CORE (v1) | CORE (v2) | MMLU | EXTENDED (v1) | EXTENDED (v2).
* Rows whose Model cell is bold and that have no numbers ("**Open weights, closed datasets**", ...) are
  section headers. "**DCLM-BASELINE**" rows are bold but carry numbers: models.
* A model is a row: several rows share a Model name (FineWeb edu x2, DCLM-BASELINE x3) and differ in Tokens,
  so the model is named "<Model>:<Tokens>" (bold removed).
* Scores: CORE (v2), MMLU, EXTENDED (v2); the README: "we provide both v1 and v2 (now preferred) versions of the
  average CORE and EXTENDED metrics" — the (v1) columns are the superseded computation of the same averages and
  are not rated. Params, Tokens, Open dataset? are descriptions. Bold around numbers marks the best in a section.
* All three are accuracies / centered accuracies in percent: higher is better.
"""
import csv, os, re, sys

RATED = ["CORE (v2)", "MMLU", "EXTENDED (v2)"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def unbold(s):
    return s.replace("**", "").strip()


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8").read().splitlines()
    i = lines.index("## Leaderboard")
    while not lines[i].startswith("|"):
        i += 1
    header = cells(lines[i])
    i += 2
    rows = []
    while i < len(lines) and lines[i].startswith("|"):
        c = cells(lines[i]) + [""] * len(header)
        i += 1
        rec = dict(zip(header, c))
        if not any(re.fullmatch(r"[0-9.]+", unbold(rec[h])) for h in RATED):
            continue  # section header row
        model = unbold(rec["Model"]) + ":" + rec["Tokens"]
        for task in RATED:
            rows.append([model, task, task, unbold(rec[task]), "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

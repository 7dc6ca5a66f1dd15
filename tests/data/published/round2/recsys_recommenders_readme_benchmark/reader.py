#!/usr/bin/env python3
"""Independent reader (stdlib only) for the Recommenders README's algorithm comparison table
(recommenders-team/recommenders README.md, section "### Algorithm Comparison").

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source rules (quoted in notes.md):
  * the only table of scores in README.md is the one under "### Algorithm Comparison", header
    `| Algo | MAP | nDCG@k | Precision@k | Recall@k | RMSE | MAE | R<sup>2</sup> | Explained Variance |`;
    the other tables list algorithms (text) or build badges (inside an HTML comment).
  * model = the link text of the `Algo` cell (`[ALS](examples/...)` -> ALS);
  * the 8 metric columns are the tasks (one dataset, MovieLens 100k, k = 10);
    ranking metrics MAP, nDCG@k, Precision@k, Recall@k and rating metrics R^2, Explained Variance:
    higher is better; RMSE and MAE (errors): lower is better;
  * `N/A`: the metric does not apply to the algorithm (no rating prediction): missing, no row.
Cells are separated by `|` and padded with spaces and tab characters.
"""
import csv, os, re, sys

LOWER = {"RMSE", "MAE"}


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8").read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.strip() == "### Algorithm Comparison")
    hdr = next(i for i in range(start, len(lines)) if lines[i].startswith("| Algo |"))
    cells = lambda l: [c.strip() for c in l.strip().strip("|").split("|")]
    header = [re.sub(r"<sup>2</sup>", "^2", h) for h in cells(lines[hdr])]
    out = []
    for l in lines[hdr + 2:]:
        if not l.startswith("|"):
            break
        row = cells(l)
        model = re.fullmatch(r"\[([^\]]+)\]\([^)]*\)", row[0]).group(1)
        for name, value in zip(header[1:], row[1:]):
            if value == "N/A":
                continue
            out.append((model, name, name, repr(float(value)), "false" if name in LOWER else "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

#!/usr/bin/env python3
"""Reader for sci_moleculenet_leaderboard_readme (deepchem/moleculenet README.md).

One Markdown table per dataset; the dataset (task) is the preceding ### heading
(## headings are categories). Model = "Model" column. Score = mean part of the
"Test ..." column ("0.8851 +- 0.0292" -> 0.8851; "1.8604 +- 0.0540 (0.5405 +- 0.0124)"
-> 1.8604, the RMSE; the parenthesised R^2 is secondary). Direction per metric
from examples/utils.py EarlyStopper: roc_auc -> higher, rmse -> lower.
"""
import csv, os, re, sys

LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def clean(c):
    return LINK.sub(r"\1", c).replace("**", "").strip()


def split_row(line):
    s = line.strip().strip("|")
    return [c.strip() for c in s.split("|")]


def main(setdir):
    with open(os.path.join(setdir, "raw", "README.md"), encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    task, header, out = None, None, []
    for l in lines:
        s = l.strip()
        m = re.match(r"^###\s+(.*)$", s)
        if m:
            task, header = clean(m.group(1)), None
            continue
        if s.startswith("#"):
            header = None
            continue
        if not s.startswith("|"):
            header = None
            continue
        cells = split_row(s)
        if header is None:
            header = [clean(c) for c in cells]
            continue
        if all(re.fullmatch(r":?-+:?", c) for c in cells if c):
            continue
        row = dict(zip(header, cells))
        tcol = next(h for h in header if h.startswith("Test "))
        metric = re.sub(r"\s*\(.*\)$", "", tcol)          # "Test RMSE (R^2)" -> "Test RMSE"
        mean = re.match(r"\s*([-+]?\d+(?:\.\d+)?)", row[tcol]).group(1)
        hib = "true" if "ROC-AUC" in metric else "false" if "RMSE" in metric else None
        assert hib is not None, metric
        out.append((clean(row["Model"]), task, metric, mean, hib))
    with open(os.path.join(setdir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

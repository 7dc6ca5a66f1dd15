"""Independent reader for aimclub/FEDOT docs/source/benchmarks/tabular.rst (stdlib only).

The page holds three reStructuredText `.. csv-table::` directives (":header-rows: 1"):
  "AMLB Binary Classification Results (AUC)"        -> metric AUC, higher is better
  "AMLB Multiclass Classification Results (LogLoss)" -> metric LogLoss, lower is better
  "AMLB Regression Results (RMSE)"                   -> metric RMSE, lower is better
Rows are datasets (first column "Task"), columns are the 8 AutoML frameworks.
'-' cells are missing results (no row). Scientific-notation cells (e.g. 2.0e+03) are
written out as plain decimals (2000); every other cell is kept exactly as written.
"""
import csv
import os
import re
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "docs", "source", "benchmarks", "tabular.rst")
METRIC = {"AUC": ("AUC", "true"), "LogLoss": ("LogLoss", "false"), "RMSE": ("RMSE", "false")}


def plain(cell):
    if re.fullmatch(r"-?\d+(\.\d+)?", cell):
        return cell
    if re.fullmatch(r"-?\d+(\.\d+)?[eE][+-]?\d+", cell):
        d = Decimal(cell)
        return format(d.normalize(), "f") if d == d.to_integral() else format(d, "f")
    raise ValueError(cell)


def tables(lines):
    i = 0
    while i < len(lines):
        m = re.match(r"\.\. csv-table:: (.*)$", lines[i])
        if not m:
            i += 1
            continue
        title = m.group(1)
        i += 1
        while i < len(lines) and lines[i].strip().startswith(":"):
            i += 1
        while i < len(lines) and not lines[i].strip():
            i += 1
        body = []
        while i < len(lines) and lines[i].startswith("   ") and lines[i].strip():
            body.append(lines[i].strip())
            i += 1
        yield title, [[c.strip() for c in r] for r in csv.reader(body)]


def main():
    lines = open(SRC, encoding="utf-8").read().splitlines()
    out, seen = [], set()
    for title, rows in tables(lines):
        key = re.search(r"\((\w+)\)\s*$", title).group(1)
        metric, hib = METRIC[key]
        header = rows[0]
        assert header[0] == "Task", header
        for row in rows[1:]:
            assert len(row) == len(header), row
            for fw, cell in zip(header[1:], row[1:]):
                if cell == "-":
                    continue
                assert (row[0], fw) not in seen, (row[0], fw)
                seen.add((row[0], fw))
                out.append([fw, row[0], metric, plain(cell), hib])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

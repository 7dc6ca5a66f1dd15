"""Independent reader for numaproj/numalogic benchmarks/kpi/README.md (stdlib only).

One Markdown pipe table, long format:
  | KPI ID | KPI index | Algorithm | ROC-AUC (test set) |
KPI ID (a UUID) and KPI index (14) together identify the one KPI series that was benchmarked;
Algorithm is the system; the last column is the score (ROC-AUC on the test split, higher is
better). Task name written as 'KPI <index> (<KPI ID>)'. Scores kept as written.
"""
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "benchmarks", "kpi", "README.md")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main():
    lines = open(SRC, encoding="utf-8").read().splitlines()
    rows = [cells(l) for l in lines if l.strip().startswith("|")]
    header = rows[0]
    assert header == ["KPI ID", "KPI index", "Algorithm", "ROC-AUC (test set)"], header
    assert set(rows[1][0]) <= set("-:")
    out = []
    for r in rows[2:]:
        kpi_id, kpi_index, algo, auc = r
        float(auc)
        out.append([algo, f"KPI {kpi_index} ({kpi_id})", "ROC-AUC (test set)", auc, "true"])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

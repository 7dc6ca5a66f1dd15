"""Independent reader for OpenBMB/UltraEval-Audio assets/leaderboard.md (stdlib only).

The page holds six Markdown tables. Kept: the two detailed, transposed tables
  "# Audio Understanding Model Performance"  (Metric | Dataset-Split | one column per model)
  "# Speech Generation Model Performance"    (Metric | Dataset | one column per model)
where each row is one dataset scored with the metric in column 1, whose arrow gives the direction
(CER/WER down = lower is better; BLEU/ACC/G-Eval/UTMOS/ELO up = higher is better).
model = column header, task = dataset cell as written, metric = metric cell without the arrow.
'-' = not evaluated. Left out: the two summary "Leaderboard" tables at the top (Rank + per-area
scores the source derives from these datasets; their AudioArena column repeats the ELO row),
the "Models details" table and the dataset/metric catalogue table (metadata).
"""
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "assets", "leaderboard.md")
KEEP = ("# Audio Understanding Model Performance", "# Speech Generation Model Performance")


def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]


def main():
    lines = open(SRC, encoding="utf-8").read().splitlines()
    out = []
    i = 0
    while i < len(lines):
        if " ".join(lines[i].split()) in KEEP:
            j = i + 1
            while not lines[j].strip().startswith("|"):
                j += 1
            header = cells(lines[j])
            models = header[2:]
            j += 2  # skip the alignment row
            while j < len(lines) and lines[j].strip().startswith("|"):
                row = cells(lines[j])
                metric_cell, dataset = row[0], row[1]
                if metric_cell.endswith("↓"):
                    hib = "false"
                elif metric_cell.endswith("↑"):
                    hib = "true"
                else:
                    raise ValueError(metric_cell)
                metric = metric_cell[:-1].strip()
                for model, val in zip(models, row[2:]):
                    if val in ("-", ""):
                        continue
                    float(val)
                    out.append((model, dataset, metric, val, hib))
                j += 1
            i = j
        else:
            i += 1
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows;", len({r[0] for r in out}), "models;", len({r[1] for r in out}), "tasks")


if __name__ == "__main__":
    main()

"""Reader for the THUDM/CodeGeeX4 README "## Evaluation" table.

Table = the Markdown table under "## Evaluation" (header starts "| **Model**"). Header cells are bold.
"Seq Length" is the model's context length (8K, 16K, ...), not a score. "-" = not reported.
Standard library only.
"""
import csv
import os
import sys


def cells(line):
    return [c.strip().replace("**", "").strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    sec = next(i for i, l in enumerate(lines) if l.strip() == "## Evaluation")
    h = next(i for i in range(sec, len(lines)) if lines[i].strip().startswith("|"))
    header = cells(lines[h])
    tasks = [t for t in header[1:] if t != "Seq Length"]
    rows = []
    for line in lines[h + 2:]:
        if not line.strip().startswith("|"):
            break
        c = cells(line)
        for t in tasks:
            v = c[header.index(t)]
            if v in ("-", ""):
                continue
            float(v)
            rows.append((c[0], t, "score (%)", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

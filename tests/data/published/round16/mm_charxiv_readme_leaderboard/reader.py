"""Independent reader for the CharXiv README leaderboard (standard library only).

Reads raw/README.md, finds the markdown table under '## 🏆 Leaderboard' whose first row starts
with 'Metadata', and writes expected.csv with one row per sub-category score cell.

Layout of that table:
  row 0: group header  (Metadata | | | Reasoning | | | | | Descriptive | ...)
  row 1: --- separator
  row 2: real column names (Model | Weight | Size [V/L] (B) | Overall | TC | TG | NC | NG |
         Overall | INEX | ENUM | PATT | CNTG | COMP)
  row 3+: one model per row.
Left out: Weight, Size (metadata), and the two 'Overall' columns (aggregates of the
sub-categories computed by the source). '\\-' cells are missing scores (no row).
"""
import csv
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "README.md")
OUT = os.path.join(HERE, "expected.csv")

MEDALS = ["\U0001F396\ufe0f", "\U0001F396", "\U0001F947", "\U0001F948", "\U0001F949"]


def cells(line):
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return [c.strip() for c in s.split("|")]


def clean_model(name):
    for m in MEDALS:
        name = name.replace(m, "")
    return name.strip()


def main():
    lines = open(SRC, encoding="utf-8").read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("## ") and "Leaderboard" in l)
    tbl = None
    for i in range(start, len(lines)):
        if lines[i].startswith("|") and cells(lines[i])[0] == "Metadata":
            tbl = i
            break
    group = cells(lines[tbl])
    header = cells(lines[tbl + 2])
    # propagate group names to the right over empty group cells
    groups, cur = [], ""
    for g in group:
        if g:
            cur = g
        groups.append(cur)
    rows = []
    i = tbl + 3
    while i < len(lines) and lines[i].startswith("|"):
        c = cells(lines[i])
        model = clean_model(c[0])
        for j in range(3, len(header)):
            if header[j] == "Overall":
                continue
            v = c[j]
            if not re.fullmatch(r"-?\d+(\.\d+)?", v):
                continue  # '\-' = not evaluated
            task = f"{groups[j].lower()}/{header[j]}"
            rows.append([model, task, "accuracy", v, "true"])
        i += 1
    with open(OUT, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"wrote {len(rows)} rows")


if __name__ == "__main__":
    main()

"""Reader for the stephenberry/glaze README "## Performance" table (JSON libraries).

Main board = the first table under "## Performance" (header "| Library | Roundtrip Time (s) | Write (MB/s) |
Read (MB/s) |"). Library cells are bold links "[**Name**](url)" -> "Name"; numbers are bold; "N/A" = no cell.
Roundtrip Time (s) is a time (lower is better); Write/Read (MB/s) are throughputs (higher is better).
The later "ABC Test" table and the "## Binary Performance" table are separate boards. Standard library only.
"""
import csv
import os
import re
import sys

DIRECTION = {"Roundtrip Time (s)": "false", "Write (MB/s)": "true", "Read (MB/s)": "true"}


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def clean(s):
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)  # link -> text
    return s.replace("**", "").strip()


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    sec = next(i for i, l in enumerate(lines) if l.strip() == "## Performance")
    h = next(i for i in range(sec, len(lines)) if lines[i].strip().startswith("|"))
    header = [clean(c) for c in cells(lines[h])]
    rows = []
    for line in lines[h + 2:]:
        if not line.strip().startswith("|"):
            break
        c = [clean(x) for x in cells(line)]
        for t in header[1:]:
            v = c[header.index(t)]
            if v == "N/A":
                continue
            float(v)
            metric = "time (s)" if t.startswith("Roundtrip") else "throughput (MB/s)"
            rows.append((c[0], t, metric, v, DIRECTION[t]))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for the link-time table in mold's README.md (standard library only).

The only table in the README is transposed: rows are programs being linked ('Program (linker
output size)'), columns are linkers (GNU ld, GNU gold, LLVM lld, mold), cells are wall-clock link
times with an 's' suffix. Systems = linkers, tasks = programs (the '(x GiB)' part of the row label
is the output size, not a score, and is dropped from the task name), metric = link time in
seconds, lower is better. 'N/A' = not measured (GNU ld on Chromium) -> no row.
"""
import csv
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "README.md")
OUT = os.path.join(HERE, "expected.csv")


def cells(line):
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return [c.strip() for c in s.split("|")]


def main():
    lines = open(SRC, encoding="utf-8").read().splitlines()
    h = next(i for i, l in enumerate(lines) if l.startswith("| Program"))
    header = cells(lines[h])
    rows = []
    i = h + 2
    while i < len(lines) and lines[i].startswith("|"):
        c = cells(lines[i])
        task = re.sub(r"\s*\([^)]*GiB\)\s*$", "", c[0])
        for linker, v in zip(header[1:], c[1:]):
            m = re.fullmatch(r"(\d+(?:\.\d+)?)s", v)
            if not m:
                continue  # N/A
            rows.append([linker, task, "link_time_s", m.group(1), "false"])
        i += 1
    with open(OUT, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"wrote {len(rows)} rows")


if __name__ == "__main__":
    main()

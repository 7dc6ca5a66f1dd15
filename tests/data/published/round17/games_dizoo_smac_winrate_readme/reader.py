"""Independent reader for opendilab/DI-engine dizoo/smac/README.md @d0b21d0 (stdlib only).

"## SMAC Benchmark" has ten pipe tables, one per SMAC map; the map name is the first header
cell. Header: | <map> | <impl A> | (blank) | DI-engine | (blank) | cfg |, and the first body row
is a sub-header: | | win rate | time | win rate | time | |. So each implementation spans two
columns (win rate, time). <impl A> is "pymarl" (first four maps) or "MAPPO(Wu)" (the others,
all '-').
Rows are algorithms. System = "<algorithm> [<implementation>]"; task = map; metrics:
  win rate                      higher is better
  time (h, 2M env steps)        lower is better ("The time in the table is the time to run
                                2M env step."), cells like "9.5h" -> 9.5
'-' = not run (skipped); '**x**' bold marks are removed. The cfg column is a config path.
"""
import csv
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "dizoo", "smac", "README.md")
NUM = re.compile(r"^-?\d+(?:\.\d+)?$")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def clean(c):
    return c.replace("**", "").strip()


def main():
    out = []
    tables = []
    cur = None
    for line in open(SRC, encoding="utf-8").read().splitlines():
        if line.startswith("|"):
            if cur is None:
                cur = []
                tables.append(cur)
            cur.append(cells(line))
        else:
            cur = None
    for t in tables:
        head, _delim, sub = t[0], t[1], t[2]
        task = head[0]
        # implementation name for every column: carry the last non-empty header to the right
        impl = []
        last = None
        for h in head:
            if h:
                last = h
            impl.append(last)
        for row in t[3:]:
            algo = row[0]
            for j in range(1, len(row)):
                what = sub[j] if j < len(sub) else ""
                if what not in ("win rate", "time"):
                    continue
                v = clean(row[j])
                if what == "time":
                    v = v[:-1] if v.endswith("h") else v
                if not NUM.match(v):
                    continue  # '-'
                if what == "win rate":
                    metric, hib = "win rate", "true"
                else:
                    metric, hib = "time (h, 2M env steps)", "false"
                out.append([f"{algo} [{impl[j]}]", task, metric, v, hib])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

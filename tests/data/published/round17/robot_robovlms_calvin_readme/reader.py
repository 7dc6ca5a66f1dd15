"""Independent reader for Robot-VLAs/RoboVLMs README.md @8adc1d2 (stdlib only).

Section "### CALVIN Benchmark" has two pipe tables, each introduced by a bold line naming the
train -> test split ("**ABCD -> D**", "**ABC -> D**"):
    | Method | VLA? | Train | 1 | 2 | 3 | 4 | 5 | Avg. Len. |
Columns 1..5 = success rate of completing i instructions in a row (fractions 0-1, higher is
better). Avg. Len. (average successful sequence length = sum of the five rates) is a summary
and is left out; VLA? (a yes/no mark) and Train (the split, constant per table) are not scores.
Systems = Method as written; task = "<split> / <i> in a row"; metric = success rate.
"""
import csv
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "README.md")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main():
    out = []
    in_calvin = False
    split = None
    header = None
    with open(SRC, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                in_calvin = line.strip() == "### CALVIN Benchmark"
                header = None
                continue
            if not in_calvin:
                continue
            m = re.fullmatch(r"\*\*(.+?)\*\*", line.strip())
            if m:
                split = m.group(1)
                header = None
                continue
            if not line.startswith("|"):
                continue
            c = cells(line)
            if header is None:
                header = c
                continue
            if set("".join(c)) <= set("-: "):
                continue
            rec = dict(zip(header, c))
            for k in ["1", "2", "3", "4", "5"]:
                v = rec[k]
                float(v)
                out.append([rec["Method"], f"{split} / {k} in a row", "success rate", v, "true"])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

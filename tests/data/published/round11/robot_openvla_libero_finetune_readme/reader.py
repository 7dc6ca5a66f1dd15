#!/usr/bin/env python3
"""Reader for openvla/openvla README.md, table "#### OpenVLA Fine-Tuning Results".

Rows = methods, columns = LIBERO task suites; the "Average" column is an
aggregate and is skipped. Cells "78.3 ± 1.1%": 78.3 (success rate, percent) is
kept, the "± 1.1" spread is left out; bold markers removed.
"""
import csv
import os
import re
import sys


def cells(line):
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return [c.strip() for c in s.split("|")]


def unbold(c):
    return re.sub(r"\*\*(.*?)\*\*", r"\1", c).strip()


def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == "#### OpenVLA Fine-Tuning Results")
    header = None
    rows = []
    for line in lines[start + 1:]:
        if not line.strip().startswith("|"):
            if header is not None:
                break
            continue
        cs = [unbold(c) for c in cells(line)]
        if header is None:
            header = cs
            continue
        if all(set(c) <= set("-: ") for c in cs):
            continue
        model = cs[0]
        for task, v in zip(header[1:], cs[1:]):
            if task == "Average":
                continue
            m = re.fullmatch(r"(-?[0-9.]+)\s*±\s*([0-9.]+)\s*%", v)
            if not m:
                raise ValueError(v)
            rows.append((model, task, "success rate (%)", m.group(1), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

#!/usr/bin/env python3
"""Reader for robomimic docs/datasets/d4rl.md ("D4RL Results" table).

Rows = D4RL datasets (bold), columns = offline-RL algorithms (bold).
Cell "46.8% (5535)": 46.8 is the D4RL normalised score in percent (kept as the
score), 5535 in parentheses is the raw return (left out).
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
    path = os.path.join(set_dir, "raw/docs/datasets/d4rl.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == "## D4RL Results")
    header = None
    rows = []
    for line in lines[start + 1:]:
        if not line.strip().startswith("|"):
            if header is not None:
                break
            continue
        cs = cells(line)
        if header is None:
            header = [unbold(c) for c in cs]
            continue
        if all(set(c) <= set("-: ") for c in cs):
            continue
        task = unbold(cs[0])
        for model, raw in zip(header[1:], cs[1:]):
            m = re.fullmatch(r"\s*(-?[0-9.]+)%\s*\((-?[0-9.]+)\)\s*", raw)
            if not m:
                raise ValueError("unexpected cell %r" % raw)
            rows.append((model, task, "D4RL normalized score (%)", m.group(1), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

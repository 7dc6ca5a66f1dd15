"""Independent reader for BurntSushi/ripgrep benchsuite/runs/2022-12-16-archlinux-duff/summary.

Plain-text report printed by benchsuite: per benchmark a header '<benchmark> (pattern: <p>)', a
dashes line, then one line per command: '{name}{*?}  {mean:0.3f} +/- {stdev:0.3f} (lines: N){*?}'.
A '*' glued to the name marks the command with the fastest single sample; a trailing '*' marks the
command with the fastest mean. Both markers are stripped from the name.
Models: command name (e.g. 'rg', 'ag (lines) (ASCII)'). Tasks: benchmark name (pattern dropped).
Score: the mean (seconds), lower is better. stdev and line counts are left out.
"""
import csv
import os
import re
import sys

HEADER = re.compile(r"^(\S+) \(pattern: .*\)$")
ROW = re.compile(r"^(.+?)\s+(\d+\.\d+) \+/- (\d+\.\d+)(?: \(lines: [^)]*\))?(\*?)$")


def main(set_dir):
    path = os.path.join(set_dir, "raw", "benchsuite", "runs", "2022-12-16-archlinux-duff", "summary")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    out, bench, seen = [], None, set()
    for i, line in enumerate(lines):
        if not line.strip() or set(line) == {"-"}:
            continue
        h = HEADER.match(line)
        if h and i + 1 < len(lines) and set(lines[i + 1]) == {"-"}:
            bench = h.group(1)
            continue
        m = ROW.match(line)
        assert m and bench, line
        name = m.group(1).strip()
        if name.endswith("*"):
            name = name[:-1].strip()
        key = (name, bench)
        assert key not in seen, key
        seen.add(key)
        out.append((name, bench, m.group(2)))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for m, t, s in out:
            w.writerow([m, t, "mean duration (s)", s, "false"])
    print(len(out), "cells", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

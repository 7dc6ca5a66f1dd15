"""Independent reader for rurban/smhasher README.md (the hash function table at the top).

Models: the hash functions (link text of the first cell). Tasks: MiB/sec (higher is better),
cycl./hash and cycl./map (smaller is better), per the README's "Columns" section. The
cycl./map cell is "mean (stddev)"; the score is the mean. "-" is a missing cell. Left out:
size (object size in bytes), Quality problems (text), the two separator rows
("| ------ | | ...") that split the table into groups. One function (t1ha0_aes_avx1) is listed
twice with identical numbers; it is read once.
"""
import csv
import os
import re
import sys

TASKS = [("MiB/sec", True), ("cycl./hash", False), ("cycl./map", False)]
NUM = re.compile(r"^([0-9]+(?:\.[0-9]+)?)(?:\s*\(\s*[0-9]+\s*\))?$")


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("| Hash function"))
    header = [c.strip() for c in lines[start].strip().strip("|").split("|")]
    assert header[:4] == ["Hash function", "MiB/sec", "cycl./hash", "cycl./map"], header
    cells = {}
    order = []
    i = start + 2
    while i < len(lines) and lines[i].startswith("|"):
        parts = [c.strip() for c in lines[i].strip().strip("|").split("|")]
        i += 1
        if re.fullmatch(r"-+", parts[0]):  # group separator row, no results
            assert all(p == "" for p in parts[1:]), parts
            continue
        m = re.fullmatch(r"\[([^\]]+)\]\([^)]*\)", parts[0])
        name = m.group(1) if m else parts[0]
        vals = {}
        for (task, _), raw in zip(TASKS, parts[1:4]):
            if raw == "-":
                continue
            mm = NUM.match(raw)
            assert mm, (name, task, raw)
            vals[task] = mm.group(1)
        if name in cells:
            assert cells[name] == vals, (name, cells[name], vals)
            continue
        cells[name] = vals
        order.append(name)
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        n = 0
        for name in order:
            for task, hib in TASKS:
                if task in cells[name]:
                    w.writerow([name, task, task, cells[name][task], "true" if hib else "false"])
                    n += 1
    print(n, "rows", len(order), "models")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for mariomka/regex-benchmark README.md, section "## Performance".

Two Markdown tables of the same shape (no leading/trailing pipes):
    Language | Email(ms) | URI(ms) | IP(ms) | Total(ms)
The first one (directly under "## Performance") is the benchmark as the README defines it
("with **default settings**"); the second, under "### Optimized", is for "the optimized version"
kept on another branch. The main board is the first table only.
Models: Language with **bold** removed. Tasks: Email(ms), URI(ms), IP(ms) — elapsed time in
milliseconds, lower is better. Total(ms) is "the sum of the above times" and is left out.
"""
import csv
import os
import re
import sys


def cells(line):
    return [re.sub(r"\*\*(.*?)\*\*", r"\1", c.strip()).strip() for c in line.split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    perf = lines.index("## Performance")
    start = next(i for i in range(perf, len(lines)) if lines[i].startswith("Language |"))
    header = cells(lines[start])
    assert header == ["Language", "Email(ms)", "URI(ms)", "IP(ms)", "Total(ms)"], header
    assert lines[start + 1].startswith("---")
    rows = []
    for line in lines[start + 2:]:
        if "|" not in line:
            break
        c = cells(line)
        assert len(c) == 5, c
        for task, value in zip(header[1:4], c[1:4]):
            float(value)
            rows.append((c[0], task, value))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for name, task, value in rows:
            w.writerow([name, task, "ms", value, "false"])
    print(len(rows), "rows", len({r[0] for r in rows}), "models")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

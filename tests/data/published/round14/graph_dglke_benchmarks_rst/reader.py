"""Independent reader for graph_dglke_benchmarks_rst (stdlib only).

Reading: docs/source/benchmarks.rst holds 11 reStructuredText *grid* tables
(+---+ borders, '|' cell separators, '+===+' under the header), one per
(dataset section, training setting paragraph).  Each table is models (rows)
x metrics (MR, MRR, HITS-1, HITS-3, HITS-10, TIME).  The boards are
independent (different hardware settings, different model subsets).  The
main board chosen is the first one: section "FB15k", paragraph
"One-GPU training" (7 models).  Tasks = the five link-prediction metrics;
MR lower is better, MRR/HITS-k higher is better; TIME (training time) is a
cost and is left out.
"""
import csv
import os
import sys


def grid_tables(lines):
    """Yield (section, setting, header, rows) for every grid table."""
    section = setting = None
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        s = line.strip()
        # section title: a line followed by an underline of ^ characters
        if i + 1 < n and s and set(lines[i + 1].strip()) == {"^"}:
            section = s
            i += 2
            continue
        if s.startswith("+") and s.endswith("+"):
            block = []
            while i < n and lines[i].strip() and lines[i].strip()[0] in "+|":
                block.append(lines[i].strip())
                i += 1
            cells = [b for b in block if b.startswith("|")]
            parsed = [[c.strip() for c in b.strip("|").split("|")] for b in cells]
            yield section, setting, parsed[0], parsed[1:]
            continue
        if s and not s.startswith(".."):
            setting = s
        i += 1


def main(set_dir):
    path = os.path.join(set_dir, "raw", "docs", "source", "benchmarks.rst")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    tables = [t for t in grid_tables(lines) if t[2][0] == "Models"]
    section, setting, header, rows = tables[0]
    assert (section, setting) == ("FB15k", "One-GPU training"), (section, setting)
    direction = {"MR": "false", "MRR": "true", "HITS-1": "true", "HITS-3": "true", "HITS-10": "true"}
    out = []
    for r in rows:
        model = r[0]
        for name, cell in zip(header[1:], r[1:]):
            if name not in direction:   # TIME: cost, not a score
                continue
            out.append((model, name, name, cell, direction[name]))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(f"{len(tables)} result tables; board = {section} / {setting}: {len(out)} rows")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

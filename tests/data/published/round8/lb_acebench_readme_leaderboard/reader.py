"""Independent reader for ACEBench/ACEBench README.md "## 🏆 3. Leaderboard" (stdlib only).

One Markdown table: Model | normal | special | agent | overall. Two one-cell group rows
("| **close-source model** |", "| **open-source model** |") split it; they are labels, not models.
Tasks = normal, special, agent (accuracies in [0, 1], higher is better); overall is left out: it is
the weighted sum 0.578*normal + 0.2676*special + 0.1545*agent (model_eval/evaluation_helper.py).
"""
import csv, os, re, sys

TASKS = ["normal", "special", "agent"]

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = next(k for k, l in enumerate(lines) if l.startswith("## ") and "Leaderboard" in l)
    while not lines[i].startswith("|"):
        i += 1
    header = cells(lines[i])
    assert header == ["Model"] + TASKS + ["overall"], header
    i += 2
    out, groups = [], []
    while i < len(lines) and lines[i].startswith("|"):
        r = cells(lines[i]); i += 1
        if len(r) == 1:                      # group label row
            groups.append(r[0]); continue
        assert len(r) == len(header), r
        model = r[0]
        for t in TASKS:
            v = r[header.index(t)]
            float(v)
            out.append((model, t, "accuracy", v, "true"))
    assert groups == ["**close-source model**", "**open-source model**"], groups
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

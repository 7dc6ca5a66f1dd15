#!/usr/bin/env python3
"""Independent reader (standard library only) for benchmark-logs/ of teknium1/LLM-Benchmark-Logs at 61f38ee.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Each benchmark-logs/<Model>.md is one model (the file name without .md); template.md is the empty
template, not a model. Each file pastes lm-evaluation-harness make_table() output (0.3: Task|Version|
Metric|Value||Stderr; 0.4 in two files: Tasks|Version|Filter|Metric|Value||Stderr) under section
headings GPT4All / AGIEval / BigBench / TruthfulQA, followed by "Average: NN.NN" (an aggregate, not a
score). A row with an empty task cell continues the task above it. Some physical lines hold two table
rows joined by a run of spaces; rows are therefore found by pattern, not by line.

Score of (model, task): the metric the author's own section averages use -- acc_norm where the task
reports it, otherwise the task's first metric (acc; multiple_choice_grade for bigbench; the
exact_str_match second metric of bigbench_geometric_shapes is not used); for truthfulqa_mc the mc2
value (the author writes it as "Score: 56.81" / "62.88" = mc2 x 100). All are accuracies: higher is
better. Stderr, Version, Filter, "Average:" lines and free-text IFEval/MTBench lines are not read.
"""
import csv, os, re, sys

ROW6 = re.compile(r"\|([^|\n]*)\|([^|\n]*)\|([^|\n]*)\|\s*(-?[0-9.]+)\s*\|([^|\n]*)\|([^|\n]*)\|")
ROW7 = re.compile(r"\|([^|\n]*)\|([^|\n]*)\|([^|\n]*)\|([^|\n]*)\|\s*(-?[0-9.]+)\s*\|([^|\n]*)\|([^|\n]*)\|")


def rows_of(text):
    out = []  # (task, metric, value) in order
    task = None
    for line in text.splitlines():
        if not line.lstrip("`").startswith("|"):
            continue
        # decide by the column count of the table this line belongs to: 0.4 rows carry a Filter cell
        cells = line.lstrip("`")
        if cells.count("|") == 8 or ("|none" in cells and cells.count("|") % 8 == 0):
            pat, idx = ROW7, (0, 3, 4)
        else:
            pat, idx = ROW6, (0, 2, 3)
        for m in pat.finditer(cells):
            g = m.groups()
            t, metric, val = g[idx[0]].strip(), g[idx[1]].strip(), g[idx[2]].strip()
            if t:
                task = t
            out.append((task, metric, val))
    return out


def main(set_dir):
    d = os.path.join(set_dir, "raw", "benchmark-logs")
    rows = []
    for fn in sorted(os.listdir(d)):
        if not fn.endswith(".md") or fn == "template.md":
            continue
        model = fn[:-3]
        per = {}
        for task, metric, val in rows_of(open(os.path.join(d, fn), encoding="utf-8").read()):
            per.setdefault(task, []).append((metric, val))
        for task, ms in per.items():
            names = [m for m, _ in ms]
            if len(names) != len(set(names)):
                raise SystemExit(f"{fn}: {task} has a metric twice: {names}")
            md = dict(ms)
            if "mc2" in md:
                metric = "mc2"
            elif "acc_norm" in md:
                metric = "acc_norm"
            else:
                metric = names[0]
            rows.append([model, task, metric, md[metric], "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

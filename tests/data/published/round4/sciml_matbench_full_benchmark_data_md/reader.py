#!/usr/bin/env python3
"""Independent reader (stdlib only) for sciml_matbench_full_benchmark_data_md.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source: materialsproject/matbench docs_src/Full Benchmark Data/<submission>.md, one page per submission,
written by scripts/rebuild_docs.py generate_info_page():
    header = f"# {mb.benchmark_name}: {algo_name}\n\n"          -> model = algo_name
    task_header = f"#### `{task.dataset_name}`\n\n"              -> task
    "###### Fold score stats" table "| metric | mean | max | min | std |"
The per-task leaderboards (generate_per_task_leaderboards) rank by
    sorting_column = "mean rocauc" if task_type == CLF_KEY else "mean mae"
    sorting_order = True if task_type == REG_KEY else False     (ascending for regression)
so the board is: model x task, score = mean of mae (regression, lower is better) or of rocauc
(classification, higher is better) from the "Fold score stats" table.
"""
import csv
import os
import re
import sys

PRIMARY = {"mae": "false", "rocauc": "true"}


def read_page(path):
    model, task, in_stats, out = None, None, False, []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            m = re.match(r"^# matbench_v0\.1: (.*)$", line)
            if m:
                model = m.group(1).strip()
                continue
            m = re.match(r"^#### `([^`]+)`\s*$", line)
            if m:
                task, in_stats = m.group(1), False
                continue
            if line.startswith("###### "):
                in_stats = line.strip() == "###### Fold score stats"
                continue
            if in_stats and line.startswith("|"):
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                if cells[0] in PRIMARY:
                    out.append((model, task, cells[0], cells[1], PRIMARY[cells[0]]))
    return out


def main():
    d = sys.argv[1].rstrip("/")
    root = os.path.join(d, "raw", "docs_src", "Full Benchmark Data")
    rows = []
    for f in sorted(os.listdir(root)):
        if f.endswith(".md"):
            rows.extend(read_page(os.path.join(root, f)))
    keys = [(r[0], r[1]) for r in rows]
    assert len(keys) == len(set(keys)), "duplicate model x task"
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(os.path.basename(d), len(rows), "rows,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks")


if __name__ == "__main__":
    main()

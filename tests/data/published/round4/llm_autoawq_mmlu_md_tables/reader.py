#!/usr/bin/env python3
"""Independent reader (standard library only) for the two lm-eval Markdown result tables committed in
kcabkooltonod/AutoAWQ at 280c338 (awq_mmlu_output_table.md, awq_modified_mmlu_output_table.md).

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules (quoted in notes.md):
* Each file is the output of the fork's make_table(results) (a copy of lm-eval 0.4's table writer):
  headers Task|Version|Filter|Metric|Value||Stderr; one row per (task, metric, filter); the Task and
  Version cells are written only on a task's first row (`k = ""; version = ""` after it).
* The model is named only by the file: awq_mmlu_output_table.md -> "awq",
  awq_modified_mmlu_output_table.md -> "awq_modified" (same base model, two quantisation variants).
* Rows whose Metric is "alias" are display names, not scores. Tasks whose Version is "N/A" are lm-eval
  groups (mmlu, mmlu_humanities, mmlu_other, mmlu_social_sciences, mmlu_stem): aggregates, not rated.
* Score = the Value cell of the acc row (filter none), as written ("%.4f"); accuracy, higher is better.
"""
import csv, os, sys

FILES = {"awq_mmlu_output_table.md": "awq", "awq_modified_mmlu_output_table.md": "awq_modified"}


def main(set_dir):
    rows = []
    for fn, model in FILES.items():
        task = version = None
        with open(os.path.join(set_dir, "raw", fn), encoding="utf-8") as f:
            for line in f:
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                if len(cells) < 7 or cells[0] == "Task" or set(cells[0]) <= {"-"} and cells[0]:
                    continue
                if cells[0]:
                    task, version = cells[0], cells[1]
                metric, value = cells[3], cells[4]
                if metric == "alias" or version == "N/A":
                    continue
                rows.append([model, task, f"{metric},{cells[2]}", value, "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

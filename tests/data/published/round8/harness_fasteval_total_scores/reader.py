"""Independent reader for harness_fasteval_total_scores (standard library only).

Reads raw/reports/total/<org--model>/<evaluation uuid>/scores.json and writes expected.csv:
one row per (model, benchmark) cell that exists. Model = the <org--model> folder name.
Benchmarks kept: cot, human-eval-plus, lm-evaluation-harness, mt-bench, ds1000 (FastEval's
five benchmarks). Left out: 'code' (weighted mean of human-eval-plus and ds1000) and 'total'
(weighted mean of the others), both computed by evaluation/benchmarks/total.py.
Three old-layout files hold {"benchmarks": {"lm-evaluation-harness": x}}; they are read too.
All scores: higher is better.
"""
import csv, json, os, sys

KEEP = ["cot", "human-eval-plus", "lm-evaluation-harness", "mt-bench", "ds1000"]
AGGREGATES = {"code", "total"}


def main(set_dir):
    root = os.path.join(set_dir, "raw", "reports", "total")
    rows = []
    for model in sorted(os.listdir(root)):
        mdir = os.path.join(root, model)
        runs = sorted(os.listdir(mdir))
        if len(runs) != 1:
            raise SystemExit(f"{model}: expected one evaluation id, found {runs}")
        with open(os.path.join(mdir, runs[0], "scores.json"), encoding="utf-8") as f:
            data = json.load(f)
        if set(data) == {"benchmarks"}:  # older layout
            data = data["benchmarks"]
        for key in data:
            if key not in KEEP and key not in AGGREGATES:
                raise SystemExit(f"{model}: unexpected key {key}")
        for task in KEEP:
            if task in data:
                rows.append((model, task, "score", repr(float(data[task])), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len(rows), "cells,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader: lm-evaluation-harness 0.4 results_<timestamp>.json files, one folder per model.

Model = the file's "model_name" field. Task = each key of "results" that is a leaf task: keys that are
groups (listed as keys of "group_subtasks" with a non-empty subtask list, and present in "groups")
are aggregates (mean of their subtasks, per the group yaml's aggregate_metric_list) and are left out.
Metric = "acc,none" (first entry of every task's metric_list; present for every leaf task).
Direction from the file's own "higher_is_better" map.
"""
import csv
import json
import os
import sys

ROOT = os.path.join("raw", "outputs", "post_revamp_bench_26", "single-turn", "0-shot")
METRIC = "acc"


def main(set_dir):
    rows = []
    root = os.path.join(set_dir, ROOT)
    for dirpath, _d, names in sorted(os.walk(root)):
        for n in sorted(names):
            if not (n.startswith("results_") and n.endswith(".json")):
                continue
            with open(os.path.join(dirpath, n), encoding="utf-8") as f:
                d = json.load(f)
            model = d["model_name"].strip()
            groups = {g for g, subs in d.get("group_subtasks", {}).items() if subs}
            groups |= set(d.get("groups", {}))
            for task in sorted(d["results"]):
                if task in groups:
                    continue
                res = d["results"][task]
                val = res[f"{METRIC},none"]
                hib = d["higher_is_better"][task][METRIC]
                rows.append([model, task, METRIC, repr(float(val)), "true" if hib else "false"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader: OpenCTEval outputs/ folder (lm-evaluation-harness 0.4.9 results files),
layout outputs/<dataset>/<mode>/<org>__<model>/results_<timestamp>.json, one file per (dataset, model).

Model = the file's "model_name". Tasks = leaf keys of "results": a key listed in "group_subtasks" with a
non-empty subtask list is a group header (here its entry is {" ": " ", "alias": ...}, no metric) and is
skipped. Metric = the first metric of the task's "configs[task].metric_list"; its value is
results[task]["<metric>,none"], except the custom "partial_match" metric, which lm_eval/api/metrics.py
reports under the name "partial_match_frac". Direction = file's higher_is_better[task][metric].
"""
import csv
import json
import os
import sys

RENAMED = {"partial_match": "partial_match_frac"}


def main(set_dir):
    rows = []
    root = os.path.join(set_dir, "raw", "outputs")
    for dirpath, dirs, names in os.walk(root):
        dirs.sort()
        for n in sorted(names):
            if not (n.startswith("results_") and n.endswith(".json")):
                continue
            with open(os.path.join(dirpath, n), encoding="utf-8") as f:
                d = json.load(f)
            model = d["model_name"].strip()
            groups = {g for g, subs in d.get("group_subtasks", {}).items() if subs}
            for task in sorted(d["results"]):
                if task in groups:
                    continue
                metric = d["configs"][task]["metric_list"][0]["metric"]
                key = RENAMED.get(metric, metric) + ",none"
                val = d["results"][task][key]
                hib = d["higher_is_better"][task][metric]
                rows.append([model, task, RENAMED.get(metric, metric), repr(float(val)),
                             "true" if hib else "false"])
    seen = set()
    for r in rows:
        if (r[0], r[1]) in seen:
            raise SystemExit(f"duplicate cell {r[:2]}")
        seen.add((r[0], r[1]))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for llm_acegpt_arabic_mmlu_metrics_json_folder.

AceGPT eval_results: eval_results/Arabic MMLU/<model_id>/<setting>/metrics.json, written by
EvaluationBase.save_aggr_metrics. Each file: {top_category: {sub_category: {subject: {"Accuracy": x}, ...,
"average": {"Accuracy": mean over the sub_category's subjects}, "overall": {"Accuracy": example-weighted
mean}}}}.
Board: one row per metrics.json, named by its folder path below "Arabic MMLU/" (e.g.
"AceGPT_13B_base/few_shot"; the stray run stored without a setting folder is "AceGPT_7B_base");
tasks = the 57 MMLU subjects (leaf keys); score = Accuracy (fraction correct), higher is better.
Left out: the 'average' and 'overall' nodes (aggregates over subjects); the category levels are
grouping only.
"""

import csv
import json
import os
import sys

AGGREGATES = {"average", "overall"}


def leaves(node, out):
    for key, value in node.items():
        if isinstance(value, dict) and set(value) == {"Accuracy"}:
            if key not in AGGREGATES:
                assert key not in out, key
                out[key] = value["Accuracy"]
        else:
            leaves(value, out)
    return out


def main(set_dir):
    bench = os.path.join(set_dir, "raw", "eval_results", "Arabic MMLU")
    runs = []
    for dirpath, _dirs, files in os.walk(bench):
        if "metrics.json" in files:
            runs.append(os.path.relpath(dirpath, bench).replace(os.sep, "/"))
    rows = []
    for run in sorted(runs):
        with open(os.path.join(bench, run, "metrics.json"), encoding="utf-8") as f:
            scores = leaves(json.load(f), {})
        assert len(scores) == 57, (run, len(scores))
        for subject, acc in scores.items():
            rows.append((run, subject, "Accuracy", repr(acc), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len({r[0] for r in rows}), "runs,", len({r[1] for r in rows}), "subjects,", len(rows), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

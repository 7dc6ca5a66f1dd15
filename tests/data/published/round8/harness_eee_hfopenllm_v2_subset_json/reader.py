"""Independent reader for harness_eee_hfopenllm_v2_subset_json (standard library only).

raw/data/hfopenllm_v2/<developer>/<model>/<uuid>.json (every_eval_ever schema 0.2.0), one file per
model. Expected: one row per (model_info.id, evaluation_name) with score_details.score; direction
from metric_config.lower_is_better (false everywhere). model_info.additional_details
(precision, architecture, params_billions) is metadata, not a result.
"""
import csv, json, os, sys


def main(set_dir):
    root = os.path.join(set_dir, "raw", "data", "hfopenllm_v2")
    rows, seen = [], set()
    for dev in sorted(os.listdir(root)):
        for model_dir in sorted(os.listdir(os.path.join(root, dev))):
            files = sorted(os.listdir(os.path.join(root, dev, model_dir)))
            if len(files) != 1:
                raise SystemExit(f"{dev}/{model_dir}: {files}")
            with open(os.path.join(root, dev, model_dir, files[0]), encoding="utf-8") as f:
                d = json.load(f)
            model = d["model_info"]["id"]
            if model in seen:
                raise SystemExit("duplicate model " + model)
            seen.add(model)
            for e in d["evaluation_results"]:
                score = e["score_details"]["score"]
                if score is None:
                    continue
                hib = "false" if e["metric_config"]["lower_is_better"] else "true"
                metric = e["metric_config"]["evaluation_description"].split(" on ")[0]
                rows.append((model, e["evaluation_name"], metric, repr(float(score)), hib))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len(rows), "cells,", len(seen), "models,", len({r[1] for r in rows}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

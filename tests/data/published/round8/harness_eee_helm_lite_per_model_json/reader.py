"""Independent reader for harness_eee_helm_lite_per_model_json (standard library only).

raw/data/helm_lite/<developer>/<model>/<uuid>.json, every_eval_ever schema 0.2.0. Per file:
model_info.id (e.g. "01-ai/yi-34b") and evaluation_results[], each with evaluation_name,
metric_config.lower_is_better and score_details.score. Expected: one row per (model_info.id,
evaluation_name) except "Mean win rate" (HELM's aggregate over the scenario columns); direction
from metric_config.lower_is_better (false everywhere -> higher_is_better true). Nested numbers under
score_details.details (inference time, # eval, # train, truncated, ...) are left out.
"""
import csv, json, os, sys

AGGREGATE = "Mean win rate"


def main(set_dir):
    root = os.path.join(set_dir, "raw", "data", "helm_lite")
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
                name = e["evaluation_name"]
                if name == AGGREGATE:
                    continue
                score = e["score_details"]["score"]
                if score is None:
                    continue
                hib = "false" if e["metric_config"]["lower_is_better"] else "true"
                rows.append((model, name, e["metric_config"]["evaluation_description"].split(" on ")[0], repr(float(score)), hib))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len(rows), "cells,", len(seen), "models,", len({r[1] for r in rows}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

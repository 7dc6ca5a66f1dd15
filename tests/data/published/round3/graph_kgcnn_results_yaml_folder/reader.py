#!/usr/bin/env python3
"""Independent reader (stdlib only) for graph_kgcnn_results_yaml_folder.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source: aimat-lab/gcnn_keras training/results/<Dataset>/<Model>/<Model>_<Dataset>_score.yaml (one per model x
dataset, per-fold lists of keras history values) and training/results/summary.py, which makes the README table:
for ESOL, FreeSolv and Lipop the targets are
  {"metric": "val_scaled_mean_absolute_error", "name": "MAE [log mol/L]", "find_best": "min"},
  {"metric": "val_scaled_root_mean_squared_error", "name": "RMSE [log mol/L]", "find_best": "min"}
and the cell is np.mean over the folds (NaN dropped); model = model_name (model_name.model_class when the
class is not make_model).  Board: model x (dataset, metric), score = mean over folds, lower is better.
"""
import csv
import math
import os
import sys

TARGETS = [("val_scaled_mean_absolute_error", "MAE [log mol/L]"),
           ("val_scaled_root_mean_squared_error", "RMSE [log mol/L]")]


def load_simple_yaml(path):
    """The score files are flat: `key: scalar` or `key:` followed by `- item` lines."""
    out, key = {}, None
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if not line.strip():
                continue
            if line.startswith("- "):
                out[key].append(line[2:].strip())
            else:
                k, _, v = line.partition(":")
                key = k.strip()
                v = v.strip()
                out[key] = [] if v == "" else v
    return out


def main():
    d = sys.argv[1].rstrip("/")
    root = os.path.join(d, "raw", "training", "results")
    rows = []
    for dataset in sorted(os.listdir(root)):
        for model_dir in sorted(os.listdir(os.path.join(root, dataset))):
            folder = os.path.join(root, dataset, model_dir)
            for f in sorted(os.listdir(folder)):
                if not f.endswith(".yaml"):
                    continue
                r = load_simple_yaml(os.path.join(folder, f))
                assert r.get("multi_target_indices") in ("null", None)
                model = r["model_name"] if r["model_class"] == "make_model" else f'{r["model_name"]}.{r["model_class"]}'
                for metric, name in TARGETS:
                    if metric not in r:
                        continue
                    vals = [float(x) for x in r[metric] if not math.isnan(float(x))]
                    if not vals:
                        continue
                    rows.append((model, f"{dataset}/{name}", metric, repr(sum(vals) / len(vals)), "false"))
    keys = [(m, t) for m, t, *_ in rows]
    assert len(keys) == len(set(keys)), "duplicate model x task"
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(os.path.basename(d), len(rows), "rows")


if __name__ == "__main__":
    main()

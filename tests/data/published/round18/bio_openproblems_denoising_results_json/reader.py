"""Independent reader for openproblems-bio/website results/denoising/data/ (stdlib only).

results.json: a list of records {task_id, commit_sha, method_id, dataset_id, submission_time,
code_version, resources{duration_sec,cpu_pct,peak_memory_mb,disk_read_mb,disk_write_mb},
metric_values{mse, poisson}, scaled_scores{mse, poisson}, mean_score}.
metric_info.json gives each metric's direction ("maximize": false for both mse and poisson).
method_info.json flags control methods with "is_baseline" (no_denoising, perfect_denoising); the
website's results table drops them (filter(!is_baseline)), and so do we.
Kept: metric_values (the raw metric), model = method_id, task = dataset_id, metric = metric_id,
higher_is_better from metric_info "maximize". Left out: scaled_scores and mean_score (derived from
metric_values by rescaling between the two baselines and averaging), resources (compute cost).
"""
import csv
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "raw", "results", "denoising", "data")


def load(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return json.load(f)




def main():
    results = load("results.json")
    metrics = {m["metric_id"]: m for m in load("metric_info.json")}
    baseline = {m["method_id"]: bool(m["is_baseline"]) for m in load("method_info.json")}
    out = []
    for rec in results:
        mid = rec["method_id"]
        if baseline.get(mid, False):
            continue
        for metric_id, val in rec["metric_values"].items():
            hib = "true" if metrics[metric_id]["maximize"] else "false"
            out.append((mid, rec["dataset_id"], metric_id, repr(val), hib))
    out.sort(key=lambda r: (r[0], r[1], r[2]))
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows;", len({r[0] for r in out}), "methods;", len({r[1] for r in out}), "datasets")


if __name__ == "__main__":
    main()

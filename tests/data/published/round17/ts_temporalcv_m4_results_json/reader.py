"""Independent reader for brandonmbehring-dev/temporalcv benchmarks/results/run_c700bfd9/results.json.

Stdlib only. Reads report.results[] (one entry per M4 frequency subset, `dataset_name`), and in
each the models[] list: model_name + metrics {mae, rmse, mape, direction_accuracy}.
Direction: mae, rmse, mape are errors (lower is better; the library picks `best_model` as the
"lowest primary_metric"); direction_accuracy is the fraction of correctly predicted signs of
change (higher is better).
Not read: metadata, runtime_seconds, model_params, primary_metric/best_model,
statistical_tests (Diebold-Mariano statistic / p_value vs the best model), and report.summary
(wins_by_model counts and mean_metrics_by_model averages over the six datasets).
Scores kept exactly as written in the JSON.
"""
import csv
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "benchmarks", "results", "run_c700bfd9", "results.json")
DIRECTION = {"mae": "false", "rmse": "false", "mape": "false", "direction_accuracy": "true"}


def main():
    with open(SRC, encoding="utf-8") as f:
        doc = json.load(f, parse_float=str, parse_int=str)
    out = []
    for res in doc["report"]["results"]:
        ds = res["dataset_name"]
        for m in res["models"]:
            for key, val in m["metrics"].items():
                float(val)
                out.append([m["model_name"], ds, key, val, DIRECTION[key]])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

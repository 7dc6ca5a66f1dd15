"""Independent reader for TSB-AD uni_mergedTable_VUS-PR.csv (stdlib only).

Rows are time series (tasks, named by the `file` column); the 32 detector columns are the
models (the notebook's Comparaed_Solution_Pool); the trailing 7 columns describe the series
(ts_len, anomaly_len, num_anomaly, avg_anomaly_len, anomaly_ratio, point_anomaly, seq_anomaly)
and are not results.  VUS-PR: higher is better.
"""
import csv, os, sys

META = {"ts_len", "anomaly_len", "num_anomaly", "avg_anomaly_len", "anomaly_ratio",
        "point_anomaly", "seq_anomaly"}

def main(set_dir):
    path = os.path.join(set_dir, "raw/benchmark_exp/benchmark_eval_results/uni_mergedTable_VUS-PR.csv")
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    assert header[0] == "file"
    models = [(j, h.strip()) for j, h in enumerate(header) if j > 0 and h not in META]
    assert len(models) == 32, len(models)
    out = []
    for r in rows[1:]:
        task = r[0].strip()
        for j, m in models:
            cell = r[j].strip()
            if cell == "":
                continue
            out.append((m, task, "VUS-PR", cell, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

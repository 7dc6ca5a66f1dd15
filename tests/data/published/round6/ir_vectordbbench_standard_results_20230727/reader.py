#!/usr/bin/env python3
"""Independent reader (standard library only) for ir_vectordbbench_standard_results_20230727.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/vectordb_bench/results/<DB>/result_20230727_standard_<db>.json (zilliztech/VectorDBBench): one JSON
per database, {"run_id", "task_label", "results": [{"metrics": {...}, "task_config": {"db", "db_config",
"db_case_config", "case_config": {"case_id"}}, "label": ":)"|"x"|"?"}]}.  The reading follows the
project's own results page (frontend/components/check_results/data.py and charts.py):
  * contestant = TaskConfig.db_name = db + "-" + db_label (+ "-" + version when set);
  * task = "<case>/<metric>": the case (case_id -> CaseType, backend/cases.py) and the metric;
  * results of one (db_name, case) are merged: the metrics of the run with the higher qps
    (mergeMetrics; ties go to the later one), the label NORMAL if any run is NORMAL (getBetterLabel);
  * only NORMAL (":)") results are shown; "x" (failed) and "?" (out of range) are left out;
  * a metric is drawn only where its value is > 1e-7 (drawMetricChart), in metric_order
    qps, recall, load_duration, serial_latency_p99, serial_latency_p95, max_load_count;
  * lower is better for load_duration, serial_latency_p99, serial_latency_p95 (metric.py
    lower_is_better_metrics); higher for the others.
"""
import csv
import json
import os
import sys

CASES = {1: "CapacityDim128", 2: "CapacityDim960", 3: "Performance768D100M", 4: "Performance768D10M",
         5: "Performance768D1M", 6: "Performance768D10M1P", 7: "Performance768D1M1P",
         8: "Performance768D10M99P", 9: "Performance768D1M99P"}
ORDER = ["qps", "recall", "load_duration", "serial_latency_p99", "serial_latency_p95", "max_load_count"]
LOWER = {"load_duration", "serial_latency_p99", "serial_latency_p95"}


def main(set_dir):
    root = os.path.join(set_dir, "raw", "vectordb_bench", "results")
    merged = {}  # (db_name, case) -> [metrics, label]
    order = []
    for db in sorted(os.listdir(root)):
        for fn in sorted(os.listdir(os.path.join(root, db))):
            with open(os.path.join(root, db, fn), encoding="utf-8") as f:
                doc = json.load(f)
            for r in doc["results"]:
                tc = r["task_config"]
                name = tc["db"]
                if tc["db_config"].get("db_label"):
                    name += "-" + tc["db_config"]["db_label"]
                if tc["db_config"].get("version"):
                    name += "-" + tc["db_config"]["version"]
                key = (name, CASES[tc["case_config"]["case_id"]])
                if key not in merged:
                    merged[key] = [{}, "x"]
                    order.append(key)
                m, lab = merged[key]
                m = m if m.get("qps", 0) > r["metrics"].get("qps", 0) else r["metrics"]
                lab = r["label"] if lab != ":)" else lab
                merged[key] = [m, lab]
    out = []
    for key in order:
        m, lab = merged[key]
        if lab != ":)":
            continue
        for metric in ORDER:
            v = m.get(metric)
            if isinstance(v, (int, float)) and v > 1e-7:
                out.append((key[0], key[1] + "/" + metric, metric, repr(v) if isinstance(v, float) else str(v),
                            "false" if metric in LOWER else "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models, %d tasks" % (len(out), len({o[0] for o in out}), len({o[1] for o in out})))


if __name__ == "__main__":
    main(sys.argv[1])

"""Independent reader for NetManAIOps/OpenCompass-OpsQA network_results.csv (commit 9c80f49).
Standard library only. Writes expected.csv.

The file is a pandas DataFrame.to_csv() (unnamed index column first) written by
experiments/result_analysis/stats.py from OpenCompass prediction files. Long format: one row per
(model, setting, sc). Columns: model, dataset (= prompt setting), qtype, sc, acc, chinese, cot, shot.
qtype/chinese/cot/shot are read off the setting name; they are labels, not scores.

Reading: task = "<dataset> (sc=<yes|no>)", metric = "acc" (fraction correct, 0-1), higher is better.
"""
import csv, os

HERE = os.path.dirname(os.path.abspath(__file__))
rows = []
with open(os.path.join(HERE, "raw", "network_results.csv"), newline="", encoding="utf-8") as f:
    for r in csv.DictReader(f):
        rows.append([r["model"], f"{r['dataset']} (sc={r['sc']})", "acc", r["acc"], "true"])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks")

#!/usr/bin/env python3
"""Independent reader (standard library only) for llm_simpleevalsru_stats_nested_json.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/data/stats.json, written by scripts/stats_update.py:
  {"bench_model_stats": {bench.id: {model.id: {"model_name", "bench_name", "tokens", "cost",
                                                "score", "std"}}},
   "model_stats": {model.id: {"name", "tokens", "cost", "avg_score", "avg_std"}}}
score = np.mean(results) of is_correct (share of items answered correctly), higher is better (the
README prints it as `{score * 100:.1f}±{std * 100:.1f}%`).  std is a bootstrap half-width, tokens and
cost are usage; model_stats holds per-model averages over the benches (the README's "avg" column),
not a task.
Reading: model = model_name (the README's row label, model.name), task = bench_name (the README's
column label, bench.name), score = score.
"""
import csv
import json
import os
import sys


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "data", "stats.json"), encoding="utf-8") as f:
        data = json.load(f)
    rows = []
    for bench_id, per_model in data["bench_model_stats"].items():
        for model_id, s in per_model.items():
            if s["score"] is None:
                continue
            rows.append((s["model_name"], s["bench_name"], "accuracy", repr(s["score"]), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

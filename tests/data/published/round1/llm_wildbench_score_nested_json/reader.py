#!/usr/bin/env python3
"""Independent reader (standard library only) for llm_wildbench_score_nested_json.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/leaderboard/data_dir/score.json: WildBench's WB-Score table, a JSON object keyed by model
name; each value {"model", "score", "adjusted_score", "task_macro_score",
"adjusted_task_macro_score", "task_categorized_scores": {5 task categories: number}, "total",
"avg_len"} (written by leaderboard/data_dir/_create_tables.py, MODE == "score").

Reading defined by the source:
* model = the key (equal to "model");
* tasks = the five keys of "task_categorized_scores" (leaderboard/show_table.py mode
  "taskwise_score" shows "WB_score.Creative Tasks", ... "WB_score.Coding & Debugging", which
  _merge_results.py takes from these numbers x10);
* score = the number as published: `task_cat_score[tag] = (task_cat_score[tag] - 5) * 2`, the
  GPT-4-turbo 1-10 grade re-scaled ("re-scaled by (Y-5)*2 ... 5 represents that a response is
  boderline acceptable", README), higher is better;
* score / adjusted_score / task_macro_score / adjusted_task_macro_score are aggregates over the
  categories or items, total is a count, avg_len a length: not tasks.
"""
import csv
import json
import os
import sys


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "leaderboard", "data_dir", "score.json"), encoding="utf-8") as f:
        table = json.load(f)
    out = []
    for model, row in table.items():
        assert row["model"] == model
        for task, value in row["task_categorized_scores"].items():
            out.append((model, task, "WB_score (adjusted)", repr(float(value)), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows" % len(out))


if __name__ == "__main__":
    main(sys.argv[1])

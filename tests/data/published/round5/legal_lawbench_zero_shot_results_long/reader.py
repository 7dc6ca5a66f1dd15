#!/usr/bin/env python3
"""Independent reader (standard library only) for legal_lawbench_zero_shot_results_long.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/predictions/zero_shot/results.csv is written by LawBench's evaluation/main.py
(`results = {"task": [], "model_name": [], "score": [], "abstention_rate": []}` ... `to_csv`):
  * model  = `model_name` (the folder name of the model's predictions), second column;
  * task   = `task` (LawBench task id "1-1" .. "3-8"; ids, not dates or numbers), first column;
  * score  = `score`: each task's metric (ROUGE-L, Accuracy, F1, F0.5, rc-F1, soft-F1, or the
             normalized log-distance `(log(216) - mean|log(a+1)-log(p+1)|)/log(216)`), all in [0, 1],
             higher is better;
  * `abstention_rate` is not a score ("how often the answer cannot be extracted").
One row per (task, model); 51 models x 20 tasks, no holes.
"""
import csv
import os
import sys

METRIC = {"1-1": "ROUGE-L", "1-2": "Accuracy", "2-1": "F0.5", "2-2": "F1", "2-3": "F1", "2-4": "Accuracy",
          "2-5": "rc-F1", "2-6": "soft-F1", "2-7": "ROUGE-L", "2-8": "Accuracy", "2-9": "F1", "2-10": "soft-F1",
          "3-1": "F1", "3-2": "ROUGE-L", "3-3": "F1", "3-4": "Normalized log-distance",
          "3-5": "Normalized log-distance", "3-6": "Accuracy", "3-7": "Accuracy", "3-8": "ROUGE-L"}


def main(set_dir):
    path = os.path.join(set_dir, "raw", "predictions", "zero_shot", "results.csv")
    with open(path, encoding="utf-8", newline="") as f:
        table = list(csv.DictReader(f))
    rows = []
    for r in table:
        if r["score"].strip() == "":
            continue
        rows.append((r["model_name"].strip(), r["task"].strip(), METRIC[r["task"].strip()], r["score"].strip(), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

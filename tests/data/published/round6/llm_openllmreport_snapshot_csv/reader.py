#!/usr/bin/env python3
"""Independent reader (standard library only) for assets/20230714/20230714.csv of
dsdanielpark/open-llm-leaderboard-report at 42a5fcd.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

A snapshot of Hugging Face's Open LLM Leaderboard (UTF-8 with BOM): Model, Average, ARC(25-shot),
HellaSwag(10-shot), MMLU(5-shot), TruthfulQA(0-shot), Parameters, URL. Tasks = the four benchmark
columns (scores in percent, higher is better). Average is their mean (aggregate), Parameters is the
parameter count parsed from the model name scaled so the largest = 100 (0 when the name has none),
URL is a link: none is a score.
"""
import csv, os, sys

TASKS = ["ARC(25-shot)", "HellaSwag(10-shot)", "MMLU(5-shot)", "TruthfulQA(0-shot)"]


def main(set_dir):
    p = os.path.join(set_dir, "raw", "assets", "20230714", "20230714.csv")
    rows = []
    with open(p, encoding="utf-8-sig", newline="") as f:
        for r in csv.DictReader(f):
            for t in TASKS:
                if r[t].strip():
                    rows.append([r["Model"], t, "score", r[t], "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

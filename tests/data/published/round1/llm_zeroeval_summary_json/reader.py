#!/usr/bin/env python3
"""Independent reader (standard library only) for llm_zeroeval_summary_json.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/result_dirs/summary.json is ZeroEval's merged leaderboard, written by
src/evaluation/summarize.py `generate_summary()`:
    merged_data = pd.merge(mmlu_data, zebra_data, on='Model') ... (inner joins)
    # add a final column to do average of the scores except for Model name
    merged_data['Average'] = merged_data.drop(columns=['Model']).mean(axis=1)
    ... f.write(merged_data.to_json(orient='records', lines=False))
A JSON list of records: "Model" + one accuracy column per benchmark (the per-benchmark "Acc" /
"Puzzle Acc", in percent: f"{solved_examples/num_total_examples*100:.2f}") + "Average".

Reading: model = "Model"; tasks = every key but "Model" and "Average" (the mean of the others, an
aggregate); every task is an accuracy in percent, higher is better. Task names are written as
published, including the HTML line break ("MMLU<br/>-Redux").
"""
import csv
import json
import os
import sys


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "result_dirs", "summary.json"), encoding="utf-8") as f:
        records = json.load(f)
    out, seen = [], set()
    for rec in records:
        model = rec["Model"]
        if model in seen:
            raise SystemExit("duplicate %r" % model)
        seen.add(model)
        for key, value in rec.items():
            if key in ("Model", "Average") or value is None:
                continue
            out.append((model, key, "accuracy", repr(float(value)), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows" % len(out))


if __name__ == "__main__":
    main(sys.argv[1])

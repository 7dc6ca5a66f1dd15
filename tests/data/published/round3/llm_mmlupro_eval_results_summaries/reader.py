#!/usr/bin/env python3
"""Independent reader (standard library only) for MMLU-Pro's early eval_results/ folder
(TIGER-AI-Lab/MMLU-Pro at eeeb46c): eval_results/<model dir>/<subject>_summary.json.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules (quoted in notes.md):
* run_gpt4o.py / run_deepseek.py write output_dir = "eval_results/gpt4o/" / "eval_results/deepseek/" and,
  per subject, output_summary_path = os.path.join(output_dir, subject + "_summary.json").
* save_summary(): {category: {"corr", "wrong", "acc" = corr/(corr+wrong)}, "total": {...}}.
  "total" is the aggregate over the categories in that file (here one subject per file, so it repeats it);
  corr / wrong are counts. Score = acc of the subject key, higher is better.
* Model = the folder name under eval_results/.
"""
import csv, json, os, sys


def main(set_dir):
    base = os.path.join(set_dir, "raw", "eval_results")
    rows = []
    for model in sorted(os.listdir(base)):
        for fn in sorted(os.listdir(os.path.join(base, model))):
            if not fn.endswith("_summary.json"):
                continue
            doc = json.load(open(os.path.join(base, model, fn), encoding="utf-8"))
            for subject, rec in doc.items():
                if subject == "total":
                    continue
                rows.append([model, subject, "acc", repr(rec["acc"]), "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

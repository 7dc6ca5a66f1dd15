#!/usr/bin/env python3
"""Independent reader (standard library only) for DCLM evaluation JSONs (exp_data/evals/*.json).

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules (quoted in notes.md):
* eval/eval_openlm_ckpt.py dump_or_update_output(): {"uuid", "model": args.model, "creation_date",
  "name": <eval yaml>, "eval_metrics": {"icl": {<task label>: <llm-foundry ICL metric value>}}} plus the
  aggregates written by eval/aggregated_metrics.py (aggregated_task_categories_centered,
  aggregated_centered_results, low_variance_datasets(_centered), rw_small, 95%/99%_CI_above, Core, Extended,
  Core_v1/v2, Extended_v1/v2 ...): averages over tasks, not tasks.
* Model = the "model" field (here a Hugging Face id). Task = a key of eval_metrics.icl. Score = its value, an
  accuracy in [0, 1]; higher is better (centered = (result - baseline) / (1 - baseline)).
"""
import csv, glob, json, os, sys


def main(set_dir):
    rows = []
    for path in sorted(glob.glob(os.path.join(set_dir, "raw", "**", "*.json"), recursive=True)):
        d = json.load(open(path, encoding="utf-8"))
        for task, v in d["eval_metrics"]["icl"].items():
            rows.append([d["model"], task, "accuracy", repr(v), "true"])
    seen = {}
    for r in rows:
        assert (r[0], r[1]) not in seen, r
        seen[(r[0], r[1])] = r
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Independent reader (standard library only) for Beomi/ko-lm-evaluation-harness results/all at b4bd6f6
(an lm-evaluation-harness 0.3 fork for Korean tasks).

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules (quoted in notes.md):
* run_all.sh writes one lm-eval 0.3 results JSON per model and few-shot count:
  --output_path $RESULT_DIR/$MODEL/{0,5,10,50}_shot.json with RESULT_DIR='results/all'.
* Model = the folder results/all/<org>/<name> (the repository's results notebook iterates
  glob('results/all/*/*') and prints one table per folder). config.model_args is NOT the model name:
  several folders are different checkpoints of one Hugging Face repository (beomi/Yi-Ko-6B and
  beomi/Yi-Ko-6B-20B both say pretrained=beomi/Yi-Ko-6B; four llama-2-ko-7b-emb-dev* folders).
* Column = (task, n-shot): the notebook makes one column per shot count (0, 5, 10, 50) and one row per
  task; so a task at another shot count is another task here.
* Metric per task = the notebook's _get_metric_name: first of ['f1', 'macro_f1', 'acc_norm', 'acc']
  whose value is truthy. All are higher is better (the tasks' higher_is_better: acc/macro_f1/f1 True).
"""
import csv, json, os, sys

PRIORITY = ["f1", "macro_f1", "acc_norm", "acc"]


def main(set_dir):
    base = os.path.join(set_dir, "raw", "results", "all")
    rows = []
    for org in sorted(os.listdir(base)):
        for name in sorted(os.listdir(os.path.join(base, org))):
            model = f"{org}/{name}"
            for shot in ("0", "5", "10", "50"):
                p = os.path.join(base, org, name, f"{shot}_shot.json")
                if not os.path.exists(p):
                    continue
                res = json.load(open(p, encoding="utf-8"))["results"]
                for task, v in res.items():
                    m = next((m for m in PRIORITY if v.get(m)), None)
                    if m is None:
                        continue
                    rows.append([model, f"{task} {shot}-shot", m, repr(v[m]), "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

"""Independent reader for harness_fasteval_lmeval_gpt4all_mixed_versions (standard library only).

Folder: raw/reports/lm-evaluation-harness/<org--model>/<evaluation uuid>/{gpt4all.json,total.json}.
gpt4all.json is the raw lm-evaluation-harness output (0.3 keys 'acc'/'acc_norm' or 0.4 keys
'acc,none'/'acc_norm,none'); total.json is FastEval's per-task score:
    score = (acc_norm or acc or acc_norm,none or acc,none) * 100     (lm_evaluation_harness.py)
plus 'average' (mean of the 7 tasks; left out as an aggregate).
Expected: one row per (model folder, task) with the total.json task score (percent, higher is
better). The reader recomputes the score from gpt4all.json with FastEval's rule and stops if the
two disagree.
"""
import csv, json, os, sys

TASKS = ["boolq", "piqa", "hellaswag", "winogrande", "arc_easy", "arc_challenge", "openbookqa"]


def fasteval_rule(m):
    for key in ("acc_norm", "acc", "acc_norm,none", "acc,none"):
        if m.get(key):
            return m[key]
    raise KeyError(m)


def main(set_dir):
    root = os.path.join(set_dir, "raw", "reports", "lm-evaluation-harness")
    rows = []
    for model in sorted(os.listdir(root)):
        runs = sorted(os.listdir(os.path.join(root, model)))
        if len(runs) != 1:
            raise SystemExit(f"{model}: {runs}")
        run = os.path.join(root, model, runs[0])
        with open(os.path.join(run, "total.json"), encoding="utf-8") as f:
            total = json.load(f)
        with open(os.path.join(run, "gpt4all.json"), encoding="utf-8") as f:
            raw = json.load(f)["results"]
        if sorted(total["tasks"]) != sorted(TASKS) or sorted(raw) != sorted(TASKS):
            raise SystemExit(f"{model}: task set differs")
        for task in TASKS:
            score = total["tasks"][task]
            if 100 * fasteval_rule(raw[task]) != score:
                raise SystemExit(f"{model} {task}: gpt4all.json and total.json disagree")
            rows.append((model, task, "acc_norm_or_acc_x100", repr(float(score)), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len(rows), "cells,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

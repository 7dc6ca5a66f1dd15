#!/usr/bin/env python3
"""Independent reader (standard library only) for the Okapi multilingual lm-evaluation-harness fork's
logs (laiviet/lm-evaluation-harness, lm-eval 0.3 line).

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules (quoted in notes.md):
* Every *.json under raw/ is one run of main.py: {"results": {task: {metric: v, metric+"_stderr": se}},
  "versions": {...}, "config": {"model", "model_args", ...}} (lm_eval/evaluator.py of the fork).
* Score of a (model, task) = the FIRST metric listed under the task (the order process_results()
  returns them: acc before acc_norm for the multiple-choice tasks, mc1 before mc2 for TruthfulQA-MC);
  "*_stderr" keys are standard errors, never metrics.
* Direction: MultipleChoiceTask.higher_is_better() = {"acc": True, "acc_norm": True};
  mTruthfulQAMultipleChoice.higher_is_better() = {"mc1": True, "mc2": True}.
* Model = the pretrained= value of config.model_args as given (lm-eval's naming; a local path stays a
  path). Same (model, task) twice with different values would be a conflict (none occurs).
"""
import csv, json, os, sys

HIGHER = {"acc": True, "acc_norm": True, "mc1": True, "mc2": True}


def model_of(doc):
    kv = dict(p.split("=", 1) for p in doc["config"]["model_args"].split(",") if "=" in p)
    return kv["pretrained"]


def main(set_dir):
    cells = {}
    for root, _, files in sorted(os.walk(os.path.join(set_dir, "raw"))):
        for fn in sorted(files):
            if not fn.endswith(".json"):
                continue
            doc = json.load(open(os.path.join(root, fn), encoding="utf-8"))
            model = model_of(doc)
            for task, res in doc["results"].items():
                metric = next(k for k in res if not k.endswith("_stderr"))
                key = (model, task)
                if key in cells and cells[key][1] != res[metric]:
                    raise SystemExit(f"conflict {key}")
                cells[key] = (metric, res[metric])
    rows = [[m, t, met, repr(v), "true" if HIGHER[met] else "false"] for (m, t), (met, v) in sorted(cells.items())]
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

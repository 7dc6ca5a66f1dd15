"""Independent reader for llm_llmbar_evaluator_statistics_folder.

LLMBar (princeton-nlp/LLMBar) meta-evaluation results, as committed by the authors:
    Dataset/LLMBar/<subset>/evaluators/<base_llm>/<prompting_strategy>/statistics.json
with <subset> one of Natural, Adversarial/Neighbor, Adversarial/GPTInst, Adversarial/GPTOut,
Adversarial/Manual. Each subset folder also holds dataset.json (the instances, not results).

Model  = "<base_llm>/<prompting_strategy>" (the evaluator, as the README names it: --evaluator GPT-4/Vanilla)
Task   = the subset path below Dataset/LLMBar ("Natural", "Adversarial/Neighbor", ...)
Score  = "correct_average" (README: average accuracy, Acc.), a string like "95.5%" -> 95.5; higher is better.
Left out: "equal" (positional agreement rate, Agr.), correct_False/True/both (components of Acc.),
kappa_* (Cohen's kappa diagnostics).
"""

import csv
import json
import os
import sys


def main(set_dir):
    root = os.path.join(set_dir, "raw", "Dataset", "LLMBar")
    rows = []
    for dirpath, _, files in os.walk(root):
        if "statistics.json" not in files:
            continue
        rel = os.path.relpath(dirpath, root).split(os.sep)
        i = rel.index("evaluators")
        task = "/".join(rel[:i])
        model = "/".join(rel[i + 1:])
        with open(os.path.join(dirpath, "statistics.json"), encoding="utf-8") as f:
            stats = json.load(f)
        val = stats["correct_average"].strip()
        assert val.endswith("%"), val
        rows.append((model, task, "average accuracy Acc. (%)", val[:-1], "true"))
    order = ["Natural", "Adversarial/Neighbor", "Adversarial/GPTInst", "Adversarial/GPTOut", "Adversarial/Manual"]
    rows.sort(key=lambda r: (r[0], order.index(r[1])))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks,", len(rows), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

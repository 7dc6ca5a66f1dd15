"""Independent reader for NovaSky-AI/SkyThought (branch `corrupt`),
skythought/Qwen2.5-Math/evaluation/outputs/ — output folder of the vendored Qwen2.5-Math
evaluation harness.

Layout written by sh/eval.sh + math_eval.py:
outputs/<MODEL_NAME_OR_PATH>/<dataset>_eval/<dataset>/<split>_<prompt>_..._<prompt>_metrics.json
Model: the path between "outputs/" and "/<dataset>_eval/" (the --model_name_or_path, which may
have several segments: "Qwen/Qwen2.5-14B-Instruct", "home/ubuntu/skyov1-dl/Sky-T1-...",
"icml_models/Sky-T1-math-correct-5K-32B-ckpts/checkpoint-105"). Task: <dataset> (aime24, amc23,
math500, minerva_math, olympiadbench). Score: "acc" (accuracy in %, higher is better).
Left out: num_samples, num_scores, timeout_samples, empty_samples (counts),
time_use_in_second / time_use_in_minite (run time), type_acc (per-subject breakdown of acc).
Only the *_metrics.json files were kept in raw/ (the .jsonl generations were left out).
"""
import csv
import json
import os
import re
import sys


def main(set_dir):
    root = os.path.join(set_dir, "raw", "skythought", "Qwen2.5-Math", "evaluation", "outputs")
    rows = []
    for dirpath, _, files in os.walk(root):
        for fn in files:
            if not fn.endswith("_metrics.json"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, fn), root).replace(os.sep, "/")
            m = re.fullmatch(r"(.+)/([^/]+)_eval/\2/[^/]+_metrics\.json", rel)
            assert m, rel
            model, task = m.group(1), m.group(2)
            with open(os.path.join(dirpath, fn), encoding="utf-8") as f:
                d = json.load(f)
            rows.append((model, task, d["acc"]))
    rows.sort()
    assert len({(r[0], r[1]) for r in rows}) == len(rows)
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, acc in rows:
            w.writerow([model, task, "acc (%)", repr(acc), "true"])
    print(len(rows), "rows", len({r[0] for r in rows}), "models", len({r[1] for r in rows}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

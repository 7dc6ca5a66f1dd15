"""Independent reader for llm_jailbreakbench_attack_artifacts_folder.

JailbreakBench/artifacts: attack-artifacts/<method folder>/<attack_type>/<target model>.json.
Each artifact file holds {"parameters": {..., "attack_success_rate": x, ...}, "jailbreaks": [100 items]}.
Board: rows ("models" of the board) = jailbreak methods, named by their folder (the identifier that
jbb.read_artifact(method=...) takes: DSN, GCG, JBC, PAIR); columns (tasks) = the target LLM, the file
name without .json; score = parameters.attack_success_rate (fraction of the 100 JBB behaviors judged
jailbroken); higher is better for the method (the leaderboard ranks attacks by success).
Left out: attack-info.json (index), DSN/evaluation.json and DSN/submission.json (method-level raw
submission files that repeat the per-target artifacts), the test-artifact folder (placeholder fixture:
"Placeholder Prompt"/"Placeholder Response", one behavior, attack_success_rate 0.5 for 1 jailbreak in
10 prompts), and the counts/tokens/dates in "parameters".
"""

import csv
import json
import os
import sys

SKIP_METHODS = {"test-artifact"}


def main(set_dir):
    root = os.path.join(set_dir, "raw", "attack-artifacts")
    rows = []
    for method in sorted(os.listdir(root)):
        mdir = os.path.join(root, method)
        if not os.path.isdir(mdir) or method in SKIP_METHODS:
            continue
        seen = {}
        for attack_type in sorted(os.listdir(mdir)):
            tdir = os.path.join(mdir, attack_type)
            if not os.path.isdir(tdir):
                continue  # attack-info.json, evaluation.json, submission.json
            for name in sorted(os.listdir(tdir)):
                if not name.endswith(".json"):
                    continue
                target = name[: -len(".json")]
                with open(os.path.join(tdir, name), encoding="utf-8") as f:
                    params = json.load(f)["parameters"]
                assert params["model"] == target, (name, params["model"])
                assert target not in seen, (method, target)  # one artifact per method x target
                seen[target] = attack_type
                rows.append((method, target, "attack_success_rate", repr(params["attack_success_rate"]), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len({r[0] for r in rows}), "methods,", len({r[1] for r in rows}), "targets,", len(rows), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

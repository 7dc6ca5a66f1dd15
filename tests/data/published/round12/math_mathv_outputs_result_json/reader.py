"""Independent reader for mathllm/MATH-V outputs/**/<model>_result.json.

One file per model (nested under outputs/closed-source/<family>/, outputs/open-source/<family>/
and outputs/ itself). Model = file name without "_result.json". Each file maps keys to strings
"correct/total=acc%". Board = the 16 subject keys (no leading "-", no "_level"); score = the
percentage after "=" (higher is better). Left out: "-all" (overall), "-levelN" (difficulty-level
aggregates) and the subject x level cross cells ("<subject>_levelN" and its duplicate
"-levelN_<subject>").
"""
import csv
import json
import os
import re
import sys

CELL = re.compile(r"^(\d+)/(\d+)=([0-9.]+)%$")


def main(set_dir):
    root = os.path.join(set_dir, "raw", "outputs")
    rows = []
    models = set()
    for dirpath, _, files in os.walk(root):
        for fn in sorted(files):
            if not fn.endswith("_result.json"):
                continue
            model = fn[: -len("_result.json")]
            assert model not in models, model
            models.add(model)
            with open(os.path.join(dirpath, fn), encoding="utf-8") as f:
                d = json.load(f)
            for key, cell in d.items():
                if key.startswith("-") or "_level" in key:
                    continue
                m = CELL.match(cell)
                assert m, (fn, key, cell)
                rows.append((model, key, m.group(3)))
    rows.sort()
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, score in rows:
            w.writerow([model, task, "accuracy_percent", score, "true"])
    print(len(rows), "rows", len(models), "models")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

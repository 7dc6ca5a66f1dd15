#!/usr/bin/env python3
"""Independent reader (standard library only) for models/rinna/ of kumapo/lm-evaluation-harness at e756f5b
(a copy of Stability-AI's jp-stable lm-evaluation-harness 0.3 fork: the Japanese LLM leaderboard results).

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules, from scripts/make_leaderboard.py of the same commit (quoted in notes.md):
* Every *.json under models/ is an lm-eval 0.3 results file; only files with exactly 8 results are
  leaderboard rows (`if len(results) != 8: continue`): result.json. result.jsquad-1.2.json (one task, a later
  jsquad version) is not part of the board.
* Model = the folder name (`model_id = os.path.basename(os.path.dirname(file))`), not model_args.
* Task = the results key up to the first '-' (`k = k.split("-")[0]`): jcommonsenseqa-1.1-0.2 and
  jcommonsenseqa-1.1-0.5 (task version 1.1, prompt versions 0.2 / 0.5) are the same leaderboard column.
* Score = acc if present, else exact_match, else rouge2 (the script multiplies acc by 100 for display; the
  score is kept here as published in the file). All higher is better.
"""
import csv, json, os, sys


def main(set_dir):
    rows = []
    for root, _, files in sorted(os.walk(os.path.join(set_dir, "raw"))):
        for fn in sorted(files):
            if not fn.endswith(".json"):
                continue
            d = json.load(open(os.path.join(root, fn), encoding="utf-8"))
            res = d["results"]
            if len(res) != 8:
                continue
            model = os.path.basename(root)
            for k, v in res.items():
                m = next(m for m in ("acc", "exact_match", "rouge2") if m in v)
                rows.append([model, k.split("-")[0], m, repr(v[m]), "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Independent reader (stdlib only) for can-ai-code evaluation logs
(results/closed/eval_junior-v2_python-javascript_chat-simple_none_greedy-openai_<model>_<ts>.ndjson).

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source rules (app.py calculate_summary, quoted in notes.md):
  * one .ndjson file = one run of one model (its records' `model` field; the file name carries the same id
    with '/' written '-');
  * one record = one test of the interview in one language, with `passed` checks of `total`;
  * the leaderboard's Score = sum(passed) / sum(total) over the run's records of the chosen language
    ('Python' / 'JavaScript' views; 'Both' sums over both): higher is better ("Can it code?", 0..1);
  * tasks = the two languages; `status` (PASS/FAIL), `checks`, prompts, answers and code are not scores.
"""
import csv, glob, json, os, sys


def main(set_dir):
    files = sorted(glob.glob(os.path.join(set_dir, "raw", "results", "closed", "eval_*.ndjson")))
    out = []
    for path in files:
        sums = {}
        models = set()
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if not line.strip():
                    continue
                r = json.loads(line)
                models.add(r["model"])
                p, t = sums.get(r["language"], (0, 0))
                sums[r["language"]] = (p + r["passed"], t + r["total"])
        (model,) = models
        for lang in ("python", "javascript"):
            p, t = sums[lang]
            out.append((model, lang, "passed/total", repr(p / t), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

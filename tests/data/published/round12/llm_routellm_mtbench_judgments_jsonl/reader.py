"""Independent reader for llm_routellm_mtbench_judgments_jsonl.

FastChat MT-Bench single-answer-grading judgment file (gpt-4_single.jsonl) committed by
RouteLLM for its comparison of two commercial routers ("martian", "unify").
One JSON object per line: question_id, model, judge, user_prompt, judgment, score, turn, tstamp.

Board: model x (question_id, turn); task name "<question_id>/turn<turn>"; score = the judge's
rating on FastChat's 1-10 scale, higher is better.
A score of -1 is FastChat's marker for a judgment whose rating could not be parsed
(FastChat's show_result drops score == -1), so such a line is a hole, not a result.
"""

import csv
import json
import os
import sys


def main(set_dir):
    path = os.path.join(set_dir, "raw", "benchmarks", "mt-bench", "gpt-4_single.jsonl")
    out = []
    seen = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            if r["score"] == -1:
                continue
            key = (r["model"], f"{r['question_id']}/turn{r['turn']}")
            assert key not in seen, key
            seen.add(key)
            out.append((r["model"], key[1], "MT-Bench GPT-4 single-answer score (1-10)", r["score"], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len({r[0] for r in out}), "models,", len({r[1] for r in out}), "tasks,", len(out), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader: FastChat llm_judge single-answer grading file (gpt-4_single.jsonl).

One JSON object per line: question_id, model, judge, user_prompt, judgment, score, turn, tstamp.
Board: model x (question_id, turn); score = GPT-4 rating on a 1-10 scale, higher is better.
Rows with score == -1 (judge output could not be parsed) are not results (show_result.py drops
them); this file has none. No duplicate (model, question_id, turn) keys exist in this file; the
reader refuses to guess if one appears.
"""
import csv
import json
import os
import sys

REL = "raw/fastchat/llm_judge/data/mt_bench/model_judgment/gpt-4_single.jsonl"


def main(set_dir):
    cells = {}
    order_m, order_t = [], []
    with open(os.path.join(set_dir, REL), encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            if r["score"] == -1:
                continue
            model = r["model"].strip()
            task = f"{r['question_id']}_turn{r['turn']}"
            key = (model, task)
            if key in cells:
                raise SystemExit(f"duplicate judgment for {key}")
            cells[key] = r["score"]
            if model not in order_m:
                order_m.append(model)
            if task not in order_t:
                order_t.append(task)
    order_t.sort(key=lambda t: (int(t.split("_")[0]), t))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for m in order_m:
            for t in order_t:
                if (m, t) in cells:
                    w.writerow([m, t, "score", cells[(m, t)], "true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

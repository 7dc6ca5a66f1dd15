#!/usr/bin/env python3
"""Independent reader (standard library only) for a FastChat llm_judge single-answer grading file
(AUGMXNT/FastChat at aedb44e, data/japanese_mt_bench/model_judgment/gpt-4_single.jsonl).

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules (quoted in notes.md):
* One JSON record a line: question_id, model, judge [judge model, prompt name], user_prompt, judgment,
  score, turn, tstamp (common.py play_a_match_single: result = {"question_id":..., "model":..., "judge":
  (judge.model_name, judge.prompt_template["name"]), ..., "score": score, "turn": turn, "tstamp": time.time()}).
* score = the judge's 1-10 rating ("[[評価]]"), -1 when it could not be parsed; show_result.py drops
  score == -1 and averages score per (model, turn): higher is better.
* Board: model x question (task = "q<question_id>", turn 1 only here). A (model, question, turn) judged
  more than once is a repeated judgment: the cell is the mean of its scores (show_result.py averages every
  row). "single-v1" and "single-math-v1" are two judge prompts on the same 1-10 scale (math questions get a
  reference answer), not two metrics.
"""
import csv, json, os, sys
from collections import defaultdict

PATH = os.path.join("raw", "fastchat", "llm_judge", "data", "japanese_mt_bench", "model_judgment", "gpt-4_single.jsonl")


def main(set_dir):
    cells = defaultdict(list)
    order_m, order_q = {}, {}
    for line in open(os.path.join(set_dir, PATH), encoding="utf-8"):
        if not line.strip():
            continue
        r = json.loads(line)
        if r["score"] == -1:
            continue
        order_m.setdefault(r["model"], len(order_m))
        task = f"q{r['question_id']}" + ("" if r["turn"] == 1 else f"_turn{r['turn']}")
        order_q.setdefault(task, len(order_q))
        cells[(r["model"], task)].append(r["score"])
    rows = []
    for (m, t), v in sorted(cells.items(), key=lambda kv: (order_m[kv[0][0]], order_q[kv[0][1]])):
        s = v[0] if len(v) == 1 else sum(v) / len(v)
        rows.append([m, t, "score", repr(s), "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

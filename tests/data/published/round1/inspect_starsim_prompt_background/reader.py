#!/usr/bin/env python3
"""Independent reader (standard library only) for inspect_starsim_prompt_background.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

The raw files are inspect-ai `.eval` logs (zip archives). Each log's `header.json` holds the
EvalLog header: eval.task, eval.model, eval.task_args, status, results.scores.

Reading defined by the source (starsimhub/scipy2026_starsim_ai @ cd2207d,
analysis/eval_performance.py, "Figure 2: Pass rate vs. model for LLM benchmark"):
    df_task = df_eval[df_eval['task_name'] == 'starsim_benchmark']
    sns.barplot(x='model', y='score_headline_value', data=df_task, ax=ax, hue='task_arg_with_background')
    ax.set_ylabel('Pass rate')
so: model = eval.model, task = the with_background task argument, score = inspect's headline
(results.scores[0], its first metric: `mean` of starsim_scorer), higher is better (a pass rate).
`with_test_cases` is absent from the four logs of 2026-02-20 and False in the others: the
argument was added on 2026-02-21 with "Defaults to False for LLM (preserving current
behavior)" (commit 95b17ef), so both spellings are the same condition and are not separate tasks.
"""
import csv
import json
import os
import sys
import zipfile


def main(set_dir):
    rows, seen = [], set()
    root = os.path.join(set_dir, "raw")
    for dirpath, _, files in os.walk(root):
        for fn in sorted(files):
            if not fn.endswith(".eval"):
                continue
            with zipfile.ZipFile(os.path.join(dirpath, fn)) as z:
                h = json.loads(z.read("header.json"))
            if h["status"] != "success":
                raise SystemExit("%s: status %r" % (fn, h["status"]))
            ev = h["eval"]
            if ev["task"] != "starsim_benchmark":
                continue
            args = ev.get("task_args") or {}
            if args.get("with_test_cases", False) is not False:
                raise SystemExit("%s: with_test_cases=%r" % (fn, args["with_test_cases"]))
            task = "starsim_benchmark(with_background=%s)" % args["with_background"]
            first = h["results"]["scores"][0]
            metric, m = next(iter(first["metrics"].items()))
            key = (ev["model"], task)
            if key in seen:
                raise SystemExit("duplicate %r" % (key,))
            seen.add(key)
            rows.append((ev["model"], task, first["name"] + "/" + metric, m["value"], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for r in sorted(rows):
            w.writerow([r[0], r[1], r[2], repr(float(r[3])), r[4]])
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

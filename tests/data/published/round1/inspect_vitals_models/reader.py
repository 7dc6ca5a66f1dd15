#!/usr/bin/env python3
"""Independent reader (standard library only) for inspect_vitals_models.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/pkgdown/assets/example-logs/vitals/logs/ holds two inspect-format JSON logs written by the R
package vitals (not by inspect_ai) and the `logs.json` manifest of the bundled viewer.
Each log: eval.task "An-R-Eval", eval.model (claude-3-7-sonnet-latest / gpt-4o), one scorer
`model_graded_qa(partial_credit = TRUE)` whose metric "accuracy" vitals computes as
`accuracy <- function(...) { mean(...) * 100 }` over C=1, P=0.5, I=0 (R/utils.R, R/task.R):
a PERCENT, higher is better.

Reading (vignettes/vitals.Rmd: `vitals_bind(are_task, are_task_openai) |> mutate(task = if_else(task == "are_task", "Claude", "GPT-4o")) |> rename(model = task)`):
model = eval.model, task = eval.task, score = results.scores[0]'s first metric ("accuracy"),
as published (59.6154), higher is better. logs.json repeats the two headers: read the logs only.
"""
import csv
import json
import os
import sys


def main(set_dir):
    rows, seen = [], set()
    for dirpath, _, files in os.walk(os.path.join(set_dir, "raw")):
        for fn in sorted(files):
            if not fn.endswith(".json") or fn == "logs.json":
                continue
            with open(os.path.join(dirpath, fn), encoding="utf-8") as f:
                log = json.load(f)
            if log["status"] != "success":
                raise SystemExit("%s: status %r" % (fn, log["status"]))
            ev = log["eval"]
            first = log["results"]["scores"][0]
            metric, m = next(iter(first["metrics"].items()))
            key = (ev["model"], ev["task"])
            if key in seen:
                raise SystemExit("duplicate %r" % (key,))
            seen.add(key)
            rows.append((ev["model"], ev["task"], metric, m["value"], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for r in sorted(rows):
            w.writerow([r[0], r[1], r[2], repr(float(r[3])), r[4]])
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Independent reader (standard library only) for inspect_vitals_solvers.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/pkgdown/assets/example-logs/solvers/logs/ holds two inspect-format JSON logs written by the R
package vitals for the article "solvers" (vignettes/articles/solvers.Rmd), plus `logs.json`.
Both logs have eval.model "claude-3-7-sonnet-latest" and eval.task "An-R-Eval": what differs is
the SOLVER (plan.steps[0].solver): "btw_solver" (the model may read R documentation through tools)
vs "generate(solver_chat = sonnet_3_7$clone())" (plain generation). The article compares them:
    vitals_bind(btw = are_btw, basic = are_basic) |>
      # and, in this case, different tasks correspond to different solvers
      rename(solver = task)
    are_mod <- clm(score ~ solver, data = are_eval_data)

Reading: contestant = plan.steps[0].solver (as written in the log), task = eval.task, score =
results.scores[0]'s first metric "accuracy" (vitals: `mean(...) * 100` over C=1, P=0.5, I=0), a
percent, higher is better. logs.json repeats the two headers: read the logs only.
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
            steps = log["plan"]["steps"]
            assert len(steps) == 1, steps
            solver = steps[0]["solver"]
            task = log["eval"]["task"]
            first = log["results"]["scores"][0]
            metric, m = next(iter(first["metrics"].items()))
            if (solver, task) in seen:
                raise SystemExit("duplicate %r" % ((solver, task),))
            seen.add((solver, task))
            rows.append((solver, task, metric, m["value"], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for r in sorted(rows):
            w.writerow([r[0], r[1], r[2], repr(float(r[3])), r[4]])
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

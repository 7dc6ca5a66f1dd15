#!/usr/bin/env python3
"""Independent reader (standard library only) for multiling_euroeval_european_language_ranks.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/leaderboards/european_all.csv is EuroEval's European (all-languages) leaderboard, written by
src/leaderboards/leaderboard_generation.py (EuroEval/leaderboards):
  line 1: a title row ("Task Type", a hidden "dummy" cell, empty cells);
  line 2: the header: Model, Type, Rank, European Values, metadata columns, then one column per
          language (leaderboard_configs/european.yaml lists 30 languages);
  then one row per model.
A leaderboard with several languages gets `rank_cols = ["rank"] + list(leaderboard_configs)`,
each written f"{value:.2f}@@{value:.2f}" or "-@@100" when not finite ("just a large number", so
that missing values sort last).  The per-language value is the model's language rank score from
score_computation.compute_ranks: every dataset's best model gets `rank_score = 1.0`, each model
significantly worse than the previous one adds `difference / stddev`; task ranks are means of
dataset ranks, language ranks means of task ranks, and `overall` (the Rank column) the mean of
the language ranks; the table is sorted by it ascending.  So LOWER IS BETTER.

Reading: model = the Model cell's text with HTML tags removed; tasks = the 30 language columns;
score = the language rank score (the value after "@@"), lower is better; "-@@100" is missing
(no row).  Rank (the mean over languages) and European Values ("orthogonal", not ranked) and the
metadata columns are left out.
"""
import csv
import os
import re
import sys

TAG = re.compile(r"<[^>]*>")
META = {"Model", "Type", "Rank", "European Values", "Parameters", "Vocabulary", "Context",
        "Commercial", "Merge", "Open", "Trained from scratch"}


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "leaderboards", "european_all.csv"),
              newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header = [TAG.sub("", h).strip() for h in rows[1]]
    tasks = [h for h in header if h not in META]
    assert len(tasks) == 30, tasks
    out, seen = [], set()
    for r in rows[2:]:
        model = TAG.sub("", r[0]).strip()
        if model in seen:
            raise SystemExit("duplicate %r" % model)
        seen.add(model)
        rec = dict(zip(header, r))
        for t in tasks:
            cell = rec[t]
            if cell == "-@@100":
                continue
            shown, sort_value = cell.split("@@")
            assert float(shown) == float(sort_value), (model, t, cell)
            out.append((model, t, "rank_score", repr(float(sort_value)), "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models" % (len(out), len({o[0] for o in out})))


if __name__ == "__main__":
    main(sys.argv[1])

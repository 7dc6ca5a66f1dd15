#!/usr/bin/env python3
"""Independent reader (standard library only) for multiling_euroeval_danish_all_csv.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/leaderboards/danish_all.csv is EuroEval's Danish leaderboard ("all" category), written by
src/leaderboards/leaderboard_generation.py (EuroEval/leaderboards):
  line 1: a title row (task types as HTML links, "Task Type", a hidden "dummy" cell);
  line 2: the header (Model, Type, Rank, European Values, metadata, one column per dataset as an
          HTML link, then <dataset>_version columns);
  then one row per model.
A dataset cell is f"{total_score:,.2f} ± {std_err:,.2f}" for the primary and then the secondary
metric, joined by " / ", then f"@@{main_score:.2f}" (main_score = the primary metric's score,
the sort value); a missing dataset is "-@@-1".  compute_ranks sorts each dataset's scores
with reverse=True: higher is better.  Rank ("{v:.2f}@@{v:.2f}" or "-@@100") is the aggregate
rank score; European Values is "orthogonal" ("not involved in the ranking calculation").

Reading: model = the Model cell's text with HTML tags removed; tasks = the 8 dataset columns
(header link text); score = the primary metric (the value after "@@"), higher is better;
"-@@-1" is missing (no row).
"""
import csv
import os
import re
import sys

TAG = re.compile(r"<[^>]*>")
META = {"Model", "Type", "Rank", "European Values", "Parameters", "Vocabulary", "Context",
        "Commercial", "Merge", "Open", "Trained from scratch"}
# task_config.yaml: primary_metric per task; leaderboard_configs/danish.yaml: task -> datasets
PRIMARY = {"angry_tweets": "mcc", "dansk": "micro_f1_no_misc", "scala_da": "mcc",
           "multi_wiki_qa_da": "f1", "nordjylland_news": "chr_f3pp",
           "danske_talemaader": "mcc", "danish_citizen_tests": "mcc", "hellaswag_da": "mcc"}


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "leaderboards", "danish_all.csv"),
              newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header = [TAG.sub("", h).strip() for h in rows[1]]
    tasks = [h for h in header if h not in META and not h.endswith("_version")]
    assert tasks == list(PRIMARY), tasks
    out, seen = [], set()
    for r in rows[2:]:
        model = TAG.sub("", r[0]).strip()
        if model in seen:
            raise SystemExit("duplicate %r" % model)
        seen.add(model)
        rec = dict(zip(header, r))
        for t in tasks:
            cell = rec[t]
            if cell == "-@@-1":
                continue
            shown, sort_value = cell.split("@@")
            first = shown.split(" ± ")[0].replace(",", "")
            assert float(first) == float(sort_value), (model, t, cell)
            out.append((model, t, PRIMARY[t], repr(float(sort_value)), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models" % (len(out), len({o[0] for o in out})))


if __name__ == "__main__":
    main(sys.argv[1])

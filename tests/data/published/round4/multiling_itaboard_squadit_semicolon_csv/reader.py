#!/usr/bin/env python3
"""Independent reader (standard library only) for multiling_itaboard_squadit_semicolon_csv.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/leaderboard.csv: the Open Ita LLM Leaderboard table, SEMICOLON-separated (app.py:
`pd.read_csv(csv_filename, sep=';')`), header `model types;model;F1;EM;sponsor`.
  * model      = the `model` column (Hugging Face ids);
  * F1, EM     = SQuAD-it scores (eval/squad_it.ipynb: `metric = evaluate.load("squad")`, whose
                 compute() returns `exact_match` and `f1`, in percent); higher is better
                 ("ordinati per F1 Score e EM (Exact Match)");
  * `model types` (fine-tuned / merge / peft) and `sponsor` (URL or empty) are not scores.
Both score columns are measurements of the one task (SQuAD-it); each is written as its own column
(task = the column name) so a model x column board keeps both.
"""
import csv
import os
import sys


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "leaderboard.csv"), encoding="utf-8", newline="") as f:
        table = list(csv.DictReader(f, delimiter=";"))
    rows = []
    for r in table:
        for col in ("F1", "EM"):
            v = r[col].strip()
            if v:
                rows.append((r["model"].strip(), col, col, v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

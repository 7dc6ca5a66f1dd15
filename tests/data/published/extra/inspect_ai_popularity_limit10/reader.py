#!/usr/bin/env python3
"""Independent reader (standard library only) for inspect_ai_popularity_limit10.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/tests/scorer/logs/*.eval are inspect-ai logs (zip archives); header.json holds eval.model,
eval.task and results.scores. Reading: model = eval.model, task = eval.task, score = the headline
(the first metric of the first score: match/accuracy), higher is better. The run is a --limit run
(eval.config.limit), which the score is over; that is said, not a different score.
"""
import csv
import json
import os
import sys
import zipfile


def main(set_dir):
    rows = []
    for dirpath, _, files in os.walk(os.path.join(set_dir, "raw")):
        for fn in sorted(files):
            if not fn.endswith(".eval"):
                continue
            with zipfile.ZipFile(os.path.join(dirpath, fn)) as z:
                h = json.loads(z.read("header.json"))
            if h["status"] != "success":
                raise SystemExit("%s: status %r" % (fn, h["status"]))
            first = h["results"]["scores"][0]
            metric, m = next(iter(first["metrics"].items()))
            rows.append((h["eval"]["model"], h["eval"]["task"], first["name"] + "/" + metric, m["value"], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for r in sorted(rows):
            w.writerow([r[0], r[1], r[2], repr(float(r[3])), r[4]])
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

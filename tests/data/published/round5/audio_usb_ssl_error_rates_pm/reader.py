#!/usr/bin/env python3
"""Independent reader (standard library only) for audio_usb_ssl_error_rates_pm.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/results/usb_audio.csv (microsoft/Semi-supervised-learning): BOM, empty first header cell, one row per
algorithm, one column per <dataset>_<n labels>, cells "mean±std" over 3 seeds.  results/README.md: "We report
the best error rate" -> lower is better.  Score = the mean before "±".
"""
import csv
import os
import sys


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "results", "usb_audio.csv"), encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    assert header[0] == "", header
    out = []
    for r in rows[1:]:
        if not r:
            continue
        for task, cell in zip(header[1:], r[1:]):
            cell = cell.strip()
            if not cell or cell == "None":
                continue
            mean = cell.split("±")[0]
            float(mean)
            out.append((r[0], task, "error rate (%)", mean, "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models, %d tasks" % (len(out), len({o[0] for o in out}), len({o[1] for o in out})))


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Independent reader (standard library only) for vision_imagenet_testbed_robustness_top1s.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/robustness_top1s.csv (modestyachts/imagenet-testbed): written by plotting/export_raw_top1s.py
(`df.to_csv(target)`, the DataFrame index = model), which prints "this script will export raw top-1 model
accuracies without any metadata".  Header `model,<213 evaluation settings>`; one row per ImageNet model; cells
are top-1 accuracy in percent (0-100), empty where the model was not evaluated on that setting.

Reading: contestant = `model`; task = each evaluation-setting column; score = the cell as published; higher
is better (accuracy); an empty cell writes no row.
"""
import csv
import os
import sys


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "robustness_top1s.csv"), newline="", encoding="utf-8") as f:
        table = list(csv.reader(f))
    header = table[0]
    assert header[0] == "model"
    rows = []
    for r in table[1:]:
        for task, value in zip(header[1:], r[1:]):
            if value == "":
                continue
            v = float(value)
            assert 0.0 <= v <= 100.0
            rows.append((r[0], task, "top-1 accuracy (%)", value, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows, %d models, %d tasks" % (len(rows), len({r[0] for r in rows}), len({r[1] for r in rows})))


if __name__ == "__main__":
    main(sys.argv[1])

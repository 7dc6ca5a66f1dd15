#!/usr/bin/env python3
"""Independent reader (standard library only) for vision_imgclsmob_keras_top_errors.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/keras_/README.md (osmr/imgclsmob, kerascv package page): prose, a bulleted model list, install/usage code
blocks, then `## Pretrained models (ImageNet-1K)` with remarks and one Markdown table
`| Model | Top1 | Top5 | Params | FLOPs/2 | Remarks |`, then Markdown link references.
The remarks say: "Top1/Top5 are the standard 1-crop Top-1/Top-5 errors (in percents) on the validation
subset of the ImageNet-1K dataset." -> errors: lower is better (eval_ke.py: `err_top1_val = 1.0 - score[1]`).

Reading: contestant = Model cell; tasks = ImageNet-1K Top1 error, ImageNet-1K Top5 error; score = the cell
as published (percent error), lower is better; Params (parameter count), FLOPs/2 (compute) and Remarks
(provenance text) are not scores.
"""
import csv
import os
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "keras_", "README.md"), encoding="utf-8") as f:
        table = [l for l in f.read().splitlines() if l.startswith("|")]
    header = cells(table[0])
    assert header == ["Model", "Top1", "Top5", "Params", "FLOPs/2", "Remarks"], header
    rows = []
    for line in table[2:]:
        c = cells(line)
        for col, task in ((1, "ImageNet-1K Top1 error"), (2, "ImageNet-1K Top5 error")):
            float(c[col])
            rows.append((c[0], task, header[col] + " error (%)", c[col], "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows, %d models" % (len(rows), len({r[0] for r in rows})))


if __name__ == "__main__":
    main(sys.argv[1])

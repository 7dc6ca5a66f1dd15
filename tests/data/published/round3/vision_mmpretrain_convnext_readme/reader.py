#!/usr/bin/env python3
"""Independent reader (standard library only) for vision_mmpretrain_convnext_readme.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/configs/convnext/README.md is the model page of ConvNeXt in mmpretrain (rendered from
metafile.yml by .dev_scripts/generate_readme.py): prose, HTML, python/shell blocks, then
'## Models and results' with two Markdown tables:
  '### Pretrained models'            | Model | Params (M) | Flops (G) | Config | Download |   (no scores)
  '### Image Classification on ImageNet-1k'
      | Model | Pretrain | Params (M) | Flops (G) | Top-1 (%) | Top-5 (%) | Config | Download |
Model cells are written `` `convnext-tiny_32xb128_in1k` `` with a footnote marker `\\*` for models
"converted from the official repo".

Reading: contestant = the model name (backticks and the `\\*` marker removed); task = ImageNet-1k (the
heading of the only results table); score = Top-1 (%), higher is better; Top-5, Params, Flops,
Pretrain, links left out; the 'Pretrained models' table has no score and gives no rows.
"""
import csv
import os
import sys

PATH = ("raw", "configs", "convnext", "README.md")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, *PATH), encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows, section, header = [], None, None
    for line in lines:
        if line.startswith("### "):
            section, header = line[4:].strip(), None
            continue
        if not line.startswith("|") or section != "Image Classification on ImageNet-1k":
            continue
        c = cells(line)
        if header is None:
            header = c
            continue
        if set(c[0]) <= set(":- "):
            continue
        name = c[0].replace("\\*", "").strip().strip("`")
        v = c[header.index("Top-1 (%)")]
        if v:
            rows.append((name, "ImageNet-1k", "Top-1 (%)", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

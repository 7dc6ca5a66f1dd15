#!/usr/bin/env python3
"""Independent reader (standard library only) for vision_yolox_readme_coco_map_legacy_details.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/README.md (Megvii-BaseDetection/YOLOX), "## Benchmark": four pipe tables.  The current ones are
"#### Standard Models." (mAP val 0.5:0.95 and mAP test 0.5:0.95 on COCO) and "#### Light Models."
(mAP val only); each is followed by a <details><summary>Legacy models</summary> table of the superseded
weights (same model names, older numbers), which is left out.  size, Speed V100 (ms), Params (M),
FLOPs (G) and weights are not scores.  mAP is higher-is-better.  Cells may be bold (**51.5**).
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    end = lines.index("## Quick Start")
    out, in_details, header = [], False, None
    for line in lines[lines.index("## Benchmark"):end]:
        s = line.strip()
        if s.startswith("<details>"):
            in_details = True
        elif s.startswith("</details>"):
            in_details = False
        if not s.startswith("|"):
            header = None
            continue
        c = cells(s)
        if c[0] == "Model":
            header = [re.sub(r"<[^>]+>", " ", h) for h in c]
            header = [re.sub(r"\s+", " ", h).strip() for h in header]
            continue
        if set(s.replace("|", "").replace(" ", "")) <= set("-:"):
            continue
        if in_details or header is None:
            continue
        model = re.match(r"\[([^\]]+)\]", c[0]).group(1)
        for h, v in zip(header, c):
            if h.startswith("mAP"):
                v = v.replace("*", "").strip()
                float(v)
                split = "val" if "val" in h else "test"
                out.append((model, "COCO %s mAP 0.5:0.95" % split, "mAP 0.5:0.95", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models, %d tasks" % (len(out), len({o[0] for o in out}), len({o[1] for o in out})))


if __name__ == "__main__":
    main(sys.argv[1])

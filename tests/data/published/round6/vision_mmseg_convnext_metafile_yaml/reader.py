#!/usr/bin/env python3
"""Independent reader (standard library only) for vision_mmseg_convnext_metafile_yaml.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/configs/convnext/metafile.yaml (open-mmlab/mmsegmentation): an OpenMMLab model-index YAML,
`Models:` a list of entries with `Name` (the config = the model), `Results: {Task, Dataset, Metrics:
{mIoU, mIoU(ms+flip)}}` and `Metadata` (Training Data, Batch Size, Architecture, Training Resources,
Memory (GB): not scores).  Task = Dataset (ADE20K for all); metrics mIoU (single-scale) and
mIoU(ms+flip) (multi-scale + flip test), both mean IoU in %, higher is better.
Parsed line by line (no YAML library): the file uses a fixed two-space layout.
"""
import csv
import os
import sys


def main(set_dir):
    path = os.path.join(set_dir, "raw", "configs", "convnext", "metafile.yaml")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    out, name, dataset, in_metrics = [], None, None, False
    for line in lines:
        if line.startswith("- Name: "):
            name, dataset, in_metrics = line[len("- Name: "):].strip(), None, False
        elif line.startswith("    Dataset: "):
            dataset = line.split(":", 1)[1].strip()
        elif line == "    Metrics:":
            in_metrics = True
        elif in_metrics and line.startswith("      "):
            key, val = line.strip().rsplit(": ", 1)
            float(val)
            out.append((name, "%s %s" % (dataset, key), key, val, "true"))
        else:
            in_metrics = False
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models, %d tasks" % (len(out), len({o[0] for o in out}), len({o[1] for o in out})))


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Independent reader (standard library only) for vision_mmpretrain_convnext_metafile.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/configs/convnext/metafile.yml is an OpenMMLab model-index metafile: `Collections:` (one paper
entry, no results) then `Models:`, a list of checkpoints, each with `Name`, `Metadata` (FLOPs,
Parameters, training data), `Results` (a list of {Dataset, Metrics: {Top 1 Accuracy, Top 5 Accuracy},
Task}) or `Results: null` (ImageNet-21k pre-training checkpoints, never evaluated), `Weights`,
`Config`, `Converted From`.

Reading: contestant = model `Name`; task = the result's `Dataset` (ImageNet-1k, the only one here);
score = `Top 1 Accuracy` (percent; the README model-zoo tables show it as 'Top-1 (%)'), higher is
better; Top 5 Accuracy, FLOPs and Parameters are left out; models with `Results: null` write no row.
The YAML is parsed by indentation (the file uses only block mappings and lists).
"""
import csv
import os
import sys

PATH = ("raw", "configs", "convnext", "metafile.yml")


def main(set_dir):
    with open(os.path.join(set_dir, *PATH), encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows, in_models, model, dataset, seen = [], False, None, None, []
    for line in lines:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        text = line.strip()
        if indent == 0:
            in_models = text == "Models:"
            continue
        if not in_models:
            continue
        if indent == 2 and text.startswith("- Name:"):
            model, dataset = text.split(":", 1)[1].strip(), None
            if model in seen:
                raise SystemExit("duplicate model %r" % model)
            seen.append(model)
        elif indent == 6 and text.startswith("- Dataset:"):
            dataset = text.split(":", 1)[1].strip()
        elif indent == 10 and text.startswith("Top 1 Accuracy:") and dataset:
            rows.append((model, dataset, "Top 1 Accuracy", text.split(":", 1)[1].strip(), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows; %d models in the file" % (len(rows), len(seen)))


if __name__ == "__main__":
    main(sys.argv[1])

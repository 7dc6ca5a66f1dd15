#!/usr/bin/env python3
"""Independent reader (stdlib only) for an OpenMMLab model-index metafile
(open-mmlab/mmdetection configs/mask_rcnn/metafile.yml, v2.x layout).

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source rules (quoted in notes.md):
  * `Models:` is a list of records; each record's `Name` is the model (= its config file's stem).
  * each model's `Results:` is a list of {Task, Dataset, Metrics: {metric: value}}; a task is one
    (Dataset, Task, metric) triple: here `COCO / Object Detection / box AP` and
    `COCO / Instance Segmentation / mask AP`; values are COCO AP in percent, higher is better.
  * `Metadata` (Training Memory (GB), inference time (s/im), Epochs), `Config`, `Weights`,
    `In Collection` and the `Collections:` block are not scores.
"""
import csv, os, re, sys

LINE = re.compile(r"^(\s*)(-\s+)?([^:]+):\s*(.*?)\s*$")


def main(set_dir):
    path = os.path.join(set_dir, "raw", "configs", "mask_rcnn", "metafile.yml")
    out, section, model, task, dataset, metrics_indent = [], None, None, None, None, None
    with open(path, encoding="utf-8") as fh:
        for raw in fh:
            if not raw.strip():
                continue
            m = LINE.match(raw.rstrip("\n"))
            if not m:
                continue
            indent = len(m.group(1)) + (len(m.group(2)) if m.group(2) else 0)
            key, value = m.group(3).strip(), m.group(4)
            if indent == 0:
                section = key
                continue
            if section != "Models":
                continue
            if metrics_indent is not None:
                if indent > metrics_indent:
                    out.append((model, f"{dataset}/{task}/{key}", key, repr(float(value)), "true"))
                    continue
                metrics_indent = None
            if m.group(2) and key == "Name":
                model, task, dataset = value, None, None
            elif key == "Task":
                task = value
            elif key == "Dataset":
                dataset = value
            elif key == "Metrics":
                metrics_indent = indent
    seen = set()
    for r in out:
        assert (r[0], r[1]) not in seen, r
        seen.add((r[0], r[1]))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

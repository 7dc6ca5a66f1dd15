#!/usr/bin/env python3
"""Independent reader (stdlib only) for LAION-AI/CLIP_benchmark benchmark/benchmark.csv.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Long table (one row per model x dataset; `clip_benchmark build` output). Source rules (notes.md):
  * model = model_fullname (= "<model> <pretrained>");
  * zero-shot classification datasets: acc1 (the notebook's headline metric), except the multi-label
    voc2007_multilabel whose only metric is mean_average_precision;
  * zero-shot retrieval datasets: image_retrieval_recall@5 and text_retrieval_recall@5, two
    directions of retrieval shown as two tables by the notebook -> two tasks per dataset;
  * all higher is better; acc5 and mean_per_class_recall are secondary metrics (left out).
"""
import csv, os, sys


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "benchmark", "benchmark.csv"), newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    out = []
    for r in rows:
        m = r["model_fullname"]
        if r["task"] == "zeroshot_retrieval":
            for metric in ("image_retrieval_recall@5", "text_retrieval_recall@5"):
                if r[metric].strip():
                    out.append((m, f"{r['dataset']}/{metric}", metric, repr(float(r[metric])), "true"))
        elif r["task"] == "zeroshot_classification":
            metric = "acc1" if r["acc1"].strip() else "mean_average_precision"
            if r[metric].strip():
                out.append((m, r["dataset"], metric, repr(float(r[metric])), "true"))
        else:
            raise ValueError(r["task"])
    out.sort()
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

#!/usr/bin/env python3
"""Independent reader (standard library only) for retrieval_pyserini_bright_2cr_yaml.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/pyserini/2cr/bright.yaml is Pyserini's "two-click reproduction" (2cr) matrix for BRIGHT:
`conditions:` a list of retrieval conditions, each {name, display..., command, datasets: [{dataset,
scores: [{nDCG@10, R@100, R@1000?}]}]}.  pyserini/2cr/bright.py (`metrics = ['nDCG@10', 'R@100',
'R@1000']`, trec_eval `ndcg_cut.10`, `recall.100`, `recall.1000`) checks each run against these
expected scores and renders the HTML page with nDCG@10 and R@100 per condition.

Reading: contestant = condition `name`; task = `dataset` (12 BRIGHT domains); score = nDCG@10 (the
first metric, BRIGHT's headline), higher is better; R@100 and R@1000 left out; `command`, `display*`
left out.  The YAML is parsed by indentation (block style only in this file).
"""
import csv
import os
import sys

PATH = ("raw", "pyserini", "2cr", "bright.yaml")


def main(set_dir):
    with open(os.path.join(set_dir, *PATH), encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows, cond, dataset, seen = [], None, None, set()
    for line in lines:
        text = line.strip()
        indent = len(line) - len(line.lstrip(" "))
        if indent == 2 and text.startswith("- name:"):
            cond = text.split(":", 1)[1].strip().strip('"')
            if cond in seen:
                raise SystemExit("duplicate condition %r" % cond)
            seen.add(cond)
        elif indent == 6 and text.startswith("- dataset:"):
            dataset = text.split(":", 1)[1].strip()
        elif indent == 10 and text.startswith("- nDCG@10:"):
            rows.append((cond, dataset, "nDCG@10", text.split(":", 1)[1].strip(), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows, %d conditions" % (len(rows), len(seen)))


if __name__ == "__main__":
    main(sys.argv[1])

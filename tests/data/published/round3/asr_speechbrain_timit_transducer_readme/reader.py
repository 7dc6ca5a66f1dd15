#!/usr/bin/env python3
"""Independent reader (standard library only) for asr_speechbrain_timit_transducer_readme.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/recipes/TIMIT/ASR/transducer/README.md: a recipe README (prose, shell blocks, a BibTeX block)
with one Markdown results table under '# Results':
  | Release | hyperparams file | Val. PER | Test PER | Model link | GPUs |
Each row is one trained system, identified by its `hyperparams file` (train.yaml, train_wav2vec2.yaml);
`Release` is a date (written 2021-02-06 and 21-04-16), `Model link` a URL, `GPUs` hardware.
PER = phoneme error rate (%); train.py keeps checkpoints with `min_keys=["PER"]`: lower is better.

Reading: contestant = `hyperparams file`; tasks = Val. PER, Test PER; lower is better.
"""
import csv
import os
import sys

PATH = ("raw", "recipes", "TIMIT", "ASR", "transducer", "README.md")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, *PATH), encoding="utf-8") as f:
        table = [l for l in f.read().splitlines() if l.startswith("|")]
    header = cells(table[0])
    m = header.index("hyperparams file")
    rows = []
    for line in table[2:]:
        c = cells(line)
        for task in ("Val. PER", "Test PER"):
            v = c[header.index(task)]
            if v:
                rows.append((c[m], task, "PER", v, "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

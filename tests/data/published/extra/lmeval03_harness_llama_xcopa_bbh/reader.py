#!/usr/bin/env python3
"""Independent reader (standard library only) for lmeval03_harness_llama_xcopa_bbh.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/results/llama/llama-<size>/ holds two lm-eval 0.3 results files per model (the harness's own
archived runs): llama-<size>_xcopa_0-shot.json (11 xcopa_* tasks, metric acc) and
llama-<size>_bbh_3-shot.json (bigbench_* tasks, metric multiple_choice_grade). The reading asked for
is the xcopa tasks only (`--tasks 'xcopa_*'`): model = pretrained= of config.model_args (as the
neighbouring set harness_llama_csr names them), task = the results key, score = acc, higher is
better (lm-eval 0.3's xcopa task subclasses COPA, whose higher_is_better is {"acc": True}).
"""
import csv
import json
import os
import sys


def main(set_dir):
    rows = []
    for dirpath, _, files in os.walk(os.path.join(set_dir, "raw")):
        for fn in sorted(files):
            if not fn.endswith("_xcopa_0-shot.json"):
                continue
            with open(os.path.join(dirpath, fn), encoding="utf-8") as f:
                data = json.load(f)
            args = dict(p.split("=", 1) for p in data["config"]["model_args"].split(",") if "=" in p)
            for task, scores in data["results"].items():
                rows.append((args["pretrained"], task, "acc", scores["acc"], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for r in sorted(rows):
            w.writerow([r[0], r[1], r[2], repr(float(r[3])), r[4]])
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Independent reader (standard library only) for mt_uzmtbench_chrf_refsets_jsonl.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/data/eval/scores/chrf_<refset>.jsonl (refset = flores, ntrex), written by uz_mt_bench/chrf_eval.py:
  out_path = Path(args.out_dir) / f"chrf_{args.refset}.jsonl"
  results.append({"system": system, "n": len(ids), "chrf_pp": round(chrfpp, 2),
                  "spbleu": round(spbleu, 2), "degenerate": degenerate})
Reading: model = system; tasks = refset (from the file name) x metric (chrf_pp = corpus chrF++,
spbleu = corpus spBLEU, both sacrebleu scores, higher is better); `n` (shared segments scored) and
`degenerate` (count of runaway outputs) are counts, not scores.
"""
import csv
import json
import os
import sys

DIR = ("raw", "data", "eval", "scores")


def main(set_dir):
    base = os.path.join(set_dir, *DIR)
    rows = []
    for name in sorted(os.listdir(base)):
        if not (name.startswith("chrf_") and name.endswith(".jsonl")):
            continue
        refset = name[len("chrf_"):-len(".jsonl")]
        with open(os.path.join(base, name), encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                r = json.loads(line)
                for metric in ("chrf_pp", "spbleu"):
                    rows.append((r["system"], "%s/%s" % (refset, metric), metric, repr(r[metric]), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Independent reader (standard library only) for mt_uzmtbench_xcomet_qe_segments_jsonl.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/data/eval/scores/xcomet_qe_uz_mt_benchmark.jsonl: one JSON record per (system, segment):
{"id": segment id, "system": MT system, "score": XCOMET-QE score of that segment, "n_chunks": k}
(uz_mt_bench/comet_qe.py: "Output: data/eval/scores/xcomet_<tag>.jsonl (per row: id, system, score...)";
chunks of a long segment are recombined into one score: "source-word-weighted mean per (system, id)").
Reading: model = system, task = id (segment), score = score, higher is better (XCOMET quality
estimate; aggregate.py ranks `key=lambda s: -key_mean[s]`).  n_chunks is not a score.
Segments a system has no record for (empty translations) are missing cells; the source's own board
(aggregate.py) averages each system over the segments every system scored (`_shared_ids`).
"""
import csv
import json
import os
import sys

PATH = ("raw", "data", "eval", "scores", "xcomet_qe_uz_mt_benchmark.jsonl")


def main(set_dir):
    rows = []
    with open(os.path.join(set_dir, *PATH), encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                rows.append((r["system"], r["id"], "XCOMET-QE", repr(r["score"]), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

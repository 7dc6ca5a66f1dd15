#!/usr/bin/env python3
"""Independent reader (standard library only) for asr_icefall_aidatatang_results_md.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/egs/aidatatang_200zh/ASR/RESULTS.md: prose, one Markdown table ("The WERs are"), then shell
commands in fenced blocks.  The table's header is `| | dev | test | comment |` (first cell empty);
each row is a decoding method of the one pruned_transducer_stateless2 model; `dev`/`test` are WERs
in percent (icefall/utils.py write_error_stats: `tot_err_rate = "%.2f" % (100.0 * tot_errs / ref_len)`),
lower is better (decode.py sorts `test_set_wers` ascending and tags the first "best for <test set>");
`comment` holds the decoding flags (not a score).

Reading: contestant = the row label (decoding method, as written, stripped); tasks = dev, test;
score = the WER cell, lower is better; `comment` left out.
"""
import csv
import os
import sys

PATH = ("raw", "egs", "aidatatang_200zh", "ASR", "RESULTS.md")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, *PATH), encoding="utf-8") as f:
        lines = [l for l in f.read().splitlines()]
    table = [l for l in lines if l.lstrip().startswith("|")]
    header = cells(table[0])
    assert header[1:] == ["dev", "test", "comment"], header
    rows = []
    for line in table[2:]:
        c = cells(line)
        for task, value in zip(header[1:3], c[1:3]):
            if value:
                rows.append((c[0], task, "WER", value, "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Independent reader (standard library only) for asr_picovoice_stt_readme_tables.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/README.md (Picovoice speech-to-text-benchmark): under `## Results`, one `### <Language>` section per
language, each with `#### Word Error Rate` and `#### Punctuation Error Rate` sub-sections holding one
Markdown table (`| Engine | <dataset> ... | Average |`, cells like `2.6%`); English also has
`#### Core-Hour & Model Size` (`| Engine | Core-Hour | Model Size / MB |`).

Reading: contestant = the Engine cell (as written, stripped); task = language + metric + dataset column;
score = the percent number (the `%` sign dropped, value not rescaled); WER and PER are error rates,
lower is better.  `Average` (row mean) and the Core-Hour & Model Size table (cost and size, not
accuracy) are left out.
"""
import csv
import os
import re
import sys

METRICS = {"Word Error Rate": "WER", "Punctuation Error Rate": "PER"}


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows, language, metric, header, in_results = [], None, None, None, False
    for line in lines:
        if line.startswith("## "):
            in_results = line.strip() == "## Results"
            continue
        if not in_results:
            continue
        if line.startswith("### "):
            language, metric, header = line[4:].strip(), None, None
            continue
        if line.startswith("#### "):
            metric, header = METRICS.get(line[5:].strip()), None
            continue
        if metric is None or not line.lstrip().startswith("|"):
            header = None if not line.lstrip().startswith("|") else header
            continue
        c = cells(line)
        if header is None:
            header = c
            assert header[0] == "Engine" and header[-1] == "Average", header
            continue
        if set(c[0]) <= set(":-"):
            continue
        for dataset, value in zip(header[1:-1], c[1:-1]):
            value = value.strip()
            if not value:
                continue
            m = re.fullmatch(r"(\d+(?:\.\d+)?)%", value)
            assert m, value
            rows.append((c[0], "%s %s %s" % (language, metric, dataset), metric, m.group(1), "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows, %d models, %d tasks" % (len(rows), len({r[0] for r in rows}), len({r[1] for r in rows})))


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Independent reader (standard library only) for speech_pyannote_der_readme_models_as_columns.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/README.md (pyannote/pyannote-audio): `## Benchmark`, first Markdown table: models are the columns
(HTML links around code spans), datasets the rows, cells DER in %; caption below: "Diarization error rate
(in %, the lower, the better)".  The second table (speed per hour of audio) is a cost, not a score.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("## Benchmark")
    table = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    header = cells(table[0])
    models = [re.search(r"`([^`]+)`", h).group(1) for h in header[1:]]
    assert models == ["legacy", "community-1", "precision-2"], models
    out = []
    for line in table[2:]:
        c = cells(line)
        # "[AMI](url) (IHM)" -> "AMI (IHM)"; "[CALLHOME](url) ([part 2](url))" -> "CALLHOME (part 2)"
        task = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", c[0])
        for m, v in zip(models, c[1:]):
            float(v)
            out.append((m, task, "DER (%)", v, "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models, %d tasks" % (len(out), len({o[0] for o in out}), len({o[1] for o in out})))


if __name__ == "__main__":
    main(sys.argv[1])

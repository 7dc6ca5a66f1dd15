#!/usr/bin/env python3
"""Independent reader (standard library only) for audio_asteroid_xumx_musdb_heading_models.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/egs/musdb18/X-UMX/README.md (asteroid-team/asteroid): under `### Results on MUSDB18`, one `#### <model>`
heading per model, each followed by two tables `| <aggregation> | SDR | SIR | ISR | SAR |` with target rows.
model = heading; task = "<target> <measure> (<aggregation>)"; BSS Eval ratios in dB, higher is better.
"""
import csv
import os
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "egs", "musdb18", "X-UMX", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("### Results on MUSDB18")
    model, header, out = None, None, []
    for line in lines[start + 1:]:
        if line.startswith("#### "):
            model, header = line[5:].strip(), None
        elif line.startswith("|"):
            c = cells(line)
            if header is None:
                header = c
            elif set(line.replace("|", "").strip()) <= set(":- "):
                continue
            else:
                for measure, v in zip(header[1:], c[1:]):
                    float(v)
                    out.append((model, "%s %s (%s)" % (c[0], measure, header[0]), measure + " (dB)", v, "true"))
        else:
            header = None
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models, %d tasks" % (len(out), len({o[0] for o in out}), len({o[1] for o in out})))


if __name__ == "__main__":
    main(sys.argv[1])

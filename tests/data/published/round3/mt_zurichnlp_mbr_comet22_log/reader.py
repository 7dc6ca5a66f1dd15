#!/usr/bin/env python3
"""Independent reader (standard library only) for mt_zurichnlp_mbr_comet22_log.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/experiments/reference_aggregation/results/comet22.log is the stdout of
scripts/evaluate-comet.sh run with Unbabel/wmt22-comet-da: for each language pair (en-de, de-en,
en-ru, ru-en) it echoes the pair, then group labels (baselines, chrf, cometinho, comet22,
coarse-to-fine), and for each system one `comet-score ... --only_system` line:
    <translation file>\tscore: <system-level COMET-22>
The translation file names embed the test set and the pair: `wmt22.<lp>.beam4.<tgt>`,
`mbr.wmt22.<lp>.pairwise.n1024.epsilon0.02.seed0.chrf.<tgt>`, ...

Reading: contestant = the file name with the `wmt22.<lp>.` part and the trailing `.<tgt>` removed
(e.g. `beam4`, `mbr.pairwise.n1024.epsilon0.02.seed0.chrf`) — the same decoding method across
pairs; task = the language pair (the echoed header); score = COMET-22, higher is better.
"""
import csv
import os
import re
import sys

PATH = ("raw", "experiments", "reference_aggregation", "results", "comet22.log")
LP = re.compile(r"^[a-z]{2}-[a-z]{2}$")


def main(set_dir):
    with open(os.path.join(set_dir, *PATH), encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows, lp, seen = [], None, set()
    for line in lines:
        if LP.match(line.strip()):
            lp = line.strip()
            continue
        if "\tscore: " not in line:
            continue  # blank lines and group labels
        name, value = line.split("\tscore: ")
        tgt = lp.split("-")[1]
        assert name.endswith("." + tgt) and ("wmt22.%s." % lp) in name, name
        system = name[: -len(tgt) - 1].replace("wmt22.%s." % lp, "", 1)
        if (system, lp) in seen:
            raise SystemExit("duplicate %r %r" % (system, lp))
        seen.add((system, lp))
        rows.append((system, lp, "COMET-22", value.strip(), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows, %d systems" % (len(rows), len({s for s, _ in seen})))


if __name__ == "__main__":
    main(sys.argv[1])

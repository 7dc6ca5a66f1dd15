#!/usr/bin/env python3
"""Independent reader (standard library only) for vision_usb_classic_cv_imb_3row_header.

usage: python reader.py SET_DIR

The right outcome for this set is a refusal (expected_refusal.md): the source does not say which way the
scores point.  This reader only checks the layout described in notes.md (three header rows, 11 settings,
21 algorithms, 'mean±std' or 'None' cells) and writes no expected.csv.
"""
import csv
import os
import sys


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "results", "classic_cv_imb.csv"), encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    heads, body = rows[:3], rows[3:]
    tasks = [" ".join(h[j] for h in heads) for j in range(1, len(heads[0]))]
    assert len(tasks) == len(set(tasks)) == 11, tasks
    assert all(len(set(h[1:])) < 11 for h in heads)
    assert len(body) == 21
    none = sum(c == "None" for r in body for c in r[1:])
    print("layout as described: %d algorithms x %d settings, %d None cells; no expected.csv (refusal)"
          % (len(body), len(tasks), none))


if __name__ == "__main__":
    main(sys.argv[1])

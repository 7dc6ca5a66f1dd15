#!/usr/bin/env python3
"""Independent reader (standard library only) for speech_wenet_aishell_performance_record_md.

usage: python reader.py SET_DIR

The right outcome is a refusal (expected_refusal.md): raw/examples/aishell/s0/README.md is a
"Performance Record" of 14 `## ... Result` sections, each a trained model with its own pipe table whose
rows are decoding modes and whose columns are, by table, `CER`, chunk sizes (`full | 16 [| 8 | 4]`,
`full | 18 | 16`) or two models (`with PE | without PE`).  This reader lists the sections and their
table headers to check notes.md, and writes no expected.csv.
"""
import os
import sys


def main(set_dir):
    path = os.path.join(set_dir, "raw", "examples", "aishell", "s0", "README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    section, seen, n = None, set(), 0
    for line in lines:
        if line.startswith("## "):
            section = line[3:].strip()
        elif line.startswith("|") and section not in seen:
            seen.add(section)
            head = [c.strip() for c in line.strip().strip("|").split("|")]
            print("%-45s %s" % (section, head))
            n += 1
    assert n == 14, n
    print("14 sections, columns differ in meaning between tables; no expected.csv (refusal)")


if __name__ == "__main__":
    main(sys.argv[1])

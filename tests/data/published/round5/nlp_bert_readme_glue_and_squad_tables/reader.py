#!/usr/bin/env python3
"""Independent reader (standard library only) for nlp_bert_readme_glue_and_squad_tables.

usage: python reader.py SET_DIR

The right outcome is a refusal (expected_refusal.md): raw/README.md holds several tables with disjoint
contestants.  This reader lists the pipe tables it finds (header line and row count) to check notes.md,
and writes no expected.csv.
"""
import os
import sys


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    tables, i = [], 0
    while i + 1 < len(lines):
        sep = lines[i + 1].replace(" ", "")
        if "|" in lines[i] and sep and set(sep) <= set("|-:") and "-" in sep:
            j = i + 2
            while j < len(lines) and "|" in lines[j]:
                j += 1
            tables.append((i + 1, lines[i].strip(), j - i - 2))
            i = j
        else:
            i += 1
    for start, head, n in tables:
        print("line %d: %d rows: %s" % (start, n, head[:90]))
    assert len(tables) == 6, len(tables)
    print("several tables, no single board; no expected.csv (refusal)")


if __name__ == "__main__":
    main(sys.argv[1])

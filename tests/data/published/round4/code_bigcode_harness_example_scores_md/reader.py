#!/usr/bin/env python3
"""Independent reader (standard library only) for code_bigcode_harness_example_scores_md.

usage: python reader.py SET_DIR   -> writes SET_DIR/cells.csv (every score cell, read literally) and prints the
groups of models that share tasks (the reason for expected_refusal.md)

raw/example_scores/README.md: `## <benchmark>` sections (MBPP, APPS, CoNaLa (python), Spider (sql), Concode (java)),
each with Markdown tables `|Task | Model | <score columns> |` (APPS has two tables, "Average accuracy" and
"Strict accuracy", columns Introductory / Interview / Competition / Average (weighted)).  Cells are percents,
some bold (`**14.95%**`) or with footnote marks (`42.4%(*)`, `0.2%(to be updated)`); one cell holds two
models' scores (`code-cushman-001/davinci-002 (Codex) | 45%/58%(*)(+)`).

Literal reading used here: model = Model cell (bold removed, stripped, spelled as written); task = section
heading (+ APPS table kind + column); score = the leading percent number; `Average (weighted)` (an aggregate)
left out; the two-score cell gives no score for its row.  All metrics (pass@1, accuracy, BLEU) higher is better.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "example_scores", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    out, section, kind, header = [], None, "", None
    for line in lines:
        s = line.strip()
        if s.startswith("## "):
            section, kind, header = s[3:].strip(), "", None
            continue
        if s.startswith("* ") or s.startswith("*"):
            if "accuracy" in s:
                kind, header = s.strip("* :").strip(), None
            continue
        if not s.startswith("|"):
            header = None if s and not s.startswith("<") else header
            continue
        c = cells(s)
        if header is None:
            header = c
            continue
        if set(c[0]) <= set("-"):
            continue
        model = c[1].replace("**", "").strip()
        for col, value in zip(header[2:], c[2:]):
            if col.startswith("Average"):
                continue
            value = value.replace("**", "").strip()
            m = re.fullmatch(r"(\d+(?:\.\d+)?)%(\(.*\))*", value)
            if not m:
                print("no single score:", section, model, repr(value))
                continue
            task = " ".join(x for x in (section, kind, col) if x)
            out.append((model, task, col, m.group(1), "true", c[0]))
    with open(os.path.join(set_dir, "cells.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better", "task_cell"])
        w.writerows(out)
    # connected groups of models through shared tasks
    groups = []
    for m in dict.fromkeys(r[0] for r in out):
        tasks = {r[1] for r in out if r[0] == m}
        hit = [g for g in groups if g[1] & tasks]
        ms, ts = {m}, set(tasks)
        for g in hit:
            ms |= g[0]
            ts |= g[1]
            groups.remove(g)
        groups.append((ms, ts))
    for ms, ts in groups:
        print("group: models=%s tasks=%s" % (sorted(ms), sorted(ts)))


if __name__ == "__main__":
    main(sys.argv[1])

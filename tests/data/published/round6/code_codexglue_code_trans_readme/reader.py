#!/usr/bin/env python3
"""Independent reader (standard library only) for code_codexglue_code_trans_readme.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/Code-Code/code-to-code-trans/README.md (microsoft/CodeXGLUE), under "## Result": a plain-text label line
("Java to C#:" / "C# to Java:") then a table | Method | BLEU | Acc (100%) | [CodeBLEU](url) |.
  model = Method (trimmed, tabs included), task = "<direction>/<metric>" (BLEU, Acc, CodeBLEU),
  score = cell with ** stripped, "-" = missing; all higher is better ("evaluated by BLEU scores, accuracy
  (exactly match), and CodeBLEU scores").
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def metric_name(h):
    h = re.sub(r"^\[([^\]]+)\]\([^)]*\)$", r"\1", h.strip())
    return {"Acc (100%)": "Acc"}.get(h, h)


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "Code-Code", "code-to-code-trans", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("## Result")
    direction, header, rows = None, None, []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        m = re.match(r"^\s*(\S.* to .*\S):\s*$", line)
        if m:
            direction, header = m.group(1), None
            continue
        if not line.startswith("|") or direction is None:
            continue
        c = cells(line)
        if header is None:
            header = [metric_name(h) for h in c]
            continue
        if set("".join(c)) <= set("-: "):
            continue
        model = c[0].strip()
        for h, v in zip(header[1:], c[1:]):
            v = v.replace("**", "").strip()
            if v and v != "-":
                rows.append((model, f"{direction}/{h}", h, v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

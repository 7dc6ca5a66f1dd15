"""Independent reader for ir_pylate_models_beir_mkdocs (Python standard library only).

lightonai/pylate docs/models/models.md (MkDocs Material page "Available models"): after a
`=== "Table"` content-tab marker, one pipe table of 4 ColBERT models x BEIR datasets, model names
as Markdown links. Tasks: the 13 dataset columns (nDCG@10 x 100, higher is better); "BEIR AVG" is
an aggregate and is left out.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "docs", "models", "models.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    table = [l for l in lines if l.startswith("|")]
    header = cells(table[0])
    assert header[0] == "Model" and header[1] == "BEIR AVG", header
    tasks = header[2:]
    assert len(tasks) == 13
    out = []
    for line in table[2:]:
        c = cells(line)
        assert len(c) == len(header), c
        model = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", c[0]).strip()
        for task, v in zip(tasks, c[2:]):
            float(v)
            out.append((model, task, "nDCG@10 (x100)", v, "true"))
    assert len(out) == 4 * 13
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for nlp_opusmt_train_en_fi_readme (standard library only).

models/en-fi/README.md is a sequence of model cards. Each starts with a level-1 heading
"# <release package>.zip" (the model), then metadata bullets, then "## Benchmarks" and a table
| testset | BLEU | chr-F | whose cells are padded with spaces and TAB characters.
Model = the heading text (e.g. "opus-2019-12-04.zip"); task = "<testset> <metric>" for BLEU and
chr-F (both higher is better). A release that lacks a test set simply has no cell there.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys


def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]   # str.strip() also removes the TABs


def read_cards(path):
    out = []
    model, header = None, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            s = line.strip()
            if s.startswith("# "):
                model, header = s[2:].strip(), None
                continue
            if not s.startswith("|"):
                header = None
                continue
            c = cells(s)
            if header is None:
                header = c
                continue
            if all(re.fullmatch(r":?-+:?", x) for x in c if x):
                continue
            testset = c[0]
            for metric, v in zip(header[1:], c[1:]):
                if v:
                    float(v)
                    out.append((model, "%s %s" % (testset, metric), metric, v))
    return out


def main(set_dir):
    rows = read_cards(os.path.join(set_dir, "raw", "models", "en-fi", "README.md"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, metric, v in rows:
            w.writerow([model, task, metric, v, "true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

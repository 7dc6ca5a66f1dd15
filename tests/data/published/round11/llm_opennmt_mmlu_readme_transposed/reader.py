"""Independent reader for llm_opennmt_mmlu_readme_transposed.

The README holds one transposed Markdown table: models are the column headers (in **bold**),
MMLU subjects are the rows ("ACC-<subject>"). Left out: the "ACC-all" row (overall accuracy over
all questions), the blank spacer row, and the final unlabeled row (the unweighted mean of the 57
subject rows). All cells are accuracies in [0, 1]; higher is better.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def unbold(s):
    return re.sub(r"\*\*(.*?)\*\*", r"\1", s).strip()


def main(set_dir):
    path = os.path.join(set_dir, "raw", "eval_llm", "MMLU", "readme.md")
    with open(path, encoding="utf-8") as f:
        lines = [l for l in f.read().splitlines() if l.lstrip().startswith("|")]
    header = cells(lines[0])
    models = [unbold(h) for h in header[1:]]
    assert set(lines[1].replace("|", "").strip()) <= set("-: "), "second line must be the delimiter row"
    rows = []
    for line in lines[2:]:
        c = cells(line)
        label = unbold(c[0])
        if not label:  # blank spacer row and the final unlabeled row (mean of the subject rows)
            continue
        if label == "ACC-all":  # overall accuracy over all questions: an aggregate
            continue
        assert label.startswith("ACC-"), label
        for model, cell in zip(models, c[1:]):
            v = unbold(cell)
            if v == "":
                continue
            rows.append((model, label, "accuracy", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

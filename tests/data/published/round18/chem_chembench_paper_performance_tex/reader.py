"""Independent reader for lamalab-org/chembench-paper src/tex/output/performance_table.tex (stdlib only).

The file is a bare LaTeX tabular written by src/scripts/make_performance_tables.py (pandas to_latex,
then string replacements): a two-row header (row 1: Model | \\multicolumn{4}{Requires} |
\\multicolumn{3}{Difficulty} | Overall Accuracy, with \\multirow and \\cmidrule; row 2: the leaf
names Calculation Knowledge Reasoning Intuition | Basic Intermediate Advanced), then one row per
model between \\midrule and \\bottomrule. Cells are fractions of questions answered correctly,
formatted to 2 decimals; the column best is wrapped in \\textbf{}.
Kept: the 7 leaf columns (accuracy, higher is better). Left out: 'Overall Accuracy' (the fraction
over all questions; since the Basic/Intermediate/Advanced columns partition all questions it is their
question-weighted mean, an aggregate of the shown columns).
"""
import csv
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "src", "tex", "output", "performance_table.tex")


def strip_tex(cell):
    cell = cell.strip()
    while True:
        m = re.fullmatch(r"\\textbf\{(.*)\}", cell)
        if not m:
            break
        cell = m.group(1).strip()
    return cell


def main():
    text = open(SRC, encoding="utf-8").read()
    lines = [l.strip() for l in text.splitlines()]
    mid = lines.index(r"\midrule")
    bottom = lines.index(r"\bottomrule")
    header = [strip_tex(c) for c in lines[mid - 1].rstrip("\\").split("&")]
    # header row 2: first cell empty (Model is \multirow), last empty (Overall Accuracy is \multirow)
    leaf = header
    assert leaf[1:8] == ["Calculation", "Knowledge", "Reasoning", "Intuition",
                         "Basic", "Intermediate", "Advanced"], leaf
    out = []
    for line in lines[mid + 1:bottom]:
        line = line.rstrip()
        if line.endswith("\\\\"):
            line = line[:-2]
        cells = [strip_tex(c) for c in line.split("&")]
        assert len(cells) == 9, cells
        model = cells[0]
        for j in range(1, 8):
            out.append((model, leaf[j], "accuracy", cells[j], "true"))
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

"""Independent reader for nlp_deberta_readme_nlu_slash_cells (Python standard library only).

microsoft/DeBERTa README.md, section "### Fine-tuning on NLU tasks": one pipe table whose first
body row is a units row (empty model cell; "F1/EM", "Acc", "MCC", "Acc/F1", "P/S"). Cells hold one
number or two numbers separated by "/" (SQuAD F1/EM, MNLI m/mm, MRPC and QQP Acc/F1, STS-B
Pearson/Spearman); "-" is a missing number. Each number becomes its own task. All metrics are
higher-is-better. Model names: Markdown link text without <sup> footnote marks or ** bold.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def clean(s):
    s = re.sub(r"<sup>.*?</sup>", "", s)
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)
    return s.replace("**", "").strip()


# header column -> list of (task name, metric) for the numbers of a cell, in order
SPLIT = {
    "SQuAD 1.1": [("SQuAD 1.1 F1", "F1"), ("SQuAD 1.1 EM", "EM")],
    "SQuAD 2.0": [("SQuAD 2.0 F1", "F1"), ("SQuAD 2.0 EM", "EM")],
    "MNLI-m/mm": [("MNLI-m", "Acc"), ("MNLI-mm", "Acc")],
    "SST-2": [("SST-2", "Acc")],
    "QNLI": [("QNLI", "Acc")],
    "CoLA": [("CoLA", "MCC")],
    "RTE": [("RTE", "Acc")],
    "MRPC": [("MRPC Acc", "Acc"), ("MRPC F1", "F1")],
    "QQP": [("QQP Acc", "Acc"), ("QQP F1", "F1")],
    "STS-B": [("STS-B Pearson", "Pearson"), ("STS-B Spearman", "Spearman")],
}


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("### Fine-tuning on NLU tasks")
    table = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    header = cells(table[0])
    units = cells(table[2])
    assert header[0] == "Model" and units[0] == "", (header, units)
    assert units[1:] == ["F1/EM", "F1/EM", "Acc", "Acc", "Acc", "MCC", "Acc", "Acc/F1", "Acc/F1",
                         "P/S"], units
    out = []
    for line in table[3:]:
        c = cells(line)
        assert len(c) == len(header), c
        model = clean(c[0])
        for col, cell in zip(header[1:], c[1:]):
            parts = [p.strip() for p in clean(cell).split("/")]
            spec = SPLIT[col]
            if len(parts) == 1 and len(spec) == 2:      # a bare "-" in a two-number column
                assert parts == ["-"], (model, col, cell)
                parts = ["-", "-"]
            assert len(parts) == len(spec), (model, col, cell)
            for (task, metric), v in zip(spec, parts):
                if v == "-":
                    continue
                float(v)
                out.append((model, task, metric, v, "true"))
    assert len({m for m, *_ in out}) == 11
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

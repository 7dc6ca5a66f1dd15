#!/usr/bin/env python3
"""Independent reader (standard library only) for summ_pegasus_readme_rouge_triples.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/README.md (google-research/pegasus): under `# Results update`, one Markdown table
`| dataset | C4 | HugeNews | Mixed & Stochastic|` -- rows are the 12 downstream summarization datasets, columns
are the three pre-trained PEGASUS models (pre-training corpus / recipe), cells are ROUGE-1/ROUGE-2/ROUGE-L F1
triples `45.20/22.06/36.99` (the order of the PEGASUS paper's R1/R2/RL and of the code:
`d["rouge1-F"][0] + 2 * d["rouge2-F"][0] + d["rougeL-F"][0]`).  Two cells end in ` *`, explained below
the table: "(*) the numbers of wikihow and big_patent datasets are not comparable because of change in
tokenization and data".

Reading: contestant = column header (model); task = dataset x ROUGE-1/2/L (36); score = the triple's part,
higher is better; the starred cells (Mixed & Stochastic on wikihow and big_patent) are not comparable with
the other columns, so they write no row.
"""
import csv
import os
import sys

METRICS = ("ROUGE-1", "ROUGE-2", "ROUGE-L")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("# Results update")
    table = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            table.append(cells(line))
        elif table:
            break
    header = table[0]
    assert header == ["dataset", "C4", "HugeNews", "Mixed & Stochastic"], header
    rows = []
    for c in table[2:]:
        for model, cell in zip(header[1:], c[1:]):
            if cell.endswith("*"):
                continue  # "(*) ... not comparable"
            parts = cell.split("/")
            assert len(parts) == 3, cell
            for metric, value in zip(METRICS, parts):
                float(value)
                rows.append((model, "%s %s" % (c[0], metric), metric, value, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

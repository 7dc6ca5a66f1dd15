"""Independent reader for nlp_macbert_readme_split_tables (Python standard library only).

ymcui/MacBERT README.md (Chinese), section "## 基线效果": six "### <dataset>" sub-sections, each
with one pipe table (Model | Development | Test [| Challenge] | #Params). Cells are
"max (avg)" or, for CMRC 2018 and DRCD, "EM-max (EM-avg) / F1-max (F1-avg)". The README: "we run
10 times ... and report the maximum and average scores (in brackets)". Score = the maximum (the
number outside the brackets); the averages are left out. Task = "<dataset> <split>" plus
" EM"/" F1" for the two reading-comprehension sets. All higher is better. #Params left out.
The six tables are joined on the model name as spelled (BERT-base in four tables, BERT in two).
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


NUM = r"(\d+(?:\.\d+)?)\s*\((\d+(?:\.\d+)?)\)"


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("## 基线效果")
    end = lines.index("## FAQ")
    section = lines[start:end]
    out = []
    dataset = None
    k = 0
    datasets = []
    while k < len(section):
        line = section[k]
        if line.startswith("### "):
            dataset = line[4:].strip()
            datasets.append(dataset)
        elif line.startswith("|") and dataset:
            table = []
            while k < len(section) and section[k].startswith("|"):
                table.append(section[k])
                k += 1
            header = cells(table[0])
            assert header[0] == "Model" and header[-1] == "#Params", header
            for row in table[2:]:
                c = cells(row)
                assert len(c) == len(header), c
                model = c[0].replace("**", "").strip()
                for split, cell in zip(header[1:-1], c[1:-1]):
                    pairs = re.findall(NUM, cell)
                    if len(pairs) == 2:
                        assert "/" in cell
                        for metric, (mx, _avg) in zip(("EM", "F1"), pairs):
                            out.append((model, f"{dataset} {split} {metric}", metric, mx, "true"))
                    else:
                        assert len(pairs) == 1, cell
                        out.append((model, f"{dataset} {split}", "Accuracy", pairs[0][0], "true"))
            dataset = None
            continue
        k += 1
    assert datasets == ["CMRC 2018", "DRCD", "XNLI", "ChnSentiCorp", "LCQMC", "BQ Corpus"], datasets
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

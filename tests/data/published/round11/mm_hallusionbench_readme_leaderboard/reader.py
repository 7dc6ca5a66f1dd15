"""Reader for the HallusionBench README leaderboard (tianyi-lab/HallusionBench README.md).

The one results table is the one whose header starts with "| Model | Question Pair Acc".
Model name = the Model cell with **bold** markers removed, each <br /> replaced by a space,
whitespace collapsed. The trailing "Json" column (Google-Drive links) is not a score.
Standard library only.
"""
import csv
import os
import re
import sys

SCORE_COLUMNS = ["Question Pair Acc", "Figure Acc", "Easy Question Acc", "Hard Question Acc", "Question Acc"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def clean_name(cell):
    s = re.sub(r"<br\s*/?>", " ", cell, flags=re.I)
    s = s.replace("**", "")
    return re.sub(r"\s+", " ", s).strip()


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("| Model | Question Pair Acc"))
    header = cells(lines[start])
    rows = []
    for line in lines[start + 2:]:
        if not line.strip().startswith("|"):
            break
        c = cells(line)
        model = clean_name(c[0])
        for col in SCORE_COLUMNS:
            val = c[header.index(col)]
            rows.append((model, col, "accuracy (%)", val, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

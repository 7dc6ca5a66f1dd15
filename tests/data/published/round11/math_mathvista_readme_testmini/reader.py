"""Reader for the MathVista README leaderboard on the testmini subset (lupantech/MathVista README.md).

Table = the Markdown table right after "### Leaderboard on the testmini subset".
Model = "Model" cell with **bold**, backslash escapes, the footnote asterisk and the medal emoji
(rank decorations) removed. Tasks = the 5 task types (FQA..VQA) and 7 math-reasoning types (ALG..STA).
"ALL" (overall accuracy on all 1,000 testmini examples) is an aggregate and is left out; "#" (rank),
"Method", "Source" (link) and "Date" are not scores. "-" = not reported (no cell).
Standard library only.
"""
import csv
import os
import re
import sys

TASKS = ["FQA", "GPS", "MWP", "TQA", "VQA", "ALG", "ARI", "GEO", "LOG", "NUM", "SCI", "STA"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def unbold(s):
    return s.replace("**", "").strip()


def clean_model(s):
    s = unbold(s)
    s = s.replace("\\*", "*")
    for medal in ("\U0001F947", "\U0001F948", "\U0001F949"):  # gold / silver / bronze medals
        s = s.replace(medal, "")
    s = s.rstrip("*")  # footnote marker on "Human Performance*"
    return re.sub(r"\s+", " ", s).strip()


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    sec = next(i for i, l in enumerate(lines) if l.strip() == "### Leaderboard on the testmini subset")
    h = next(i for i in range(sec, len(lines)) if lines[i].strip().startswith("|"))
    header = [unbold(c) for c in cells(lines[h])]
    rows = []
    for line in lines[h + 2:]:
        if not line.strip().startswith("|"):
            break
        c = cells(line)
        model = clean_model(c[header.index("Model")])
        for t in TASKS:
            v = unbold(c[header.index(t)])
            if v == "-" or v == "":
                continue
            float(v)
            rows.append((model, t, "accuracy (%)", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

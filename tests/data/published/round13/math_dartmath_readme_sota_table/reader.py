"""Independent reader for hkust-nlp/dart-math README.md, section
"## `DART-Math` Models: SOTA on Various In-Domain and Out-of-Domain Benchmarks" (Table 2 of the
paper: the 6 benchmarks of Figure 1's average accuracy).

One Markdown table: Model | MATH | GSM8K | College | DM | Olympiad | Theorem | AVG, headers and
some cells wrapped in links, the DART models' names in `backticks` inside links, the best score
per base model in **bold**, "–" (en dash) for not reported. Models: name with link, backtick and
bold markup removed. Tasks: the six benchmarks (header link text). AVG (the mean of the six) is
left out. Scores are accuracies in percent, higher is better.
"""
import csv
import os
import re
import sys


def clean(cell):
    cell = cell.strip()
    cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell)
    cell = re.sub(r"\*\*(.*?)\*\*", r"\1", cell)
    cell = cell.replace("`", "")
    return cell.strip()


def split(line):
    return [clean(c) for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    sec = next(i for i, l in enumerate(lines) if l.startswith("## `DART-Math` Models: SOTA"))
    start = next(i for i in range(sec, len(lines)) if lines[i].startswith("| Model |"))
    header = split(lines[start])
    assert header == ["Model", "MATH", "GSM8K", "College", "DM", "Olympiad", "Theorem", "AVG"], header
    rows = []
    names = set()
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        c = split(line)
        assert len(c) == 8, c
        name = c[0]
        assert name not in names, name
        names.add(name)
        for task, value in zip(header[1:7], c[1:7]):
            if value == "\u2013":
                continue
            float(value)
            rows.append((name, task, value))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for name, task, value in rows:
            w.writerow([name, task, "accuracy", value, "true"])
    print(len(rows), "rows", len(names), "models")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

#!/usr/bin/env python3
"""Independent reader (standard library only) for simple-evals' README "Benchmark Results" table.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules (quoted in notes.md):
* The table is the first Markdown table under "## Benchmark Results" in raw/README.md.
* Header: Model | Prompt | MMLU | GPQA [^8] | MATH [^6] | HumanEval | MGSM[^5] | DROP[^5]<br>(F1, 3-shot) | SimpleQA.
  Task names are the header cells with footnote references ([^n]) and HTML (<br>...) removed.
* A row whose Model cell is bold (**o3**, **GPT-4o** ...) and that has no numbers is a family
  header, not a model.
* Model = the Model cell with footnote references removed and a Markdown link [text](url)
  replaced by its text. "Prompt" is the system prompt used (text), not a score.
* Score cells are numbers as published (percent, 0-100; "07.6" is 7.6); "n/a" and "-" are missing.
* Every column is an accuracy-like score (MMLU/GPQA/MATH/MGSM accuracy, HumanEval pass@1,
  DROP F1, SimpleQA fraction correct): higher is better.
"""
import csv, os, re, sys

FOOT = re.compile(r"\[\^\d+\]")
LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


def clean(cell):
    cell = FOOT.sub("", cell)
    cell = LINK.sub(r"\1", cell)
    cell = re.sub(r"<br>.*", "", cell)
    return cell.strip()


def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8").read().splitlines()
    start = lines.index("## Benchmark Results")
    i = start + 1
    while not lines[i].lstrip().startswith("|"):
        i += 1
    header = [clean(c) for c in cells(lines[i])]
    i += 2  # skip the alignment row
    tasks = header[2:]
    rows = []
    while i < len(lines) and lines[i].lstrip().startswith("|"):
        c = cells(lines[i])
        i += 1
        name = c[0]
        values = c[2:2 + len(tasks)]
        if name.startswith("**") and not any(re.fullmatch(r"[0-9.]+", v) for v in values):
            continue  # family header row
        model = clean(name)
        for task, v in zip(tasks, values):
            if re.fullmatch(r"[0-9]+(\.[0-9]+)?", v):
                rows.append([model, task, "score", v, "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

"""Independent reader for speech_gigaspeech_readme_leaderboard (standard library only).

The README's "## Leaderboard" table has one row per ASR system; the last column
"Dev/Test WER" holds two numbers "dev / test". Rows made only of empty cells ("|||||") are
visual separators. The system is named by its "Train Recipe" cell (the only column whose values
are unique), with Markdown links, HTML tags (<br>, <em>, <u>) and bold markers removed.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better (WER: lower is better).
"""
import csv
import os
import re
import sys


def clean(cell):
    cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell)   # [text](url) -> text
    cell = re.sub(r"<[^>]+>", " ", cell)                    # HTML tags
    cell = cell.replace("**", "").replace("***", "")
    return re.sub(r"\s+", " ", cell).strip()


def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == "## Leaderboard")
    header = None
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if not line.strip().startswith("|"):
            if header is not None and rows:
                break
            continue
        c = [clean(x) for x in cells(line)]
        if header is None:
            header = c
            continue
        if all(re.fullmatch(r":?-+:?", x) for x in c if x):
            continue                                        # alignment row
        if not any(c):
            continue                                        # "|||||" separator rows
        rows.append(dict(zip(header, c)))
    out = []
    for r in rows:
        model = r["Train Recipe"]
        dev, test = [x.strip() for x in r["Dev/Test WER"].split("/")]
        out.append((model, "Dev", "WER", dev))
        out.append((model, "Test", "WER", test))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, metric, score in out:
            w.writerow([model, task, metric, score, "false"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for llm_simpo_readme_released_models.

README.md section "## Released Models" holds three Markdown tables (### Gemma, ### v0.2, ### v0.1)
listing released models with the same benchmark columns (AlpacaEval 2 LC / WR win rates and
Arena-Hard win rate; the Gemma table adds GSM and MMLU). They are joined into one board.
Left out: "... Length" columns (average response length, not a score), the unnamed link column
(Hugging Face ids of the v0.2/v0.1 rows), and the hyper-parameter tables earlier in the README.
All scores: higher is better.
"""
import csv
import os
import re
import sys

SCORE_COLUMNS = ["AE2 LC", "AE2 WR", "AH", "GSM", "MMLU"]


def cells(line):
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return [c.strip() for c in s.split("|")]


def text(cell):
    cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell)  # [text](url) -> text
    cell = cell.replace("**", "")
    return cell.strip()


def is_delim(line):
    return "|" in line and set(line.strip()) <= set("|-: ")


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("## Released Models")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("## "))
    section = lines[start:end]
    rows = []
    i = 0
    while i < len(section):
        if i + 1 < len(section) and "|" in section[i] and is_delim(section[i + 1]):
            header = [text(c) for c in cells(section[i])]
            j = i + 2
            while j < len(section) and "|" in section[j]:
                c = cells(section[j])
                model = text(c[0])
                for col, name in enumerate(header):
                    if name in SCORE_COLUMNS:
                        v = text(c[col])
                        if v not in ("", "-"):
                            rows.append((model, name, name, v, "true"))
                j += 1
            i = j
        else:
            i += 1
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for kagisearch/llm-chess-puzzles README.md results table (stdlib only).

Takes the single pipe table under '## Results' (header starts with '| Model'), strips '%'
signs, and writes one row per model x column. Connect-4 ASCII boards in code fences also
contain '|' characters but are not tables and are skipped (only lines inside the table block
that follows the '| Model' header are read).
"""
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
DIRECTION = {
    "Solved": "true",
    "Solved %": "true",
    "Illegal Moves": "false",
    "Illegal Moves %": "false",
    "Adjusted Elo": "true",
}


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main():
    lines = open(os.path.join(HERE, "raw", "README.md"), encoding="utf-8").read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("| Model"))
    header = cells(lines[start])
    out = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        row = cells(line)
        model = row[0]
        for col, val in zip(header[1:], row[1:]):
            v = val.rstrip("%").strip()
            float(v)
            out.append([model, "chess-puzzles-1000", col, v, DIRECTION[col]])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

"""Independent reader for PreferredAI/cornac README.md quick-start results table (stdlib only).

Only the pipe table after the '**Output:**' line holds scores. Model cells are Markdown links
('[MF](cornac/models/mf)') -> link text. 'N/A' cells are not scores and are skipped. The
'Train (s)' / 'Test (s)' columns are wall-clock timings, not quality scores, and are skipped.
Other tables in the README (Models list with a Year column, ANN frameworks, screenshots) hold no
scores.
"""
import csv
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
LOWER_BETTER = {"MAE", "RMSE"}  # cornac RatingMetric: higher_better=False
TIMINGS = {"Train (s)", "Test (s)"}


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main():
    lines = open(os.path.join(HERE, "raw", "README.md"), encoding="utf-8").read().splitlines()
    i = next(k for k, l in enumerate(lines) if l.strip() == "**Output:**")
    while not lines[i].startswith("|"):
        i += 1
    header = cells(lines[i])
    out = []
    for line in lines[i + 2:]:
        if not line.startswith("|"):
            break
        row = cells(line)
        m = re.fullmatch(r"\[([^\]]+)\]\([^)]*\)", row[0])
        model = m.group(1) if m else row[0]
        for col, val in zip(header[1:], row[1:]):
            if col in TIMINGS or val == "N/A":
                continue
            float(val)
            hib = "false" if col in LOWER_BETTER else "true"
            out.append([model, "MovieLens-100K", col, val, hib])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

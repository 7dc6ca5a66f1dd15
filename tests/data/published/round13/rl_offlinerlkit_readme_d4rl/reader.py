"""Independent reader for rl_offlinerlkit_readme_d4rl (stdlib only).

Reading: the README table under "## Benchmark Results (4 seeds) (Ongoing)" is
transposed: rows are D4RL datasets (tasks), columns are algorithms (models).
Each cell is "mean±std" of the D4RL normalized score; we keep the mean,
drop the std. Higher is better.
"""
import csv, os, re, sys

def main(set_dir):
    path = os.path.join(set_dir, "raw", "README.md")
    lines = open(path, encoding="utf-8").read().splitlines()
    start = None
    for i, l in enumerate(lines):
        if l.startswith("## Benchmark Results"):
            start = i
            break
    assert start is not None
    rows = []
    header = None
    for l in lines[start + 1:]:
        s = l.strip()
        if not s:
            if header is not None and rows:
                break
            continue
        if not s.startswith("|"):
            if header is not None:
                break
            continue
        cells = [c.strip() for c in s.strip("|").split("|")]
        if header is None:
            header = cells
            continue
        if all(re.fullmatch(r":?-+:?", c) for c in cells):
            continue
        rows.append(cells)
    models = header[1:]
    out = []
    for r in rows:
        task = r[0]
        for m, cell in zip(models, r[1:]):
            if not cell:
                continue
            mean = cell.split("±")[0].strip()
            out.append((m, task, "D4RL normalized score", mean, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(f"{len(out)} rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

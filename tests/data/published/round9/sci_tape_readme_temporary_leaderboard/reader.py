"""Independent reader for songlab-cal/tape README.md '## Leaderboard' (stdlib only).

Five '### <task>' sections, each a 'Ranking | Model | <metric>' table; the task name lives only
in the heading. Model = 'Model' cell; score = the metric cell; 'Ranking' is a rank (left out).
All five metrics (3-class accuracy, contact precision L/5, top-1 accuracy, Spearman's rho) are
higher is better (each table is ranked in descending order).
"""
import csv, os, sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8").read().splitlines()
    a = lines.index("## Leaderboard")
    b = lines.index("## Citation Guidelines")
    out, task, header = [], None, None
    for line in lines[a:b]:
        if line.startswith("### "):
            task, header = line[4:].strip(), None
        elif line.startswith("|") and task:
            c = cells(line)
            if header is None:
                header = c
                assert header[:2] == ["Ranking", "Model"], header
                continue
            if set("".join(c)) <= set(":- "):
                continue
            float(c[2])
            out.append((c[1], task, header[2], c[2], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({r[0] for r in out}), "models", len({r[1] for r in out}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for hijkzzz/pymarl2 README.md, table under '## Re-Evaluation' (stdlib only).

Header row 1 is a group row (Scenarios | Difficulty | Value-based | ... | Policy-based | ...);
the algorithm names are in the first *body* row (blank Scenarios/Difficulty cells). Tasks = the
Scenarios cells (9 SMAC maps + 'Discrete PP'); 'Avg. Score' is an aggregate and is skipped; the
Difficulty column is a task attribute, not a score. Cells: '**' and '%' removed; '-' is a hole.
All higher is better (win rates / predator-prey score; bold marks the row maximum).
"""
import csv, os, sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8").read().splitlines()
    start = lines.index("## Re-Evaluation")
    rows, i = [], start + 1
    while not lines[i].startswith("|"):
        i += 1
    while i < len(lines) and lines[i].startswith("|"):
        rows.append(cells(lines[i]))
        i += 1
    body = [r for r in rows[1:] if not set("".join(r)) <= set(":- ")]
    names = body[0]
    assert names[0] == "" and names[1] == "", names
    models = names[2:]
    out = []
    for r in body[1:]:
        task = r[0]
        if task == "Avg. Score":
            continue
        metric = "Discrete PP score" if task == "Discrete PP" else "test win rate (%)"
        for m, v in zip(models, r[2:]):
            v = v.replace("**", "").replace("%", "").strip()
            if v == "-":
                continue
            float(v)
            out.append((m, task, metric, v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({r[0] for r in out}), "models", len({r[1] for r in out}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for danijar/crafter README.md '## Scoreboards' (stdlib only).

The scoreboard is split in three '###' category tables (Reinforcement Learning, Unsupervised
Agents, External Knowledge) with the same 'Score (%)' and 'Reward' columns; they are joined.
Model = the Algorithm cell's link text; tasks = 'Score (%)' and 'Reward'; cell 'mean±std' ->
mean; '-' and '—' are holes. 'Open Source', 'Uses' and 'Interaction' (a budget) are not scores.
Both columns are higher is better.
"""
import csv, os, re, sys

TASKS = ["Score (%)", "Reward"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def unlink(s):
    return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s).strip()


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8").read().splitlines()
    a = lines.index("## Scoreboards")
    b = lines.index("## Baselines")
    out, header = [], None
    for line in lines[a:b]:
        if line.startswith("### "):
            header = None
        elif line.startswith("|"):
            c = cells(line)
            if header is None:
                header = c
                continue
            if set("".join(c)) <= set(":- "):
                continue
            model = unlink(c[0])
            for t in TASKS:
                v = c[header.index(t)]
                if v in ("-", "—"):
                    continue
                mean = v.split("±")[0].strip()
                float(mean)
                out.append((model, t, t, mean, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({r[0] for r in out}), "models", len({r[1] for r in out}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

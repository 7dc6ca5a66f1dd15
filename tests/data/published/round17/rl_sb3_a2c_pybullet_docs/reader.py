"""Independent reader for DLR-RM/stable-baselines3 docs/modules/a2c.md @e05d2db (stdlib only).

The only score table (section "### PyBullet Environments") is transposed and has a two-row header:
    | Environments | A2C      | A2C   | PPO      | PPO   |   <- algorithm (header row)
    | ------------ | ...                                 |
    |              | Gaussian | gSDE  | Gaussian | gSDE  |   <- exploration noise (first body row)
    | HalfCheetah  | 2003 +/- 54 | ...                    |
A system is the pair (algorithm, exploration) -> "A2C (Gaussian)", ...; tasks are the rows
(PyBullet environments); a cell is "mean +/- standard error" over 6 seeds of the final
evaluation return (higher is better). Only the mean is a score.
The other pipe table in the file (Space | Action | Observation with check marks) is not scores.
"""
import csv
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "docs", "modules", "a2c.md")
CELL = re.compile(r"^(-?\d+(?:\.\d+)?)\s*\+/-\s*(\d+(?:\.\d+)?)$")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main():
    lines = open(SRC, encoding="utf-8").read().splitlines()
    start = lines.index("### PyBullet Environments")
    block = []
    for line in lines[start:]:
        if line.startswith("|"):
            block.append(cells(line))
        elif block:
            break
    algos = block[0]
    noise = block[2]  # block[1] is the delimiter row
    systems = [f"{a} ({n})" for a, n in zip(algos[1:], noise[1:])]
    out = []
    for row in block[3:]:
        env = row[0]
        for sysname, cell in zip(systems, row[1:]):
            m = CELL.match(cell)
            if not m:
                continue
            out.append([sysname, env, "mean return (final eval, 6 seeds)", m.group(1), "true"])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

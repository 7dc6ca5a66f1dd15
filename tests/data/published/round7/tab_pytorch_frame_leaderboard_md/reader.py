"""Independent reader for pytorch-frame benchmark/README.md (stdlib only).

The '## Leaderboard' section holds one table per (task_type, scale); together they form one
board: the same 11 models over all DataFrameBenchmark datasets. Task = task_type/scale/column.
Cell 'mean±std (time)': score = mean. 'OOM', 'Too slow*' and empty cells: no result.
Direction per task_type as the README states it: ROC-AUC and Accuracy higher, RMSE lower.
The trailing 'Benchmarking pytorch-frame and pytorch-tabular' speed table is not part of it.
"""
import csv, os, re, sys

DIRECTION = {"binary_classification": ("ROC-AUC", "true"),
             "regression": ("RMSE", "false"),
             "multiclass_classification": ("Accuracy", "true")}

def cells(line):
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return [c.strip() for c in s.split("|")]

def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/benchmark/README.md"), encoding="utf-8").read().splitlines()
    start = lines.index("## Leaderboard")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("## "))
    task_type = scale = None
    header = None
    out = []
    for i in range(start, end):
        l = lines[i]
        m = re.match(r"^### `task_type: (\w+)`", l)
        if m:
            task_type, scale, header = m.group(1), None, None
            continue
        m = re.match(r"^#### `scale: (\w+)`", l)
        if m:
            scale, header = m.group(1), None
            continue
        if not l.strip().startswith("|"):
            header = None
            continue
        c = cells(l)
        if header is None:
            header = c
            continue
        if all(re.fullmatch(r":?-+:?", x) for x in c if x):
            continue
        model = c[0]
        metric, hib = DIRECTION[task_type]
        for j in range(1, len(header)):
            cell = c[j] if j < len(c) else ""
            v = cell.replace("**", "").strip()
            m = re.match(r"^([0-9.]+)±([0-9.]+)", v)
            if not m:
                assert v in ("", "OOM", "Too slow\\*"), (model, header[j], cell)
                continue
            task = f"{task_type}/{scale}/{header[j]}"
            out.append((model, task, metric, m.group(1), hib))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

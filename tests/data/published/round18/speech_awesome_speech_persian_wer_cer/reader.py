"""Independent reader for alphacep/awesome-speech persian.md (Persian ASR WER and CER tables).

Standard library only; writes expected.csv next to this script.
The page has two pipe tables: the first follows the plain line 'WER results' (under '### ASR results'),
the second follows the heading '### CER results'. Both have columns Model | Common Voice | Meetings |
Fleurs | Visualears and the same 8 systems. Task = test set (column), metric = WER or CER (which table),
direction = lower is better for both (error rates). '**' bold removed; '-' = not evaluated (skipped).
The WER table's separator row lacks its closing pipe; cells are padded irregularly.
"""
import csv, os

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "persian.md"), encoding="utf-8").read().splitlines()

def cells(line):
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return [c.strip() for c in s.split("|")]

rows, metric, i = [], None, 0
while i < len(lines):
    ln = lines[i].strip()
    if ln == "WER results":
        metric = "WER"
    elif ln == "### CER results":
        metric = "CER"
    elif ln.startswith("## ") or ln.startswith("### ") and ln not in ("### ASR results",):
        metric = None if not ln.startswith("### CER") else metric
    if metric and ln.startswith("| Model"):
        header = cells(ln)
        i += 2  # skip separator
        while i < len(lines) and lines[i].strip().startswith("|"):
            r = cells(lines[i])
            name = r[0].replace("**", "").strip()
            for task, v in zip(header[1:], r[1:]):
                v = v.replace("**", "").strip()
                if v in ("", "-"):
                    continue
                float(v)
                rows.append([name, task, metric, v, "false"])
            i += 1
        metric = None
        continue
    i += 1

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows;", len({r[0] for r in rows}), "systems;", len({(r[1], r[2]) for r in rows}), "task x metric columns")

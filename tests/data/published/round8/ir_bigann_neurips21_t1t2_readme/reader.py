"""Independent reader for ir_bigann_neurips21_t1t2_readme (Python standard library only).

neurips21/t1_t2/README.md of big-ann-benchmarks: under "### Leaderboard" two tables,
"#### Results for T1" and "#### Results for T2" - two independent leaderboards (different
tracks, hardware, QPS floors and baselines). The main board read here is T1 (see notes.md).
Columns: PR | Name | six datasets; cells = best recall/AP at >= 10,000 QPS. Cells contain tabs;
dashed rows inside the table are separators; the 'baseline' row (empty PR) is the FAISS
baseline; a trailing '*' marks late entries (still results); empty cells = not run; a row with
no numbers (ngt-t1) contributes no cell.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better (recall/AP: higher).
"""
import csv
import os
import re
import sys


def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def table_after(lines, heading):
    start = next(i for i, l in enumerate(lines) if l.strip() == heading)
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("#"):
            break
        if line.strip().startswith("|"):
            rows.append(cells(line))
        elif rows:
            break
    return rows


def main(set_dir):
    path = os.path.join(set_dir, "raw", "neurips21", "t1_t2", "README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows = table_after(lines, "#### Results for T1")
    header = rows[0]
    assert header == ["PR", "Name", "bigann-1B", "deep-1B", "msspacev-1B", "msturing-1B",
                      "ssnpp-1B", "text2image-1B"], header
    out = []
    for r in rows[1:]:
        if all(re.fullmatch(r":?-+:?", x) for x in r if x):
            continue                                     # separator rows (also mid-table)
        assert len(r) == len(header), r
        name = r[1]
        for task, v in zip(header[2:], r[2:]):
            if not v:
                continue
            v = v.rstrip("*").strip()
            float(v)
            metric = "AP" if task == "ssnpp-1B" else "recall@10"
            out.append((name, task, metric, v))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for row in out:
            w.writerow(list(row) + ["true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

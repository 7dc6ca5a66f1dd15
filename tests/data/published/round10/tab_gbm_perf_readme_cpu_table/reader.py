"""Independent reader for szilard/GBM-perf README.md, section "## Results" / "### CPU" (stdlib only).

The CPU table: rows = tools (h2o, xgboost, lightgbm, catboost), columns
Time[s] 100K | Time[s] 1M | Time[s] 10M  (training time, seconds, lower is better)
AUC 1M | AUC 10M                         (test AUC, higher is better).
"**x**" bold marks the fastest; "0.734?!" is the author's surprise mark on catboost's AUC: value kept.
The GPU table (### GPU) is a separate board (other hardware, different tool set "h2o xgboost") and is not read.
"""
import csv, os, re, sys

def cell(s):
    s = s.strip().replace("**", "")
    return s

def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8").read().split("\n")
    i = lines.index("## Results")
    while lines[i].strip() != "### CPU":
        i += 1
    while not lines[i].startswith("Tool"):
        i += 1
    header = [cell(c) for c in lines[i].split("|")]
    assert header[0] == "Tool", header
    out = []
    j = i + 2
    while j < len(lines) and "|" in lines[j]:
        parts = [cell(c) for c in lines[j].split("|")]
        model = parts[0]
        for task, v in zip(header[1:], parts[1:]):
            m = re.fullmatch(r"([0-9.]+)\s*(\?!)?", v)
            assert m, (model, task, v)
            hib = "true" if task.startswith("AUC") else "false"
            metric = "AUC" if task.startswith("AUC") else "training time [s]"
            out.append((model, task, metric, m.group(1), hib))
        j += 1
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

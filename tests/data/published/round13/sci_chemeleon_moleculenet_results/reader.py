"""Independent reader for sci_chemeleon_moleculenet_results (stdlib only).

Reading: folder analysis/moleculenet_results holds one Markdown report per
model (file stem = model: CheMeleon, Chemprop) plus a README.md that is
documentation, not results. In each report every "## <dataset/target>"
heading is a task and the following "| Metric | Value |" table lists metric
values (mean over the test replicates). mae and rmse are lower-is-better;
r2, roc-auc, ap, prc-auc are higher-is-better.
"""
import csv, os, re, sys

LOWER = {"mae", "rmse"}
HIGHER = {"r2", "roc-auc", "ap", "prc-auc"}

def main(set_dir):
    folder = os.path.join(set_dir, "raw", "analysis", "moleculenet_results")
    out = []
    for fn in sorted(os.listdir(folder)):
        if not fn.endswith(".md") or fn == "README.md":
            continue
        model = fn[:-3]
        task = None
        for l in open(os.path.join(folder, fn), encoding="utf-8"):
            l = l.rstrip("\n")
            if l.startswith("## "):
                task = l[3:].strip()
                continue
            s = l.strip()
            if task is None or not s.startswith("|"):
                continue
            cells = [c.strip() for c in s.strip("|").split("|")]
            if cells[0] == "Metric" or re.fullmatch(r":?-+:?", cells[0]):
                continue
            metric, value = cells[0], cells[1]
            assert metric in LOWER | HIGHER, metric
            float(value)
            out.append((model, task, metric, value, "false" if metric in LOWER else "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(f"{len(out)} rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

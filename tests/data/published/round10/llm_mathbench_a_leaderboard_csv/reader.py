"""Independent reader for open-compass/MathBench docs/MathBench-A.csv (stdlib only).

Header: Model,Arithmetic,Primary,Middle,High,College,Average,link,opensourced,mathLM
Tasks: the five stage columns. Average is the mean over the five stages (checked to 0.1) and is left
out; link is a URL; opensourced / mathLM are TRUE/FALSE flags (shown as icons on the project page).
Scores are CircularEval accuracies in %: higher is better (the page sorts rows by Average, descending).
"""
import csv, os, sys

TASKS = ["Arithmetic", "Primary", "Middle", "High", "College"]

def main(set_dir):
    with open(os.path.join(set_dir, "raw/docs/MathBench-A.csv"), encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0].keys()) == ["Model"] + TASKS + ["Average", "link", "opensourced", "mathLM"]
    out = []
    for r in rows:
        vals = [float(r[t]) for t in TASKS]
        assert abs(sum(vals) / 5 - float(r["Average"])) <= 0.1 + 1e-9, r["Model"]
        assert r["opensourced"] in ("TRUE", "FALSE") and r["mathLM"] in ("TRUE", "FALSE")
        for t in TASKS:
            out.append((r["Model"].strip(), t, "accuracy", r[t], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for OpenBMB/InfiniteBench README.md "## Evaluation Result" (stdlib only).

The results table is transposed: rows = tasks (Retrieve.PassKey ... Math.Find), columns = models
(GPT-4 ... Chatglm3-6B-128K). Cells are percents ("92.71%", "100%") -> the number (92.71, 100).
"< 5%" is a censored value (only an upper bound is given) -> no cell. Higher is better for every
task (accuracy, ROUGE F1, rougeLsum). The earlier "Task Composition" table (statistics) is not
results and is not read.
"""
import csv, os, re, sys

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

METRIC = {"Zh.QA": "ROUGE F1 (%)", "En.QA": "ROUGE F1 (%)", "En.Sum": "rougeLsum (%)"}

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index("## Evaluation Result")
    while not lines[i].startswith("|"):
        i += 1
    header = cells(lines[i])
    assert header[0] == "Task Name", header
    models = header[1:]
    i += 2
    cells_by_model = {m: [] for m in models}
    censored = 0
    while i < len(lines) and lines[i].startswith("|"):
        r = cells(lines[i]); i += 1
        assert len(r) == len(header), r
        task = r[0]
        for m, v in zip(models, r[1:]):
            if re.fullmatch(r"<\s*5%", v):
                censored += 1
                continue
            m_ = re.fullmatch(r"(\d+(?:\.\d+)?)%", v)
            assert m_, v
            cells_by_model[m].append((m, task, METRIC.get(task, "accuracy (%)"), m_.group(1), "true"))
    out = [row for m in models for row in cells_by_model[m]]
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks;",
          censored, "censored '< 5%' cells left out")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

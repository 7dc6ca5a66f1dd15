"""Independent reader for deepseek-ai/DeepSeek-R1 README.md "### DeepSeek-R1-Evaluation" (stdlib only).

The main result table is transposed: rows are benchmarks, columns are models.
  | Category | Benchmark (Metric) | Claude-3.5-Sonnet-1022 | GPT-4o 0513 | ... | DeepSeek R1 |
The Category cell is filled on the first row of each group (English, Code, Math, Chinese) and left
blank below it. The first three rows (blank Category; Architecture, # Activated Params,
# Total Params) are model properties, not results, and are left out. "-" = not reported (no cell);
"**x**" marks the best of the row (removed). Task = the "Benchmark (Metric)" cell as written.
Every metric is a success measure (Pass@1, EM, F1, Acc., Correct, LC-winrate, Percentile, Rating,
Resolved): higher is better; the bold (best) mark sits on the row maximum in every row, checked below.
The "### Distilled Model Evaluation" table after it is a separate board and is not read.
"""
import csv, os, sys

PROPS = {"Architecture", "# Activated Params", "# Total Params"}

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index("### DeepSeek-R1-Evaluation")
    while not lines[i].startswith("|"):
        i += 1
    header = cells(lines[i])
    assert header[:2] == ["Category", "Benchmark (Metric)"], header
    models = header[2:]
    i += 2
    out, category, props = [], None, []
    while i < len(lines) and lines[i].startswith("|"):
        r = cells(lines[i]); i += 1
        assert len(r) == len(header), r
        if r[0]:
            category = r[0]
        task = r[1]
        if task in PROPS:
            assert category is None, r
            props.append(task); continue
        vals = {}
        for m, v in zip(models, r[2:]):
            bold = v.startswith("**") and v.endswith("**")
            v = v.replace("**", "").strip()
            if v == "-":
                continue
            vals[m] = (v, bold)
        best = max(float(v) for v, _ in vals.values())
        assert all((float(v) == best) == b for v, b in vals.values()), (task, vals)
        for m, (v, _) in vals.items():
            metric = task[task.index("(") + 1:-1]
            out.append((m, task, metric, v, "true"))
    assert props == sorted(PROPS, key=["Architecture", "# Activated Params", "# Total Params"].index)
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

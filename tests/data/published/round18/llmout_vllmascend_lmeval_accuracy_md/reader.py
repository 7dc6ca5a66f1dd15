"""Independent reader for vllm-ascend lm-eval accuracy reports
(vllm-project/vllm-ascend, docs/source/developer_guide/evaluation/accuracy_report/*.md). Standard library only.
Writes expected.csv next to this file.

Each report: "# <org>/<model>" heading, bullets, a bash block, then a table
"| Task | Metric | Value | Stderr |" with rows like "| gsm8k | exact_match,strict-match | ✅0.8923 | ± 0.0085 |".
Reading (see notes.md):
  * system = the "# " heading (the file name drops the org); index.md has no table and is skipped;
  * task = "<Task> [<Metric>]" (Metric kept whole, with lm-eval's ",<filter>" part);
  * score = Value with the leading pass mark (✅ / ❌) removed; Stderr is not a score;
  * higher is better (accuracy / exact match).
"""
import csv, glob, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.join(HERE, "raw", "docs", "source", "developer_guide", "evaluation", "accuracy_report")

rows = []
for path in sorted(glob.glob(os.path.join(BASE, "*.md"))):
    lines = open(path, encoding="utf-8").read().splitlines()
    model = None
    in_table = False
    for line in lines:
        if model is None and line.startswith("# "):
            model = line[2:].strip()
        s = line.strip()
        if s.startswith("| Task"):
            in_table = True
            continue
        if in_table and s.startswith("|"):
            cells = [c.strip() for c in s.strip("|").split("|")]
            if set(cells[0]) <= set("-:"):
                continue
            task, metric, value, _stderr = cells
            m = re.fullmatch(r"[✅❌]?\s*([0-9.]+)", value)
            assert m, value
            rows.append([model, f"{task} [{metric}]", metric, m.group(1), "true"])
        elif in_table:
            in_table = False

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks")

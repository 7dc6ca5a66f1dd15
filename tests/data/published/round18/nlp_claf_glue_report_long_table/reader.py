"""Independent reader for naver/claf docs/reports/glue.md (GLUE dev-set results).

Standard library only; writes expected.csv next to this script.
Two pipe tables (Base size, Large size) with header
  | Task (Metric) | Model | CLaF Result | Official Result | BaseConfig |
Long format: the task cell, e.g. '**MRPC** (**Accuracy/F1**)', appears on the first row of a block and is
blank on the following rows (it carries down). Scores are taken from 'CLaF Result' only (CLaF's own dev-set
runs); 'Official Result' (numbers quoted from the original papers, partly test set) is not read.
Cell 'a/b' splits according to the task cell:
  * 'MNLI m/mm (Accuracy)'  -> tasks 'MNLI-m' and 'MNLI-mm', metric 'Accuracy';
  * 'MRPC (Accuracy/F1)', 'QQP (Accuracy/F1)', 'STS-B (Pearson/Spearman)' -> one task, two metrics.
'-' = not run (skipped). All metrics higher is better. Scores written as in the source (including the
malformed '89735' for BERT-Large STS-B Spearman, see notes.md).
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "docs", "reports", "glue.md"), encoding="utf-8").read().splitlines()

def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]

rows, in_table, task_cell = [], False, None
for ln in lines:
    if ln.startswith("| Task (Metric)"):
        header = cells(ln)
        col = header.index("CLaF Result")
        in_table, task_cell = True, None
        continue
    if not in_table:
        continue
    if not ln.startswith("|"):
        in_table = False
        continue
    r = cells(ln)
    if set(r[0]) <= set("-: "):
        if r[0]:  # separator row
            continue
    if r[0]:
        task_cell = r[0].replace("**", "")
    m = re.match(r"^(.*?) \((.*)\)$", task_cell)
    task, metric = m.group(1).strip(), m.group(2).strip()
    model = r[1]
    v = r[col]
    if v == "-":
        continue
    parts = v.split("/")
    if task == "MNLI m/mm":
        targets = [("MNLI-m", metric), ("MNLI-mm", metric)]
    elif "/" in metric:
        targets = [(task, mm) for mm in metric.split("/")]
    else:
        targets = [(task, metric)]
    assert len(parts) == len(targets), (model, task_cell, v)
    for (t, mm), x in zip(targets, parts):
        float(x)
        rows.append([model, t, mm, x.strip(), "true"])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows;", len({r[0] for r in rows}), "systems;", len({(r[1], r[2]) for r in rows}), "task x metric columns")

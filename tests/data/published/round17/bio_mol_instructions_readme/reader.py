"""Independent reader for the results tables in zjunlp/Mol-Instructions README.md (section 3.3).

Standard library only. Writes expected.csv next to this script.
Each pipe table is introduced by a bullet line '- <task name>' (not a heading). Three layouts:
  (a) '| Metric | Exact↑ | BLEU↑ | ... |'  -> the first column (headed 'Metric'!) holds the systems,
      the other columns are metrics with an arrow; task = the bullet name.
      Also '| Task | BLEU↑ | ROUGE-1↑ | BertScore↑ |' (Open Question): same, first header cell 'Task'.
  (b) '| Task | Protein Function | ... |' followed by a first body row '| Metric | ROUGE-L↑ | ... |'
      -> the header cells are sub-tasks, the 'Metric' row gives each column's metric;
      task = the column's sub-task name.
Directions: from the arrows (↑ higher is better, ↓ lower is better).
System names: whitespace collapsed; spellings that differ only in letter case are one system (the
first spelling is kept): 'LLama' = 'LLaMa', 'PMC_LLaMA' = 'PMC_LLaMa',
'Ours (LLaMA3-instruct)' = 'Ours (LLaMA3-Instruct)'. 'Ours (LLaMA)' (protein table) stays separate.
'-' is a missing cell. A row may lack its closing pipe.
"""
import csv, os

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "README.md"), encoding="utf-8").read().splitlines()

def cells(line):
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return [c.strip() for c in s.split("|")]

def metric_dir(m):
    m = m.strip()
    if m.endswith("↑"):
        return m[:-1].strip(), "true"
    if m.endswith("↓"):
        return m[:-1].strip(), "false"
    raise SystemExit("no arrow: " + repr(m))

canon = {}
def name(s):
    s = " ".join(s.split())
    return canon.setdefault(s.lower(), s)

start = next(i for i, l in enumerate(lines) if l.startswith("## 🧪 Molecular generation tasks"))
end = next(i for i, l in enumerate(lines) if "3.4 FAQ" in l)
rows, bullet, i = [], None, start
while i < end:
    ln = lines[i]
    if ln.startswith("- "):
        bullet = ln[2:].strip()
    elif ln.startswith("|"):
        header = cells(ln)
        body = []
        i += 2
        while i < end and lines[i].startswith("|"):
            body.append(cells(lines[i]))
            i += 1
        if body and body[0][0] == "Metric":          # layout (b)
            cols = [(task, *metric_dir(m)) for task, m in zip(header[1:], body[0][1:])]
            body = body[1:]
        else:                                        # layout (a)
            cols = [(bullet, *metric_dir(m)) for m in header[1:]]
        for r in body:
            system = name(r[0])
            assert len(r) == len(header), r
            for (task, metric, hib), v in zip(cols, r[1:]):
                if v == "-":
                    continue
                float(v)
                rows.append([system, task, metric, v, hib])
        bullet = None
        continue
    i += 1

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows;", len({r[0] for r in rows}), "systems;", len({r[1] for r in rows}), "tasks;",
      len({(r[1], r[2]) for r in rows}), "task x metric columns")

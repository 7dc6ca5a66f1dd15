"""Independent reader for the CTranslate2 README benchmark tables.

Standard library only. Writes expected.csv next to this script.
Tables read: the two pipe tables under '## Benchmarks', headed '#### CPU' and '#### GPU'.
Inside each table:
  * a bold row with empty cells ('| **OpenNMT-py WMT14 model** | | | |') opens a group: the model
    being translated -> part of the task name;
  * a row whose name starts with '- ' ('| - int8 | ...') is a variant of the last named system
    -> system = '<last named system>, <variant>';
  * other rows are named systems.
Task = '<CPU|GPU> / <group>'. Metrics: 'Tokens per second' (higher is better, stated),
'Max. memory' / 'Max. GPU memory' / 'Max. CPU memory' in MB (lower is better, not stated),
'BLEU' (higher is better, not stated). '2653MB' -> 2653.
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "README.md"), encoding="utf-8").read().splitlines()

def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]

DIRECTION = {"Tokens per second": "true", "BLEU": "true",
             "Max. memory": "false", "Max. GPU memory": "false", "Max. CPU memory": "false"}

rows, section, in_bench, i = [], None, False, 0
while i < len(lines):
    ln = lines[i]
    if ln.startswith("## "):
        in_bench = ln.strip() == "## Benchmarks"
    elif in_bench and ln.startswith("#### "):
        section = ln[5:].strip()
    elif in_bench and section and ln.startswith("|"):
        header = cells(ln)
        assert header[0] == "", header
        i += 2  # separator
        group, base = None, None
        while i < len(lines) and lines[i].startswith("|"):
            c = cells(lines[i])
            name, vals = c[0], c[1:]
            if name.startswith("**") and all(v == "" for v in vals):
                group, base = name.strip("*").strip(), None
            else:
                if name.startswith("- "):
                    system = f"{base}, {name[2:].strip()}"
                else:
                    base = system = name
                for col, val in zip(header[1:], vals):
                    m = re.fullmatch(r"(\d+(?:\.\d+)?)(MB)?", val)
                    if not m:
                        raise SystemExit("unexpected cell %r" % val)
                    metric = col + (" (MB)" if m.group(2) else "")
                    rows.append([system, f"{section} / {group}", metric, m.group(1), DIRECTION[col]])
            i += 1
        section = None
        continue
    i += 1

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows;", len({r[0] for r in rows}), "systems;", len({r[1] for r in rows}), "tasks")

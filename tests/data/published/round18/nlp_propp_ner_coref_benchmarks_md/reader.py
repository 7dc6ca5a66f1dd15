"""Independent reader for lattice-8094/propp docs/datasets_benchmarks.md (NER and coreference benchmarks).

Standard library only; writes expected.csv next to this script.
Each '### <dataset>' section holds a model table whose first header cell is 'Embedding Model' (NER) or
'embedding_model' (coreference). Those tables are read: system = first cell, task = the section heading,
metric = each score column. Read metrics: NER 'Micro F1', 'Macro F1'; coreference 'MUC_f1', 'B3_f1',
'CEAFe_f1'. Not read: 'Support' and 'avg_tokens' (counts, written with thousands separators),
'CONLL_f1' (the mean of MUC, B3 and CEAFe F1, a derived average), and the per-tag tables
(first header cell 'NER_tag': rows are entity tags of the best model, not systems).
All read metrics are F1 scores: higher is better.
"""
import csv, os

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "docs", "datasets_benchmarks.md"), encoding="utf-8").read().splitlines()
READ = {"Micro F1", "Macro F1", "MUC_f1", "B3_f1", "CEAFe_f1"}

def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]

rows, section, i = [], None, 0
while i < len(lines):
    ln = lines[i]
    if ln.startswith("### "):
        section = ln[4:].strip()
    elif ln.startswith("|") and section:
        header = cells(ln)
        i += 2
        body = []
        while i < len(lines) and lines[i].startswith("|"):
            body.append(cells(lines[i]))
            i += 1
        if header[0] in ("Embedding Model", "embedding_model"):
            for r in body:
                for h, v in zip(header[1:], r[1:]):
                    if h in READ:
                        float(v)
                        rows.append([r[0], section, h, v, "true"])
        continue
    i += 1

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows;", len({r[0] for r in rows}), "systems;", len({(r[1], r[2]) for r in rows}), "task x metric columns")

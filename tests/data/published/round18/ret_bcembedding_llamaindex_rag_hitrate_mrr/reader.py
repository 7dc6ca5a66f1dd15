"""Independent reader for netease-youdao/BCEmbedding Docs/EvaluationSummary/rag_eval_reproduced_summary.md.

Standard library only; writes expected.csv next to this script.
One pipe table: first column 'Embedding Models' (the systems), then six reranker-setting columns whose
headers look like 'CohereRerank <br> [*hit_rate/mrr*]'. Each body cell is 'hit_rate/mrr', e.g. '88.18/64.95'.
Task = the reranker setting (header text before '<br>', '*' emphasis removed), metric = hit_rate or mrr
(order given in the header's bracket), both higher is better (README: "The larger, the better.").
System names: '*' emphasis removed ('***bce-embedding-base_v1***' -> 'bce-embedding-base_v1').
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(HERE, "raw", "Docs", "EvaluationSummary", "rag_eval_reproduced_summary.md")
lines = open(path, encoding="utf-8").read().splitlines()

def cells(line):
    s = line.strip()
    s = s[1:] if s.startswith("|") else s
    s = s[:-1] if s.endswith("|") else s
    return [c.strip() for c in s.split("|")]

def plain(s):
    return s.replace("*", "").strip()

rows = []
i = 0
while i < len(lines):
    if lines[i].startswith("| Embedding Models"):
        header = cells(lines[i])
        cols = []
        for h in header[1:]:
            name, bracket = h.split("<br>")
            metrics = plain(bracket).strip("[]").split("/")
            cols.append((plain(name), [m.strip() for m in metrics]))
        i += 2
        while i < len(lines) and lines[i].strip().startswith("|"):
            r = cells(lines[i])
            system = plain(r[0])
            for (task, metrics), v in zip(cols, r[1:]):
                vals = plain(v).split("/")
                assert len(vals) == len(metrics), (system, task, v)
                for m, x in zip(metrics, vals):
                    float(x)
                    rows.append([system, task, m, x, "true"])
            i += 1
        continue
    i += 1

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows;", len({r[0] for r in rows}), "systems;", len({(r[1], r[2]) for r in rows}), "task x metric columns")

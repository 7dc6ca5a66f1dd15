"""Independent reader for four Haystack benchmark chart-data JSON files (docs/_src/benchmarks/*.json).

Standard library only. Writes expected.csv next to this script.
Each file is a chart spec: metadata (title, description, columns, series/axes) plus a 'data' list of records.
Readings:
  reader_performance.json     record keys Model, F1, Speed     -> task 'SQuAD v2.0 dev'
  retriever_map.json          record keys model, n_docs, map   -> task 'NQ retrieval (n_docs=N)', metric mAP
  retriever_speed.json        record keys model, n_docs, query_speed
  retriever_performance.json  record keys model, n_docs, index_speed, query_speed, map (all at n_docs=100000)
The map / query_speed values of retriever_performance.json are identical to the n_docs=100000 records of the
other two files; each (model, task, metric) is emitted once. All metrics are higher-is-better
(F1, mAP, and throughputs in passages/sec, queries/sec, docs/sec).
"""
import csv, json, os

HERE = os.path.dirname(os.path.abspath(__file__))
D = os.path.join(HERE, "raw", "docs", "_src", "benchmarks")

def load(name):
    with open(os.path.join(D, name), encoding="utf-8") as f:
        return json.load(f)["data"]

out = {}
def put(model, task, metric, value):
    key = (model, task, metric)
    if key in out and out[key] != value:
        raise SystemExit(f"conflict {key}: {out[key]} vs {value}")
    out[key] = value

for r in load("reader_performance.json"):
    put(r["Model"], "SQuAD v2.0 dev", "F1", r["F1"])
    put(r["Model"], "SQuAD v2.0 dev", "speed (passages/sec)", r["Speed"])
for r in load("retriever_map.json"):
    put(r["model"], f"NQ retrieval (n_docs={r['n_docs']})", "mAP", r["map"])
for r in load("retriever_speed.json"):
    put(r["model"], f"NQ retrieval (n_docs={r['n_docs']})", "query speed (queries/sec)", r["query_speed"])
for r in load("retriever_performance.json"):
    t = f"NQ retrieval (n_docs={r['n_docs']})"
    put(r["model"], t, "mAP", r["map"])
    put(r["model"], t, "query speed (queries/sec)", r["query_speed"])
    put(r["model"], t, "index speed (docs/sec)", r["index_speed"])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    for (m, t, k), v in out.items():
        w.writerow([m, t, k, repr(v), "true"])
print(len(out), "rows")

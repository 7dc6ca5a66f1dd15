"""Independent reader for the MS MARCO passage ranking leaderboard CSV.

Standard library only. Writes expected.csv next to this script.
One system per CSV row (one submission). Name: the submission id when the row has one
(e.g. 20210809-cmu); older rows have an empty id, and are named
'<description> [<type>, <date>]' (descriptions repeat, e.g. 'Anonymous', 'BERT base + attention ranking').
Scores: 'eval' and 'dev' columns = MRR@10 on the eval and dev query sets, higher is better.
Empty cells (13 rows lack a dev score) produce no row.
"""
import csv, os

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "raw", "leaderboard", "leaderboard.csv"), newline="", encoding="utf-8") as f:
    rows = list(csv.reader(f))
header = rows[0]
assert header == ["id", "", "description", "team", "paper", "code", "type", "date", "eval", "dev", "tweet"], header
out, seen = [], set()
for r in rows[1:]:
    rec = dict(zip(header, r))
    name = rec["id"] or f"{rec['description']} [{rec['type']}, {rec['date']}]"
    if name in seen:
        raise SystemExit("duplicate system " + name)
    seen.add(name)
    for col, task in (("eval", "MS MARCO passage ranking (eval)"), ("dev", "MS MARCO passage ranking (dev)")):
        if rec[col].strip():
            out.append([name, task, "MRR@10", rec[col].strip(), "true"])
with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(out)
print(len(seen), "systems", len(out), "rows")

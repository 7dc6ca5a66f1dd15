"""Independent reader for PutnamBench docs/results.json (standard library only).

The file is one JSON object: key = leaderboard entry name (method / model), value =
{link, open-data, num-solved: {<track>: <int>}, size, condensed-compute-budget, note}.
Each num-solved entry is a score: the number of PutnamBench problems proved in that track
(lean/isabelle/coq x wsolution/nosolution); higher is better.

Entry names are kept exactly as the keys are written. Several keys differ only by trailing spaces
('Aleph Prover (Logical Intelligence)', '... ' and '...  '; 'Goedel-Architect' and
'Goedel-Architect ') and are different leaderboard entries (different budgets / pass@k); they must
not be merged. size, open-data, condensed-compute-budget, note and link are metadata, not scores.
"""
import csv
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "docs", "results.json")
OUT = os.path.join(HERE, "expected.csv")


def main():
    data = json.load(open(SRC, encoding="utf-8"))
    rows = []
    for name, entry in data.items():
        for track, n in entry["num-solved"].items():
            rows.append([name, track, "num-solved", str(n), "true"])
    with open(OUT, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"wrote {len(rows)} rows")


if __name__ == "__main__":
    main()

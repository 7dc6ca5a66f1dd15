"""Independent reader for clembench-leaderboard versions/v1.0.csv (stdlib only).

Header cells are "game, metric" (pandas MultiIndex flattened with ', ').  The first column
(empty header) holds the model, spelled as a self-play pair "X-t0.0--X-t0.0".
Kept: for each game, "<game>, % Played" and "<game>, Quality Score" (both 0-100, higher is
better).  Dropped: "-, clemscore" and "all, Average ..." (aggregates over games) and
"<game>, Quality Score (std)" (dispersion).  Empty cells are games with no value.
"""
import csv, os, sys

def main(set_dir):
    path = os.path.join(set_dir, "raw/versions/v1.0.csv")
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    assert header[0] == ""
    cols = []
    for j, h in enumerate(header[1:], start=1):
        game, metric = [s.strip() for s in h.split(",", 1)]
        if game in ("-", "all"):
            continue                      # clemscore and macro-averages
        if metric.endswith("(std)"):
            continue                      # standard deviation of Quality Score
        assert metric in ("% Played", "Quality Score"), h
        cols.append((j, h.strip(), metric))
    assert len(cols) == 14, cols
    out = []
    for r in rows[1:]:
        if not r:
            continue
        model = r[0].strip()
        for j, task, metric in cols:
            cell = r[j].strip()
            if cell == "":
                continue
            float(cell)
            out.append((model, task, metric, cell, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len(rows) - 1, "models")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

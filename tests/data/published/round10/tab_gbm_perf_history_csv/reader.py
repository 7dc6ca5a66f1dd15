"""Independent reader for szilard/GBM-perf analysis/history/history.csv (stdlib only).

Wide CSV: platform,year,size,xgb,lgbm,h2o,catboost. Each row is a condition (CPU/GPU, year of the
software versions, 1M/10M rows); each library column holds the training time in seconds (history.R
melts the library columns into 'software' / 'runtime'). Empty = not run (h2o has no GPU entry,
catboost not in 2017/2018): no cell. Model = library column, task = "platform year size".
"""
import csv, os, sys

def main(set_dir):
    with open(os.path.join(set_dir, "raw/analysis/history/history.csv"), encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    assert header[:3] == ["platform", "year", "size"], header
    out = []
    for r in rows[1:]:
        task = "%s %s %s" % (r[0], r[1], r[2])
        for model, v in zip(header[3:], r[3:]):
            if v.strip() == "":
                continue
            float(v)
            out.append((model, task, "runtime [s]", v.strip(), "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for openrlbenchmark/openrlbenchmark static/*.csv @d67da55 (stdlib only).

Every file is a pandas DataFrame.to_csv() written by openrlbenchmark.rlops: an unnamed first
column of environment ids (rows) and one column per compared run set (system), labelled
"<project>/<exp_name> ({filters})" or a custom legend label ("CleanRL PPO").
  * <name>.csv           : cells "mean ± std" over seeds of the average episodic return of the
                           last 100 training episodes (higher is better)
  * <name>_hns.csv       : same, human-normalised (higher is better)
  * <name>_runtimes.csv  : plain numbers, wall-clock runtime of the runs in minutes (the rlops
                           default time unit; lower is better)
"nan ± nan" cells are empty results and are skipped. One output row per score cell, files
processed in name order; the two pairs of byte-identical files therefore give duplicate rows.
"""
import csv
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "raw", "static")
PM = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*±\s*(-?\d+(?:\.\d+)?)\s*$")
PLAIN = re.compile(r"^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$")


def main():
    out = []
    for fn in sorted(os.listdir(DATA)):
        if not fn.endswith(".csv"):
            continue
        stem = fn[:-4]
        if stem.endswith("_runtimes"):
            metric, hib = "runtime (minutes)", "false"
        elif stem.endswith("_hns"):
            metric, hib = "human normalized score (mean over seeds)", "true"
        else:
            metric, hib = "episodic return, last 100 episodes (mean over seeds)", "true"
        with open(os.path.join(DATA, fn), encoding="utf-8", newline="") as f:
            rows = list(csv.reader(f))
        systems = rows[0][1:]
        for r in rows[1:]:
            env = r[0]
            for sysname, cell in zip(systems, r[1:]):
                m = PM.match(cell)
                if m:
                    score = m.group(1)
                elif PLAIN.match(cell.strip()):
                    score = cell.strip()
                else:
                    continue  # 'nan ± nan'
                out.append([sysname, env, metric, score, hib])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

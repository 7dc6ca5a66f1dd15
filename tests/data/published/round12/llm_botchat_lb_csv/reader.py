"""Independent reader for llm_botchat_lb_csv.

BotChat leaderboard CSV (docs/lb.csv, the data file the project's leaderboard web page loads).
The file starts with a UTF-8 byte-order mark. Columns:
Model, Win_Tie_Rate, Length, Uni_Eval_16, Uni_Eval_8, ELO_16, ELO_8, Link, Filter

Tasks = Win_Tie_Rate, Uni_Eval_16, Uni_Eval_8, ELO_16, ELO_8 (all higher is better).
Left out: Length (mean token length of the model's utterances, a descriptive statistic),
Link (URL), Filter (row category used by the page's filter switch).
"""

import csv
import os
import sys

TASKS = {
    "Win_Tie_Rate": "win+tie rate vs. ground truth (%)",
    "Uni_Eval_16": "Uni-Eval pass rate, N=16 (%)",
    "Uni_Eval_8": "Uni-Eval pass rate, N=8 (%)",
    "ELO_16": "BotChat Arena ELO, N=16",
    "ELO_8": "BotChat Arena ELO, N=8",
}


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "docs", "lb.csv"), encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    out = []
    for r in rows:
        model = r["Model"].strip()
        if not model:
            continue
        for col, metric in TASKS.items():
            val = (r.get(col) or "").strip()
            if val:
                out.append((model, col, metric, val, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len({r[0] for r in out}), "models,", len({r[1] for r in out}), "tasks,", len(out), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

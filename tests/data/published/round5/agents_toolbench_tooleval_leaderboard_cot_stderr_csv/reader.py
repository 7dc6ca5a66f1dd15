#!/usr/bin/env python3
"""Independent reader (standard library only) for agents_toolbench_tooleval_leaderboard_cot_stderr_csv.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/.../leaderboard###default_evalset###tooleval_gpt-3.5-turbo_normalized###gpt-3.5-turbo_CoT.csv,
written by ToolBench's toolbench/tooleval/eval_and_update_leaderboard.py:
  columns=['Method','WinRate','StdError', *[subset+'_WinRate' ...], *[subset+'_StdError' ...]]
  <subset>_WinRate  = np.mean(pref)                  (share of queries where the ChatGPT evaluator
                                                     preferred the method over the reference, 0..1)
  <subset>_StdError = np.std(pref)/np.sqrt(len(pref))
  WinRate / StdError = the same over all subsets pooled (an aggregate).
  * model = `Method`; the reference method gpt-3.5-turbo_CoT is on the board at 0.5 everywhere;
  * tasks = the six subsets (<subset>_WinRate columns), higher is better ("percentage of being
            preferred by the evaluator"; the script sorts by WinRate, ascending=False);
  * WinRate (aggregate) and all StdError columns are left out.
"""
import csv
import glob
import os
import sys


def main(set_dir):
    [path] = glob.glob(os.path.join(set_dir, "raw", "toolbench", "tooleval", "results", "leaderboard*.csv"))
    with open(path, encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        header = reader.fieldnames
        table = list(reader)
    groups = [c[: -len("_WinRate")] for c in header if c.endswith("_WinRate")]
    rows = []
    for r in table:
        for g in groups:
            v = r[g + "_WinRate"].strip()
            if v:
                rows.append((r["Method"].strip(), g, "win_rate", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

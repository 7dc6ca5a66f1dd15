"""Independent reader for DevBench's SubEval (LLM-as-a-judge) output folder
llm_judge/output/DevBench_projects_example_infer_input_2680_record0_gpt-3.5-turbo-1106_2 (commit e3ea259).
Standard library only. Writes expected.csv.

win_rate_with_tie.csv / win_rate_without_tie.csv have TWO comma-separated columns:
'Metric;Model' and the rate. The first field is '<metric>;<model>;<opponent>' (semicolons inside
one CSV field). The rate is <model>'s win rate against <opponent> on <metric> ('general' or
'faithfulness' criteria for UML class designs), judged by gpt-3.5-turbo-1106, with
gpt-3.5-turbo-1106 also the reference model every other model is compared with.

Reading (see notes.md):
  * rows whose first model is the reference (gpt-3.5-turbo-1106) are the mirror of another row
    (with tie: exactly 1 - the mirrored rate) -> left out; every other model gets its rate vs the reference;
  * WinRateWithoutTie = win / (total - tie), written as 0 by the tool when total - tie == 0
    (`... if (tot - tie) > 0 else 0`): such a pair shows 0.0 in BOTH directions; these undefined
    cells are left out;
  * length_stats.csv (mean/std of response length, unit not stated) is not a score and is not read.
"""
import csv, os

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.join(HERE, "raw", "llm_judge", "output",
                   "DevBench_projects_example_infer_input_2680_record0_gpt-3.5-turbo-1106_2")
REF = "gpt-3.5-turbo-1106"
rows = []
for fname in ("win_rate_with_tie.csv", "win_rate_without_tie.csv"):
    with open(os.path.join(DIR, fname), newline="", encoding="utf-8") as f:
        r = csv.reader(f)  # comma-delimited; do not sniff (';' would look like a delimiter)
        head = next(r)
        assert head[0] == "Metric;Model", head
        rate_name = head[1]
        cells = {tuple(key.split(";")): val for key, val in r}
    for (metric, model, opp), val in cells.items():
        assert REF in (model, opp)
        if model == REF:
            continue  # mirror of (metric, opp, REF)
        if rate_name == "WinRateWithoutTie" and float(val) == 0 and float(cells[(metric, opp, model)]) == 0:
            continue  # undefined: every comparison was a tie, tool wrote 0 for both sides
        rows.append([model, f"{metric} vs {opp} ({rate_name})", rate_name, val, "true"])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks")

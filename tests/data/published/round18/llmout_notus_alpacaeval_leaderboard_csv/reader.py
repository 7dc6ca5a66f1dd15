"""Independent reader for an AlpacaEval leaderboard CSV (argilla-io/notus, v1/eval/alpaca_eval/leaderboard.csv).
Standard library only. Writes expected.csv next to this file.

Header: ",win_rate,standard_error,n_wins,n_wins_base,n_draws,n_total,mode,avg_length" -- the first column has no
name (pandas index) and holds the model name.  Reading (see notes.md):
  * system = first column; one task "AlpacaEval win_rate" (percent of instructions where the GPT-4 annotator
    prefers the model's output over text_davinci_003's; draws count half); higher is better;
  * standard_error (uncertainty of win_rate), the counts n_wins / n_wins_base / n_draws / n_total, the
    leaderboard category "mode" and avg_length (output length in characters) are not scores.
Scores copied as written.
"""
import csv, os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "v1", "eval", "alpaca_eval", "leaderboard.csv")

rows = []
with open(SRC, newline="", encoding="utf-8") as f:
    r = csv.reader(f)
    header = next(r)
    assert header[0] == "" and header[1] == "win_rate", header
    for rec in r:
        if not rec:
            continue
        rows.append([rec[0], "AlpacaEval win_rate", "win_rate (%) vs text_davinci_003", rec[1], "true"])

assert len({x[0] for x in rows}) == len(rows)
with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows,", len({x[0] for x in rows}), "models")

#!/usr/bin/env python3
"""Independent reader (standard library only) for llm_alpacaeval1_package_leaderboard.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/src/alpaca_eval/leaderboards/data_AlpacaEval/alpaca_eval_gpt4_leaderboard.csv is the
precomputed "AlpacaEval" (1.0) leaderboard shipped in the alpaca_eval package (annotator
alpaca_eval_gpt4, baseline text_davinci_003), written by pandas `DataFrame.to_csv` with the model
names as the index: the first header cell is EMPTY.

Reading defined by the source (src/alpaca_eval/main.py: `sort_by: str = "length_controlled_winrate"
if constants.IS_ALPACA_EVAL_2 else "win_rate"`; README "AlpacaEval minimal leaderboard" shows
Win Rate and Std Error):
* model = the unnamed first column;
* score = win_rate (percent of instructions where the annotator prefers the model over
  text_davinci_003), higher is better; one task;
* standard_error (of the win rate), n_wins, n_wins_base, n_draws, n_total (counts), mode (text),
  avg_length (characters), discrete_win_rate and length_controlled_winrate (other metrics, empty
  for 42 / 44 of the 102 rows) are not the score.
"""
import csv
import os
import sys

PATH = "raw/src/alpaca_eval/leaderboards/data_AlpacaEval/alpaca_eval_gpt4_leaderboard.csv"


def main(set_dir):
    with open(os.path.join(set_dir, PATH), newline="", encoding="utf-8") as f:
        rd = csv.reader(f)
        header = next(rd)
        assert header[0] == "", header
        j = header.index("win_rate")
        out, seen = [], set()
        for r in rd:
            if r[0] in seen:
                raise SystemExit("duplicate model %r" % r[0])
            seen.add(r[0])
            if r[j] != "":
                out.append((r[0], "alpaca_eval", "win_rate", r[j], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows" % len(out))


if __name__ == "__main__":
    main(sys.argv[1])

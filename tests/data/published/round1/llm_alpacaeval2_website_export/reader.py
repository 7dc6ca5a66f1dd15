#!/usr/bin/env python3
"""Independent reader (standard library only) for llm_alpacaeval2_website_export.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/docs/data_AlpacaEval_2/weighted_alpaca_eval_gpt4_turbo_leaderboard.csv is the file the
AlpacaEval website (docs/index.html) downloads for its default "AlpacaEval 2.0" board; written by
docs/format_export_leaderboards.py (columns name, length_controlled_winrate, win_rate, avg_length,
link, samples, filter).

Reading defined by the source:
* model = `name` (the model config's pretty_name);
* rows shown = the website's default filter "Verified" (`<input id="verified" ... checked="checked"/>`):
  `verifiedRadio.checked && (filter === 'verified' || filter === 'minimal')`; the "community" rows
  appear only under the Community toggle (and there "GPT 3.5 Turbo (06/13)" is listed twice);
* score = length_controlled_winrate ("Length-controlled Win Rates are out and used by default!",
  README; the export sorts by it), a win rate in percent, higher is better;
* win_rate (the raw win rate "still shown"), avg_length (mean output length in characters), link,
  samples, filter are not the score.
"""
import csv
import os
import sys

PATH = "raw/docs/data_AlpacaEval_2/weighted_alpaca_eval_gpt4_turbo_leaderboard.csv"


def main(set_dir):
    with open(os.path.join(set_dir, PATH), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    out, seen = [], set()
    for r in rows:
        if r["filter"] not in ("verified", "minimal"):
            continue
        if r["name"] in seen:
            raise SystemExit("duplicate model %r" % r["name"])
        seen.add(r["name"])
        if r["length_controlled_winrate"] != "":
            out.append((r["name"], "alpaca_eval_2", "length_controlled_winrate", r["length_controlled_winrate"], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows" % len(out))


if __name__ == "__main__":
    main(sys.argv[1])

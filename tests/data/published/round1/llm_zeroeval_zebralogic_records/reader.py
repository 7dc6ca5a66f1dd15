#!/usr/bin/env python3
"""Independent reader (standard library only) for llm_zeroeval_zebralogic_records.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/result_dirs/zebra-grid.summary.json: ZeroEval's ZebraLogic results, a JSON list of records
written by src/evaluation/zebra_grid_eval.py (`result["Puzzle Acc"] = f"{solved_puzzles/num_total_puzzles*100:.2f}"`
etc.: the numbers are STRINGS, "Total Puzzles" and "N_Size" are integers).

Reading defined by the source:
* model = "Model" (all rows have Mode "greedy", N_Mode "single", N_Size 1);
* score = "Puzzle Acc" (the rows are sorted by it: `rows = sorted(rows, key=lambda x: -float(x["Puzzle Acc"]))`;
  src/evaluation/summarize.py takes it as the benchmark's column: `zebra_data[['Model', "Puzzle Acc"]]`
  renamed 'ZebraLogic'), percent of puzzles solved, higher is better;
* rows whose "Total Puzzles" is not the full 1000 are left out, as summarize.py does:
  `filter_models_by_num_examples(zebra_data, total_num_examples['zebra-grid'], 'Total Puzzles')`,
  `total_num_examples = {... 'zebra-grid': 1000, ...}` (one row, Llama-3.1-405B-Inst@hyperbolic, has 16);
* Cell Acc, the six size/difficulty breakdowns, No answer, Total Puzzles, Reason Lens, N_Mode,
  N_Size are not the score.
"""
import csv
import json
import os
import sys

FULL = 1000


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "result_dirs", "zebra-grid.summary.json"), encoding="utf-8") as f:
        records = json.load(f)
    out, seen = [], set()
    for rec in records:
        if rec["Total Puzzles"] != FULL:
            continue
        assert rec["Mode"] == "greedy" and rec["N_Size"] == 1, rec
        model = rec["Model"]
        if model in seen:
            raise SystemExit("duplicate %r" % model)
        seen.add(model)
        out.append((model, "zebra-grid", "Puzzle Acc", rec["Puzzle Acc"], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows" % len(out))


if __name__ == "__main__":
    main(sys.argv[1])

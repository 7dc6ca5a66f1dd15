"""Independent reader for ClassEval output/result/pass_at_k_result.json (standard library only).

Structure: {<pass_k>: {<system>: {<measure>: <float in [0,1]>}}}
  pass_k   : pass_1, pass_3, pass_5 (nucleus sampling, 5 samples, T=0.2) and
             pass_1_greedy (one greedy sample)
  system   : '<Model>_<S>' with S in {H, I, C} = holistic / incremental / compositional generation
             strategy; under pass_1_greedy the same systems carry a '(greedy)' suffix
  measure  : class_success (class-level Pass@k), fun_success (method-level Pass@k) and the
             lenient class_partial_success / fun_partial_success.

Expected reading: model = system key with the '(greedy)' suffix removed (the decoding mode is the
metric, not a different system), task = measure, metric = pass_k, score as written (fraction),
higher is better.
"""
import csv
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "output", "result", "pass_at_k_result.json")
OUT = os.path.join(HERE, "expected.csv")


def main():
    text = open(SRC, encoding="utf-8").read()
    # keep the numbers exactly as written: parse floats as their source strings
    data = json.loads(text, parse_float=lambda s: s, parse_int=lambda s: s)
    rows = []
    for passk, systems in data.items():
        for system, measures in systems.items():
            model = system[: -len("(greedy)")] if system.endswith("(greedy)") else system
            for measure, v in measures.items():
                rows.append([model, measure, passk, v, "true"])
    with open(OUT, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"wrote {len(rows)} rows")


if __name__ == "__main__":
    main()

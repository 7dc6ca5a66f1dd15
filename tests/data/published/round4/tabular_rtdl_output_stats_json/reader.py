#!/usr/bin/env python3
"""Independent reader (stdlib only) for tabular_rtdl_output_stats_json.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source: yandex-research/rtdl-revisiting-models output/<dataset>/<model>/tuned/<seed>/stats.json (one report per
tuned config x random seed; <seed>.toml beside it is the config, DONE an empty marker).  README:
    df = pd.json_normalize([json.loads(x.read_text()) for x in Path('output').glob('*/mlp/tuned/*/stats.json')])
    print(df.groupby('dataset')['metrics.test.score'].mean().round(3))
    "The output exactly matches Table 2 from the paper"
lib/metrics.py: regression `return {'rmse': rmse, 'score': -rmse}`, classification
`result['score'] = result['accuracy']` -> score is higher-is-better for both.
Board: model (folder under the dataset) x dataset, score = mean of metrics.test.score over the 15 seeds.
"""
import csv
import json
import os
import sys


def main():
    d = sys.argv[1].rstrip("/")
    root = os.path.join(d, "raw", "output")
    rows = []
    for dataset in sorted(os.listdir(root)):
        for model in sorted(os.listdir(os.path.join(root, dataset))):
            tuned = os.path.join(root, dataset, model, "tuned")
            vals = []
            for seed in sorted(os.listdir(tuned)):
                p = os.path.join(tuned, seed, "stats.json")
                if os.path.isfile(p):
                    with open(p, encoding="utf-8") as fh:
                        vals.append(float(json.load(fh)["metrics"]["test"]["score"]))
            if vals:
                rows.append((model, dataset, "metrics.test.score (mean over seeds)", repr(sum(vals) / len(vals)), "true"))
    keys = [(r[0], r[1]) for r in rows]
    assert len(keys) == len(set(keys)), "duplicate model x task"
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(os.path.basename(d), len(rows), "rows,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks")


if __name__ == "__main__":
    main()

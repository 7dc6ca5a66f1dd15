#!/usr/bin/env python3
"""Independent reader for sbintuitions/JMTEB docs/results/<org>/<model>/summary.json.

Each summary.json: {category: {dataset: {metric_name: score}}} with exactly one metric per dataset.
Model = '<org>/<model>' (the two directory levels, as make_leaderboard.py's model_signature).
Task = dataset key as written in the JSON; metric = the metric key; score = the JSON number text
unchanged (0-1 scale). Every main metric (ndcg@10, spearman, macro_f1, v_measure_score, binary_f1)
is higher-is-better (the evaluators sort by it with reverse=True).
"""
import csv, json, os, sys

def main(setdir):
    root = os.path.join(setdir, 'raw', 'docs', 'results')
    rows = []
    for org in sorted(os.listdir(root)):
        for name in sorted(os.listdir(os.path.join(root, org))):
            p = os.path.join(root, org, name, 'summary.json')
            if not os.path.isfile(p):
                continue
            d = json.load(open(p, encoding='utf-8'), parse_float=str, parse_int=str)
            for category, datasets in d.items():
                for dataset, metrics in datasets.items():
                    assert len(metrics) == 1, (p, dataset)
                    (metric, score), = metrics.items()
                    float(score)
                    rows.append((f'{org}/{name}', dataset, metric, score, 'true'))
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

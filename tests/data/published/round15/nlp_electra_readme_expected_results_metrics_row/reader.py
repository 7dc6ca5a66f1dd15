#!/usr/bin/env python3
"""Independent reader for google-research/electra README.md, section '## Expected Results'.

Header '|  | CoLA | SST | MRPC | STS | QQP | MNLI | QNLI | RTE | SQuAD 1.1 | SQuAD 2.0 | Chunking |';
first body row 'Metrics' gives the metric of each column (MCC, Acc, Spearman, EM, F1) and is not a
model. Models = first cell of the other rows. '--' = no result (no row written).
All metrics (MCC, accuracy, Spearman, EM, F1) are higher-is-better.
"""
import csv, os, sys

def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]

def main(setdir):
    lines = open(os.path.join(setdir, 'raw', 'README.md'), encoding='utf-8').read().split('\n')
    s = lines.index('## Expected Results')
    i = next(k for k in range(s, len(lines)) if lines[k].startswith('|'))
    tasks = cells(lines[i])[1:]
    i += 2
    metrics = None
    rows = []
    while i < len(lines) and lines[i].startswith('|'):
        c = cells(lines[i])
        if c[0] == 'Metrics':
            metrics = c[1:]
        else:
            for t, m, v in zip(tasks, metrics, c[1:]):
                if v == '--':
                    continue
                float(v)
                rows.append((c[0], t, m, v, 'true'))
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

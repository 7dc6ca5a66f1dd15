"""Independent reader for a RecBole-GNN results page (stdlib only).

Reading: the page has several Markdown tables; the board is the one under the
heading '# Evaluation Results' (Method x metric, one dataset).  '# Dataset
Statistics' (#Users, #Items, ... of the dataset) and '# Hyper-parameters'
(text) are not results.  Model = Method cell with ** ** removed; task = metric
column header (Recall@10, MRR@10, NDCG@10, Hit@10, Precision@10); every metric
is a top-k ranking metric, higher is better.
"""
import csv
import os
import sys

INPUT = None  # set from input.txt


def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]


def main(set_dir):
    path = os.path.join(set_dir, 'raw/results/sequential/diginetica.md')  # input.txt's path (the corpus keeps no input.txt)
    lines = open(path, encoding='utf-8').read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip().lstrip('#').strip() == 'Evaluation Results')
    table = []
    for l in lines[start + 1:]:
        if l.strip().startswith('#'):
            break
        if l.strip().startswith('|'):
            table.append(l)
        elif table and not l.strip():
            break
    header = cells(table[0])
    rows = []
    for l in table[2:]:
        c = cells(l)
        model = c[0].replace('**', '').strip()
        for h, v in zip(header[1:], c[1:]):
            if v:
                rows.append((model, h, h, v, 'true'))
    with open(os.path.join(set_dir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)
    print(len(rows), 'rows')


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

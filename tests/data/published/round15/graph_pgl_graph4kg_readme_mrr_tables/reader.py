"""Independent reader for graph_pgl_graph4kg_readme_mrr_tables (stdlib only).

Reading: README '## Results' holds three tables; the main board is the first,
'### MRR of single GPU version' (5 models x FB15k, FB15k-237, WN18, WN18RR).
'### MRR of Mix CPU and GPU version' is the same models/datasets trained with
another system configuration (an alternative run, not more tasks), and
'### MRR of WikiKG90M' covers only 3 of the models on another dataset; both are
left out.  Score = MRR as written, higher is better.
"""
import csv
import os
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]


def main(set_dir):
    path = os.path.join(set_dir, 'raw', 'apps', 'Graph4KG', 'README.md')
    lines = open(path, encoding='utf-8').read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == '### MRR of single GPU version')
    table = []
    for l in lines[start + 1:]:
        if l.strip().startswith('|'):
            table.append(l)
        elif table:
            break
    header = cells(table[0])
    rows = []
    for l in table[2:]:
        c = cells(l)
        for h, v in zip(header[1:], c[1:]):
            if v:
                rows.append((c[0], h, 'MRR', v, 'true'))
    with open(os.path.join(set_dir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)
    print(len(rows), 'rows')


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

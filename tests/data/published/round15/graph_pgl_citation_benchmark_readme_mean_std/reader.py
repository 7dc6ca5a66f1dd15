"""Independent reader for graph_pgl_citation_benchmark_readme_mean_std (stdlib only).

Reading: the single table under '### Experiment Results'.  Model = link text of
the Model cell ('[Vanilla GCN (Kipf 2017)](url)' -> 'Vanilla GCN (Kipf 2017)');
tasks = Cora, Pubmed, Citeseer; cell 'mean(std)' -> score = mean (average test
accuracy over 10 runs, higher is better); the std in parentheses and the free
text 'Remarks' column are left out.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]


def main(set_dir):
    path = os.path.join(set_dir, 'raw', 'examples', 'citation_benchmark', 'README.md')
    lines = open(path, encoding='utf-8').read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == '### Experiment Results')
    table = []
    for l in lines[start + 1:]:
        if l.strip().startswith('|'):
            table.append(l)
        elif table:
            break
    header = cells(table[0])
    tasks = [h for h in header[1:] if h != 'Remarks']
    rows = []
    for l in table[2:]:
        c = cells(l)
        m = re.match(r'\[(.*)\]\(.*\)$', c[0])
        model = (m.group(1) if m else c[0]).strip()
        for h, v in zip(header[1:], c[1:]):
            if h not in tasks or not v:
                continue
            mean = re.match(r'([0-9.]+)\s*\(([0-9.]+)\)$', v)
            rows.append((model, h, 'accuracy', mean.group(1), 'true'))
    with open(os.path.join(set_dir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)
    print(len(rows), 'rows')


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

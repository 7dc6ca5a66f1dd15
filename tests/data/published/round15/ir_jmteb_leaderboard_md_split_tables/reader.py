#!/usr/bin/env python3
"""Independent reader for sbintuitions/JMTEB leaderboard.md.

Sections '## Summary', '## Retrieval', '## STS', '## Classification', '## Reranking',
'## Clustering', '## PairClassification', each with one pipe table 'Model | Avg. | ...'.
The Summary table holds per-category averages (aggregates) and is left out; every 'Avg.' column is
left out. The six category tables are parts of one board and are joined on the Model cell.
Header cells 'dataset<br>(metric)' -> task 'dataset', metric 'metric'. '**x**' -> x.
Scores are x100 with 2 decimals as printed; all higher-is-better.
"""
import csv, os, re, sys

def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]

def main(setdir):
    lines = open(os.path.join(setdir, 'raw', 'leaderboard.md'), encoding='utf-8').read().split('\n')
    rows = []
    section = None
    i = 0
    while i < len(lines):
        l = lines[i]
        if l.startswith('## '):
            section = l[3:].strip()
        if l.startswith('|') and section and section != 'Summary':
            header = cells(l)
            assert header[0] == 'Model' and header[1] == 'Avg.', header
            cols = []
            for h in header[2:]:
                m = re.fullmatch(r'(.*)<br>\((.*)\)', h)
                cols.append((m.group(1).strip(), m.group(2).strip()))
            i += 2
            while i < len(lines) and lines[i].startswith('|'):
                c = cells(lines[i])
                for (task, metric), v in zip(cols, c[2:]):
                    v = v.replace('*', '').strip()
                    float(v)
                    rows.append((c[0], task, metric, v, 'true'))
                i += 1
            section = None
            continue
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

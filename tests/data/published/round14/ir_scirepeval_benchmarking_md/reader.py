#!/usr/bin/env python3
"""Independent reader for allenai/scirepeval BENCHMARKING.md.

One table '|Model|In-Train|Out-of-Train|SciDocs|Average|' ("the results in Table 2 from the
paper"). Models = the Model cell with Markdown links replaced by their link text
('[SciBERT](https://...)' -> 'SciBERT'; 'SciNCL Adapters ([CLF](..), [QRY](..), [RGN](..),
[PRX](..))' -> 'SciNCL Adapters (CLF, QRY, RGN, PRX)'). Tasks = In-Train, Out-of-Train, SciDocs.
'Average' is an aggregate and is left out. '**x**' bold marks the best score; the number is x.
All scores are averages of higher-is-better task metrics (F1, Kendall's tau, MAP, nDCG).
"""
import csv, os, re, sys

def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]

def main(setdir):
    lines = open(os.path.join(setdir, 'raw', 'BENCHMARKING.md'), encoding='utf-8').read().split('\n')
    i = next(k for k, l in enumerate(lines) if l.startswith('|Model|'))
    header = cells(lines[i])
    tasks = ['In-Train', 'Out-of-Train', 'SciDocs']
    idx = [header.index(t) for t in tasks]
    i += 2
    rows = []
    while i < len(lines) and lines[i].startswith('|'):
        c = cells(lines[i])
        model = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', c[0]).strip()
        for t, j in zip(tasks, idx):
            v = c[j].strip('*').strip()
            float(v)
            rows.append((model, t, 'score', v, 'true'))
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

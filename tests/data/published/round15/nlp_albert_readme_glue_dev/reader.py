#!/usr/bin/env python3
"""Independent reader for google-research/albert README.md.

The README holds three tables. The board is the one under the 'Results' heading:
"Performance of ALBERT on GLUE benchmark results using a single-model setup on dev:"
header '| Models | MNLI | QNLI | QQP | RTE | SST | MRPC | CoLA | STS |'.
Models = first cell; tasks = the 8 GLUE columns; '**x**' (best score) -> x. All higher is better.
"""
import csv, os, re, sys

def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]

def main(setdir):
    lines = open(os.path.join(setdir, 'raw', 'README.md'), encoding='utf-8').read().split('\n')
    i = next(k for k, l in enumerate(lines) if re.match(r'\|\s*Models\s*\|\s*MNLI', l))
    header = cells(lines[i])
    tasks = header[1:]
    rows = []
    i += 2
    while i < len(lines) and lines[i].startswith('|'):
        c = cells(lines[i])
        model = c[0]
        for t, v in zip(tasks, c[1:]):
            v = v.replace('*', '').strip()
            float(v)
            rows.append((model, t, 'dev score', v, 'true'))
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

#!/usr/bin/env python3
"""Independent reader for DiariZen README.md '## Benchmark' table (transposed: datasets are rows,
systems are columns). Model names are the column headers with Markdown links removed.
Score = DER (%), lower is better. '-' is a missing cell. Bold markup removed."""
import csv, os, re, sys

def cells(line):
    s = line.strip()
    if s.startswith('|'):
        s = s[1:]
    if s.endswith('|'):
        s = s[:-1]
    return [c.strip() for c in s.split('|')]

def clean(s):
    s = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', s)
    s = re.sub(r'\*\*([^*]+)\*\*', r'\1', s)
    return s.strip()

def main(setdir):
    lines = open(os.path.join(setdir, 'raw', 'README.md'), encoding='utf-8').read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == '## Benchmark')
    h = next(i for i in range(start, len(lines)) if lines[i].startswith('| Dataset'))
    models = [clean(c) for c in cells(lines[h])][1:]
    rows = []
    i = h + 2
    while i < len(lines) and lines[i].strip().startswith('|'):
        c = [clean(x) for x in cells(lines[i])]
        task = c[0]
        for m, v in zip(models, c[1:]):
            if v in ('', '-'):
                continue
            float(v)
            rows.append((m, task, 'DER', v, 'false'))
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

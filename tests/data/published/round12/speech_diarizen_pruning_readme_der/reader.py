#!/usr/bin/env python3
"""Independent reader for DiariZen recipes/diar_ssl_pruning/README.md '## Results (collar=0s)'.

Rows with an empty System cell continue the System of the row above; a model is System + Sparsity,
written "<System> (<Sparsity>)"; the Fbank row (Sparsity '-') is just "Fbank".
Tasks: AMI, AISHELL-4, AliMeeting; score = DER (%), lower is better.
Left out: Sparsity/Params/MACs/Speedup (settings and costs) and Macro (average of the three)."""
import csv, os, sys

def cells(line):
    s = line.strip()
    if s.startswith('|'):
        s = s[1:]
    if s.endswith('|'):
        s = s[:-1]
    return [c.strip() for c in s.split('|')]

TASKS = ['AMI', 'AISHELL-4', 'AliMeeting']

def main(setdir):
    p = os.path.join(setdir, 'raw', 'recipes', 'diar_ssl_pruning', 'README.md')
    lines = open(p, encoding='utf-8').read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('## Results'))
    h = next(i for i in range(start, len(lines)) if lines[i].startswith('| System'))
    header = cells(lines[h])
    rows = []
    system = None
    i = h + 2
    while i < len(lines) and lines[i].strip().startswith('|'):
        rec = dict(zip(header, cells(lines[i])))
        if rec['System']:
            system = rec['System']
        sp = rec['Sparsity']
        model = system if sp in ('', '-') else f'{system} ({sp})'
        for t in TASKS:
            v = rec[t]
            if v in ('', '-'):
                continue
            float(v)
            rows.append((model, t, 'DER', v, 'false'))
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

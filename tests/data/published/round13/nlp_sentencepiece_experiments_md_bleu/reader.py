#!/usr/bin/env python3
"""Independent reader for google/sentencepiece doc/experiments.md.

Board: the '### Results (BLEU scores)' table of '## Experiments 2 (subwording with various
pre-tokenizations)'. Transposed: rows are language pairs (tasks), columns are segmentation
configurations (models, e.g. 'BPE(NoPretok)'). Cells are tab-indented BLEU scores on a 0-1
scale; higher is better. Experiments 1 (two single-language-pair tables of another NMT setup)
is a separate experiment and is left out.
"""
import csv, os, re, sys

def cells(line):
    s = line.strip()
    if s.startswith('|'):
        s = s[1:]
    if s.endswith('|'):
        s = s[:-1]
    return [c.strip() for c in s.split('|')]

def main(setdir):
    lines = open(os.path.join(setdir, 'raw', 'doc', 'experiments.md'), encoding='utf-8').read().splitlines()
    exp2 = next(i for i, l in enumerate(lines) if l.startswith('## Experiments 2'))
    i = next(k for k in range(exp2, len(lines)) if lines[k].strip() == '### Results (BLEU scores)') + 1
    while not lines[i].strip().startswith('|'):
        i += 1
    models = cells(lines[i])[1:]
    i += 2
    rows = []
    while i < len(lines) and lines[i].strip().startswith('|'):
        c = cells(lines[i])
        task = c[0]
        for m, v in zip(models, c[1:]):
            v = v.replace('**', '').strip()
            if re.fullmatch(r'[0-9]*\.?[0-9]+', v):
                rows.append((m, task, 'BLEU', v, 'true'))
        i += 1
    order = {m: k for k, m in enumerate(models)}
    rows.sort(key=lambda r: order[r[0]])
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

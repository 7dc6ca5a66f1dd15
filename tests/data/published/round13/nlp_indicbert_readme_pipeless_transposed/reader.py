#!/usr/bin/env python3
"""Independent reader for AI4Bharat/indic-bert readme.md, section '### Evaluation Results'.

Board: the '##### IndicGLUE' and '##### Additional Tasks' tables joined (same three models).
Both are pipe tables without leading/trailing pipes, transposed: rows are tasks, columns are
models (mBERT, XLM-R, IndicBERT). The 'Task Type' column of the second table is a label, the
'Average' rows are aggregates; both are left out. Scores are percentages, higher is better
(accuracy; F1 for NER), bold markers removed.
"""
import csv, os, re, sys

def cells(line):
    s = line.strip()
    if s.startswith('|'):
        s = s[1:]
    if s.endswith('|'):
        s = s[:-1]
    return [c.strip() for c in s.split('|')]

def num(s):
    s = s.replace('**', '').strip()
    return s if re.fullmatch(r'[0-9]+(?:\.[0-9]+)?', s) else None

def main(setdir):
    lines = open(os.path.join(setdir, 'raw', 'readme.md'), encoding='utf-8').read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == '### Evaluation Results')
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith('### '))
    rows = []
    i = start
    while i < end:
        l = lines[i]
        if '|' in l and i + 1 < end and re.fullmatch(r'[\s|:-]+', lines[i + 1]) and '-' in lines[i + 1]:
            header = cells(l)
            models = [(k, h) for k, h in enumerate(header) if k > 0 and h != 'Task Type']
            i += 2
            while i < end and '|' in lines[i]:
                c = cells(lines[i])
                task = c[0]
                if task != 'Average':
                    for k, m in models:
                        v = num(c[k]) if k < len(c) else None
                        if v is not None:
                            rows.append((m, task, 'score', v, 'true'))
                i += 1
            continue
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

#!/usr/bin/env python3
"""Independent reader for speechbrain/benchmarks benchmarks/DASB/README.md ('# 📈 Results').

Board: the two tables 'Benchmarking Results for Discriminative Tasks' and '... for Generative
Tasks' joined (same tokenizers, same bitrate groups). model = '<Model> (<bitrate group>)' where
the group is the text of the coloured separator row above it ('Low Bitrate', 'Medium Bitrate',
'High Bitrate', 'Continuous Baseline'); the discriminative table's 'Discrete Hubert' is the
same tokenizer as 'Discrete HuBERT' elsewhere in the README and is written 'Discrete HuBERT'.
task = top header (parenthesised metric removed) + sub header; direction from the arrow
(↑ higher is better, ↓ lower is better). 'N.C' = not computed -> no row. The '## Ranking'
table (average rank positions) is an aggregate and is left out.
"""
import csv, os, re, sys

NAME_FIX = {'Discrete Hubert': 'Discrete HuBERT'}

def cells(line):
    s = line.strip()
    if s.startswith('|'):
        s = s[1:]
    if s.endswith('|'):
        s = s[:-1]
    return [c.strip() for c in s.split('|')]

def plain(s):
    s = re.sub(r'<[^>]+>', '', s)
    return s.replace('**', '').strip()

def num(s):
    s = plain(s)
    return s if re.fullmatch(r'-?[0-9]+(?:\.[0-9]+)?', s) else None

def read_table(lines, start):
    i = start
    while not lines[i].strip().startswith('|'):
        i += 1
    top = [plain(c) for c in cells(lines[i])]
    sub = [plain(c) for c in cells(lines[i + 2])]
    cols = []
    group = ''
    for k in range(1, len(top)):
        if top[k]:
            group = top[k]
        s = sub[k] if k < len(sub) else ''
        gm = re.match(r'^(.*?)\s*\((.*)\)\s*$', group)
        gname, gmet = (gm.group(1), gm.group(2)) if gm else (group, '')
        label = s if s else gmet
        arrow = '↑' if '↑' in label else '↓' if '↓' in label else None
        metric = label.replace('↑', '').replace('↓', '').strip()
        if gmet and s:  # e.g. ASR-En (WER ↓) / Clean
            task = f'{gname} {s}'
            metric = gmet.replace('↑', '').replace('↓', '').strip()
            arrow = '↑' if '↑' in gmet else '↓'
        elif gmet:      # e.g. ER (ACC ↑)
            task = gname
        else:           # e.g. SE / DNSMOS ↑
            task = f'{gname} {metric}'
        cols.append((task, metric, 'true' if arrow == '↑' else 'false'))
    i += 3
    out = []
    bitrate = None
    while i < len(lines) and lines[i].strip().startswith('|'):
        c = cells(lines[i])
        if any('<span' in x for x in c):
            bitrate = next(plain(x) for x in c if '<span' in x)
        elif c[0].strip():
            name = plain(c[0])
            name = NAME_FIX.get(name, name)
            model = f'{name} ({bitrate})'
            for (task, metric, hib), v in zip(cols, c[1:]):
                n = num(v)
                if n is not None:
                    out.append((model, task, metric, n, hib))
        i += 1
    return out

def main(setdir):
    lines = open(os.path.join(setdir, 'raw', 'benchmarks', 'DASB', 'README.md'),
                 encoding='utf-8').read().splitlines()
    rows = []
    for title in ('## Benchmarking Results for Discriminative Tasks',
                  '## Benchmarking Results for Generative Tasks'):
        k = next(j for j, l in enumerate(lines) if l.strip() == title)
        rows += read_table(lines, k + 1)
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

#!/usr/bin/env python3
"""Independent reader for solo-learn README.md '## Results' section.

Board: model = "<Method> (<Backbone>)" (emoji markers such as :rocket: removed),
task = dataset heading, split into "(online)"/"(offline)" for the two ImageNet tables,
metric = Acc@1 (top-1 linear-eval accuracy, %), higher is better.
Cells "-" and "~" are missing; "81.60 (finetuned)" is read as 81.60.
Acc@5 columns, Epochs, Dali and the DALI-efficiency table are left out.
"""
import csv, os, re, sys

def cells(line):
    s = line.strip()
    if s.startswith('|'):
        s = s[1:]
    if s.endswith('|'):
        s = s[:-1]
    return [c.strip() for c in s.split('|')]

def num(c):
    m = re.match(r'^\s*([0-9]+(?:\.[0-9]+)?)', c)
    return m.group(1) if m else None

def main(setdir):
    text = open(os.path.join(setdir, 'raw', 'README.md'), encoding='utf-8').read().splitlines()
    # locate the Results section
    start = next(i for i, l in enumerate(text) if l.strip() == '## Results')
    end = next(i for i in range(start + 1, len(text)) if text[i].startswith('## '))
    rows = []
    dataset = None
    i = start
    while i < end:
        l = text[i]
        if l.startswith('### '):
            dataset = l[4:].strip()
            i += 1
            continue
        if l.strip().startswith('|') and dataset is not None:
            header = cells(l)
            i += 2  # skip separator
            while i < end and text[i].strip().startswith('|'):
                c = cells(text[i])
                rec = dict(zip(header, c))
                method = re.sub(r':[a-z_]+:', '', rec['Method']).strip()
                model = f"{method} ({rec['Backbone']})"
                if 'Acc@1' in rec:
                    cols = [('Acc@1', dataset)]
                else:
                    cols = [('Acc@1 (online)', dataset + ' (online)'),
                            ('Acc@1 (offline)', dataset + ' (offline)')]
                for col, task in cols:
                    v = num(rec[col])
                    if v is not None:
                        rows.append((model, task, 'Acc@1', v, 'true'))
                i += 1
            continue
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

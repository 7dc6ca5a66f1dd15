#!/usr/bin/env python3
"""Independent reader for the FlashRAG README '## :robot: Supporting Methods' section.

Two Markdown tables (classic RAG methods; '#### Reasoning-based Methods (NEW!)') are joined into
one board. Model = Method cell with Markdown links removed (link text kept, so
'[Iter-Retgen](..), [ITRG](..)' -> 'Iter-Retgen, ITRG'). Task = the column header as written
(e.g. 'NQ (EM)', 'WebQA(EM)', 'PopQA (F1)' vs 'PopQA (EM)' kept apart); metric = EM or F1 taken
from the parentheses; higher is better. 'Type' and 'Specific setting' columns are left out."""
import csv, os, re, sys

def cells(line):
    s = line.strip()
    if s.startswith('|'):
        s = s[1:]
    if s.endswith('|'):
        s = s[:-1]
    return [c.strip() for c in s.split('|')]

def unlink(s):
    return re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', s).strip()

def main(setdir):
    lines = open(os.path.join(setdir, 'raw', 'README.md'), encoding='utf-8').read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('## ') and 'Supporting Methods' in l)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith('## '))
    rows = []
    i = start
    while i < end:
        if lines[i].startswith('| Method'):
            header = cells(lines[i])
            i += 2
            while i < end and lines[i].strip().startswith('|'):
                c = cells(lines[i])
                model = unlink(c[0])
                for col, v in zip(header, c):
                    m = re.search(r'\((EM|F1)\)\s*$', col)
                    if not m or v in ('', '-'):
                        continue
                    float(v)
                    rows.append((model, col.strip(), m.group(1), v, 'true'))
                i += 1
            continue
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

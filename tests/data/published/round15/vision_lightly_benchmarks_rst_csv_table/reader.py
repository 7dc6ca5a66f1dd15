#!/usr/bin/env python3
"""Independent reader for lightly-ai/lightly docs/source/getting_started/benchmarks.rst.

Board: the first csv-table, '.. csv-table:: Imagenet benchmark results.' (section ImageNet1k).
Header: Model, Backbone, Batch Size, Epochs, Linear Top1, Linear Top5, Finetune Top1,
Finetune Top5, kNN Top1, kNN Top5, Tensorboard, Checkpoint.
A row is identified by Model + Backbone (DINO appears with Res50 and with ViT-S/16):
model = '<Model> / <Backbone>', with RST escapes and footnote asterisks removed from Model
('SimCLR*' -> 'SimCLR', 'LeJEPA\\*\\*' -> 'LeJEPA'). Tasks = the six accuracy columns (%),
higher is better. Batch Size/Epochs (settings) and Tensorboard/Checkpoint (links) are left out.
"""
import csv, os, sys

TASKS = ['Linear Top1', 'Linear Top5', 'Finetune Top1', 'Finetune Top5', 'kNN Top1', 'kNN Top5']

def parse(line):
    return next(csv.reader([line.strip()], skipinitialspace=True))

def main(setdir):
    p = os.path.join(setdir, 'raw', 'docs', 'source', 'getting_started', 'benchmarks.rst')
    lines = open(p, encoding='utf-8').read().split('\n')
    i = next(k for k, l in enumerate(lines) if l.startswith('.. csv-table:: Imagenet benchmark results'))
    header = None
    i += 1
    while lines[i].strip().startswith(':'):
        s = lines[i].strip()
        if s.startswith(':header:'):
            header = parse(s[len(':header:'):])
        i += 1
    while not lines[i].strip():
        i += 1
    rows = []
    while i < len(lines) and lines[i].startswith('  "'):
        c = dict(zip(header, parse(lines[i])))
        name = c['Model'].replace('\\', '').replace('*', '').strip()
        model = f"{name} / {c['Backbone'].strip()}"
        for t in TASKS:
            v = c[t].strip()
            float(v)
            rows.append((model, t, 'accuracy (%)', v, 'true'))
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

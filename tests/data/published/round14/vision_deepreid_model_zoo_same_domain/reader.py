#!/usr/bin/env python3
"""Independent reader for KaiyangZhou/deep-person-reid docs/MODEL_ZOO.md.

Board: the 'Same-domain ReID' table (the page's first result table and the standard
train-and-test-on-one-dataset protocol). Models = 'Model' column with the footnote mark
'<sup>*</sup>' ("Asterisk (*) means the model is trained from scratch") removed.
Each cell is a Markdown link whose text is '<Rank-1> (<mAP>)' ("Results are presented in the
format of <Rank-1 (mAP)>"): two metrics per dataset, so tasks = dataset x metric,
'market1501 Rank-1', 'market1501 mAP', ... (CMC rank-1 accuracy and mean average precision,
both in %, both higher is better).
# Param, GFLOPs, Loss, Input, Transforms, Distance are descriptors, not results.
The four other tables (cross-domain and multi-source domain generalisation) are separate
boards and are not read.
"""
import csv, os, re, sys

def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]

def main(setdir):
    path = os.path.join(setdir, 'raw', 'docs', 'MODEL_ZOO.md')
    lines = open(path, encoding='utf-8').read().split('\n')
    start = lines.index('## Same-domain ReID')
    i = start + 1
    while not lines[i].startswith('|'):
        i += 1
    header = cells(lines[i])
    tasks = ['market1501', 'dukemtmcreid', 'msmt17']
    cols = [header.index(t) for t in tasks]
    i += 2  # skip separator
    rows = []
    while i < len(lines) and lines[i].startswith('|'):
        c = cells(lines[i])
        model = re.sub(r'<sup>.*?</sup>', '', c[0]).strip()
        for t, j in zip(tasks, cols):
            m = re.match(r'^\[\s*([0-9.]+)\s*\(([0-9.]+)\)\s*\]\(', c[j])
            rows.append((model, t + ' Rank-1', 'Rank-1', m.group(1), 'true'))
            rows.append((model, t + ' mAP', 'mAP', m.group(2), 'true'))
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

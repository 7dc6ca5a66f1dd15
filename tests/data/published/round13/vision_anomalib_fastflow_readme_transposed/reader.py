#!/usr/bin/env python3
"""Independent reader for anomalib's FastFlow README (src/anomalib/models/image/fastflow/README.md).

Board: the '### Image-Level AUC' table (the first results table, image-level anomaly
detection on MVTec AD). The table is transposed: rows are MVTec AD categories (tasks),
columns are FastFlow backbones (models). The 'Average' row is an aggregate and is left out.
Metric: image-level AUROC, higher is better. Pixel-Level AUC, Image F1 Score and Pixel F1
Score tables are other metrics of the same runs and are left out.
"""
import csv, os, sys

PATH = 'raw/src/anomalib/models/image/fastflow/README.md'
SECTION = '### Image-Level AUC'

def cells(line):
    s = line.strip()
    if s.startswith('|'):
        s = s[1:]
    if s.endswith('|'):
        s = s[:-1]
    return [c.strip() for c in s.split('|')]

def main(setdir):
    lines = open(os.path.join(setdir, PATH), encoding='utf-8').read().splitlines()
    i = next(k for k, l in enumerate(lines) if l.strip() == SECTION) + 1
    while not lines[i].strip().startswith('|'):
        i += 1
    header = cells(lines[i])
    models = header[1:]
    i += 2  # skip the separator row
    rows = []
    while i < len(lines) and lines[i].strip().startswith('|'):
        c = cells(lines[i])
        task = c[0]
        if task != 'Average':
            for m, v in zip(models, c[1:]):
                if v:
                    rows.append((m, task, 'Image-Level AUC', v, 'true'))
        i += 1
    # model-major order
    order = {m: k for k, m in enumerate(models)}
    rows.sort(key=lambda r: order[r[0]])
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

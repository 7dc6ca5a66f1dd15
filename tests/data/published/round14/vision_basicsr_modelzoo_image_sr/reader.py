#!/usr/bin/env python3
"""Independent reader for XPixelGroup/BasicSR docs/ModelZoo.md.

Board: the '## Image Super-Resolution' section, which is split in two tables with the same
header ('### Image SR Official Models' and '### Image SR Reproduced Models'); they are joined.
Models = 'Exp Name' as spelled. Cells are 'PSNR / SSIM' under headers 'Set5 (PSNR/SSIM)' ...:
two metrics per test set, so tasks = test set x metric: 'Set5 PSNR', 'Set5 SSIM', 'Set14 PSNR',
..., 'DIV2K100 SSIM'. Both higher is better ('better: higher  # the higher, the better.
Default: higher' for psnr and ssim in the repo's test options). The all-empty row '| | | | |' in the
reproduced table is a visual separator. The '## Video Super-Resolution' tables are a separate
board and are not read.
"""
import csv, os, re, sys

def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]

def main(setdir):
    path = os.path.join(setdir, 'raw', 'docs', 'ModelZoo.md')
    lines = open(path, encoding='utf-8').read().split('\n')
    a = lines.index('## Image Super-Resolution')
    b = lines.index('## Video Super-Resolution')
    rows = []
    header = None
    for line in lines[a:b]:
        if not line.startswith('|'):
            header = None if not line.strip() == '' else header
            continue
        c = cells(line)
        if c[0] == 'Exp Name':
            header = [re.sub(r'\s*\(PSNR/SSIM\)\s*$', '', h).strip() for h in c]
            continue
        if set(''.join(c)) <= set(':- '):
            continue  # alignment row or the empty separator row
        model = c[0]
        for task, v in zip(header[1:], c[1:]):
            m = re.match(r'^([0-9.]+)\s*/\s*([0-9.]+)$', v)
            rows.append((model, task + ' PSNR', 'PSNR', m.group(1), 'true'))
            rows.append((model, task + ' SSIM', 'SSIM', m.group(2), 'true'))
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

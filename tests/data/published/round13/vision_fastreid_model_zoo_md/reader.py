#!/usr/bin/env python3
"""Independent reader for fast-reid MODEL_ZOO.md.

Board: model = link text of the Method cell (e.g. 'BoT(R50)'); task = dataset from the
'### <Dataset> Baseline(s)' heading, split by test-set size ('Small'/'Medium'/'Large') for the
VehicleID and VERI-Wild HTML tables; score = Rank@1 (%), higher is better.
The MGN tables name their single row 'SBS(R50-ibn)' (their link points to mgn_R50-ibn.yml);
to keep it apart from the SBS table's own 'SBS(R50-ibn)' row it is written 'SBS(R50-ibn) [MGN]'
(the bold group label above the table). mAP, mINP, Rank@5, Pretrained and download columns are
left out.
"""
import csv, os, re, sys
from html.parser import HTMLParser

def cells(line):
    s = line.strip()
    if s.startswith('|'):
        s = s[1:]
    if s.endswith('|'):
        s = s[:-1]
    return [c.strip() for c in s.split('|')]

def linktext(s):
    m = re.match(r'^\[(.*?)\]\(.*\)$', s.strip())
    return (m.group(1) if m else s).strip()

def pct(s):
    m = re.match(r'^\s*([0-9]+(?:\.[0-9]+)?)\s*%\s*$', s)
    return m.group(1) if m else None

class Table(HTMLParser):
    """Collects rows of <td>/<th> cells with their colspan."""
    def __init__(self):
        super().__init__()
        self.rows, self.cur, self.cell, self.span = [], None, None, 1
    def handle_starttag(self, tag, attrs):
        if tag == 'tr':
            self.cur = []
        elif tag in ('td', 'th'):
            self.cell = ''
            a = dict(attrs)
            self.span = int(a.get('colspan', 1))
            self.rowspan = int(a.get('rowspan', 1))
    def handle_endtag(self, tag):
        if tag in ('td', 'th') and self.cur is not None:
            self.cur.append((self.cell.strip(), self.span, self.rowspan))
            self.cell = None
        elif tag == 'tr':
            self.rows.append(self.cur)
            self.cur = None
    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data

def html_rows(html, dataset, group):
    t = Table()
    t.feed(html)
    head = [r for r in t.rows if any(c[2] == 3 for c in r) or all(not pct(c[0]) for c in r)]
    body = [r for r in t.rows if r not in head]
    # row 2 of the header: size groups with colspan; row 3: metric names
    sizes = []
    for name, span, _ in head[1]:
        sizes += [name] * span
    metrics = [c[0] for c in head[2]]
    out = []
    for r in body:
        vals = [c[0] for c in r]
        model = vals[0]
        data = vals[2:2 + len(metrics)]  # after Method and Pretrained
        for size, met, v in zip(sizes, metrics, data):
            if met == 'Rank@1' and pct(v):
                out.append((model, f'{dataset} {size}', 'Rank@1', pct(v), 'true'))
    return out

def main(setdir):
    text = open(os.path.join(setdir, 'raw', 'MODEL_ZOO.md'), encoding='utf-8').read()
    lines = text.splitlines()
    rows = []
    dataset = group = None
    i = 0
    while i < len(lines):
        l = lines[i].strip()
        m = re.match(r'^###\s+(.*?)\s+Baselines?\s*$', l)
        if m:
            dataset, group = m.group(1), None
            i += 1
            continue
        if l.startswith('### '):
            dataset = group = None
            i += 1
            continue
        m = re.match(r'^\*\*(.+?)\*\*:', l)
        if m:
            group = m.group(1)
            i += 1
            continue
        if dataset and l.startswith('|'):
            header = cells(l)
            i += 2
            while i < len(lines) and lines[i].strip().startswith('|'):
                rec = dict(zip(header, cells(lines[i])))
                name = linktext(rec['Method'])
                if group and not name.startswith(group):
                    name = f'{name} [{group}]'
                v = pct(rec['Rank@1'])
                if v is not None:
                    rows.append((name, dataset, 'Rank@1', v, 'true'))
                i += 1
            continue
        if dataset and l.startswith('<table'):
            j = i
            while '</table>' not in lines[j]:
                j += 1
            rows += html_rows('\n'.join(lines[i:j + 1]), dataset, group)
            i = j + 1
            continue
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

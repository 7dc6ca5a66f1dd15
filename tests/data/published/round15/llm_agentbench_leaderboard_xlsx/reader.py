"""Independent reader for AgentBench leaderboard xlsx (stdlib only).

Reads raw/assets/agentbench_leaderboard-230808.xlsx (Office Open XML) directly
with zipfile + ElementTree and writes expected.csv.
Model = column 'Models'; tasks = OS, DB, KG, DCG, LTP, HH, WS, WB.
Left out: 'Type' (group label), 'VER' (model version), 'OVERALL' (weighted aggregate).
"""
import csv, os, re, sys, zipfile
import xml.etree.ElementTree as ET

NS = '{http://schemas.openxmlformats.org/spreadsheetml/2006/main}'
TASKS = ['OS', 'DB', 'KG', 'DCG', 'LTP', 'HH', 'WS', 'WB']
METRIC = {'OS': 'SR', 'DB': 'SR', 'KG': 'F1', 'DCG': 'win rate',
          'LTP': 'game progress', 'HH': 'SR', 'WS': 'reward', 'WB': 'step SR'}


def col_of(ref):
    return re.match(r'[A-Z]+', ref).group(0)


def main(setdir):
    path = os.path.join(setdir, 'raw/assets/agentbench_leaderboard-230808.xlsx')
    z = zipfile.ZipFile(path)
    shared = []
    root = ET.fromstring(z.read('xl/sharedStrings.xml'))
    for si in root.findall(NS + 'si'):
        shared.append(''.join(t.text or '' for t in si.iter(NS + 't')))
    sheet = ET.fromstring(z.read('xl/worksheets/sheet1.xml'))
    rows = []
    for r in sheet.iter(NS + 'row'):
        cells = {}
        for c in r.findall(NS + 'c'):
            v = c.find(NS + 'v')
            if v is None:
                continue
            val = v.text
            if c.get('t') == 's':
                val = shared[int(val)]
            cells[col_of(c.get('r'))] = val
        rows.append(cells)
    header = rows[0]
    name_col = {v.strip(): k for k, v in header.items()}
    out = []
    for cells in rows[1:]:
        model = (cells.get(name_col['Models']) or '').strip()
        if not model:
            continue
        for t in TASKS:
            raw = cells.get(name_col[t])
            if raw is None or raw.strip() == '':
                continue
            out.append([model, t, METRIC[t], repr(float(raw)), 'true'])
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(out)


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

#!/usr/bin/env python3
"""Independent reader for FunAudioLLM/CosyVoice README.md, section '## Evaluation'.

One Markdown table. Models = 'Model' column (16 rows, 'Human' included: it is a row of
measurements like the others and the README does not mark it as a non-result).
Tasks = the six score columns, named '<test set> <metric>' from the header with '<br>' turned
into a space and the direction arrow removed ('test-zh<br>CER (%) ↓' -> 'test-zh CER (%)').
Direction from the arrow in each header: '↓' lower is better (CER, WER), '↑' higher is better
(SS). 'Open-Source' (✅/❌/-) and 'Model Size' are descriptors. '-' = no result (cell omitted).
"""
import csv, os, re, sys

def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]

def main(setdir):
    lines = open(os.path.join(setdir, 'raw', 'README.md'), encoding='utf-8').read().split('\n')
    i = lines.index('## Evaluation') + 1
    while not lines[i].startswith('|'):
        i += 1
    header = cells(lines[i])
    tasks = []
    for h in header[3:]:
        h2 = re.sub(r'<br\s*/?>', ' ', h)
        hib = {'↑': 'true', '↓': 'false'}[h2.strip()[-1]]
        name = h2.strip()[:-1].strip()
        metric = name.split(' ', 1)[1]
        tasks.append((name, metric, hib))
    i += 2
    rows = []
    while i < len(lines) and lines[i].startswith('|'):
        c = cells(lines[i])
        model = c[0]
        for (task, metric, hib), v in zip(tasks, c[3:]):
            if v in ('-', ''):
                continue
            float(v)
            rows.append((model, task, metric, v, hib))
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

#!/usr/bin/env python3
"""Independent reader for sanchit-gandhi/whisper-jax README.md, 'Table 1'.

"**Table 1:** Average inference time in seconds for audio files of increasing length."
Transposed table: columns = systems (header '|  | OpenAI | Transformers | Whisper JAX | Whisper JAX |'),
rows = 'Framework' and 'Backend' (metadata), blank spacer rows, and the audio lengths
'1 min', '10 min', '1 hour' (the tasks). The two 'Whisper JAX' columns are told apart by the
Backend row: model names 'Whisper JAX / GPU' and 'Whisper JAX / TPU' (unique headers kept as is).
Scores: seconds, lower is better.
"""
import csv, os, sys

def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]

def main(setdir):
    lines = open(os.path.join(setdir, 'raw', 'README.md'), encoding='utf-8').read().split('\n')
    t = next(k for k, l in enumerate(lines) if l.startswith('**Table 1:**'))
    i = next(k for k in range(t, len(lines)) if lines[k].startswith('|'))
    header = cells(lines[i])[1:]
    body = []
    i += 2
    while i < len(lines) and lines[i].startswith('|'):
        body.append(cells(lines[i]))
        i += 1
    meta = {r[0]: r[1:] for r in body if r[0] in ('Framework', 'Backend')}
    names = []
    for j, h in enumerate(header):
        names.append(f"{h} / {meta['Backend'][j]}" if header.count(h) > 1 else h)
    assert len(set(names)) == len(names)
    rows = []
    for r in body:
        if not r[0] or r[0] in meta:
            continue
        for name, v in zip(names, r[1:]):
            float(v)
            rows.append((name, r[0], 'inference time (s)', v, 'false'))
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

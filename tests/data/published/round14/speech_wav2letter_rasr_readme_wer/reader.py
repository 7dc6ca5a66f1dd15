#!/usr/bin/env python3
"""Independent reader for facebookresearch/wav2letter recipes/rasr/README.md, section '### WER'.

"All the numbers in the table are in format `viterbi WER -> beam search WER (small beam/large
beam)`." The board is the WER table. A model is identified by its architecture AND its size,
because 'Transformer' and 'Conformer' repeat: model = '<Achitecture> <# Param>'
('Transformer 300 mil', 'Conformer (distillation) 28 mil'). Tasks = the seven test sets.
Score = the large-beam beam-search WER (the last number of each cell): the README reports
decoding WER ("Decoding is done with lexicon-based beam-search decoder"; beam size '50/500'
in the decoding-parameter table), and the large beam is the full decoding. WER: lower is better.
The viterbi and small-beam numbers are left out. The other tables (model files, LM pruning,
LM perplexities, decoding parameters) are not results of the acoustic models.
"""
import csv, os, re, sys

def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]

CELL = re.compile(r'^([0-9.]+)\s*→\s*([0-9.]+)\s*/\s*([0-9.]+)$')

def main(setdir):
    lines = open(os.path.join(setdir, 'raw', 'recipes', 'rasr', 'README.md'), encoding='utf-8').read().split('\n')
    i = lines.index('### WER') + 1
    while not lines[i].startswith('|'):
        i += 1
    header = cells(lines[i])
    tasks = header[2:]
    i += 2
    rows = []
    while i < len(lines) and lines[i].startswith('|'):
        c = cells(lines[i])
        model = c[0] + ' ' + c[1]
        for task, v in zip(tasks, c[2:]):
            m = CELL.match(v)
            rows.append((model, task, 'WER (large beam)', m.group(3), 'false'))
        i += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

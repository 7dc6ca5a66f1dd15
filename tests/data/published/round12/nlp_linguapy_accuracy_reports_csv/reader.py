#!/usr/bin/env python3
"""Independent reader for lingua-py accuracy-reports/*.csv.

Each CSV: first column 'language' (test language = task), one column per detector (= model),
cells = accuracy in % (pandas float text, sometimes '100'), 'NaN' = no value.
Tasks = language x text category, from the three category files:
  single-words-accuracy-values.csv -> '<Language> (single words)'
  word-pairs-accuracy-values.csv   -> '<Language> (word pairs)'
  sentences-accuracy-values.csv    -> '<Language> (sentences)'
average-accuracy-values.csv is left out: it is the per-language mean of the three categories.
All 82 detector columns are kept as models. Higher accuracy is better."""
import csv, os, sys

FILES = [('single-words-accuracy-values.csv', 'single words'),
         ('word-pairs-accuracy-values.csv', 'word pairs'),
         ('sentences-accuracy-values.csv', 'sentences')]

def main(setdir):
    base = os.path.join(setdir, 'raw', 'accuracy-reports')
    rows = []
    for fname, cat in FILES:
        with open(os.path.join(base, fname), newline='', encoding='utf-8') as f:
            r = csv.reader(f)
            header = next(r)
            assert header[0] == 'language'
            for rec in r:
                lang = rec[0].strip()
                for det, v in zip(header[1:], rec[1:]):
                    v = v.strip()
                    if v == '' or v.lower() == 'nan':
                        continue
                    float(v)
                    rows.append((det.strip(), f'{lang} ({cat})', 'accuracy', v, 'true'))
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

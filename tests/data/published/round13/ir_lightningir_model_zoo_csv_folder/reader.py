#!/usr/bin/env python3
"""Independent reader for lightning-ir docs/models/ (the CSV sources of docs/model-zoo.rst).

Board: model = link text of the RST link in 'Model Name' ('webis/monoelectra-base');
tasks = 'TREC DL 2019', 'TREC DL 2020' (reranking.csv, re-ranking nDCG@10) and the 13 NanoBEIR
datasets (retrieval nDCG@10), read from the per-model detail file that each retrieval.csv row
references with ':file: ./nanobeir_details_*.csv'. The NanoBEIR average printed in retrieval.csv
('.. collapse:: 0.549') is an aggregate and is left out; '.. centered::' rows are section
labels; the 'Native' flag (|c| / |x|) is left out. nDCG@10: higher is better.
Cross-encoders have no retrieval results (missing cells).
nanobeir_details_external_colbert.csv names the last dataset 'webis-touche' where the seven
other detail files say 'webis-touche2020'; model-zoo.rst says the scores are 'reported on the 13
individual datasets of NanoBEIR', so it is the same dataset and is read as 'webis-touche2020'.
"""
import csv, os, re, sys

SAME_DATASET = {'webis-touche': 'webis-touche2020'}

def name(cell):
    m = re.match(r'^`(.+?)\s*<[^>]*>`_$', cell.strip())
    return m.group(1).strip() if m else cell.strip()

def main(setdir):
    d = os.path.join(setdir, 'raw', 'docs', 'models')
    rows = []
    with open(os.path.join(d, 'reranking.csv'), encoding='utf-8', newline='') as f:
        r = csv.reader(f)
        header = next(r)
        for rec in r:
            if not rec or rec[0].startswith('.. centered::'):
                continue
            model = name(rec[0])
            for task, v in zip(header[2:], rec[2:]):
                if v.strip():
                    rows.append((model, task, 'nDCG@10', v.strip(), 'true'))
    with open(os.path.join(d, 'retrieval.csv'), encoding='utf-8', newline='') as f:
        r = csv.reader(f)
        next(r)
        for rec in r:
            if not rec or rec[0].startswith('.. centered::'):
                continue
            model = name(rec[0])
            m = re.search(r':file:\s*\./(\S+)', rec[2])
            with open(os.path.join(d, m.group(1)), encoding='utf-8', newline='') as g:
                for task, v in csv.reader(g):
                    task = SAME_DATASET.get(task.strip(), task.strip())
                    rows.append((model, task, 'nDCG@10', v.strip(), 'true'))
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

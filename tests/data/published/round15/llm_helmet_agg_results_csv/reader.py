"""Independent reader for HELMET data/agg_results.csv (stdlib only).

Model = 'Model'; tasks = the seven HELMET categories. Left out: 'Context Window (K)',
'# Params (B)', 'Model type' (metadata) and 'Average' (aggregate of the seven).
"""
import csv, os, sys

TASKS = ['Recall', 'RAG', 'ICL', 'Cite', 'Re-rank', 'LongQA', 'Summ']
METRIC = {
    # category averages, see notes.md for the sub-metrics (scripts/collect_results.py)
    'Recall': 'SubEM/recall avg',
    'RAG': 'SubEM avg',
    'ICL': 'accuracy avg',
    'Cite': 'ALCE correctness+citation avg',
    'Re-rank': 'NDCG@10',
    'LongQA': 'GPT-4 score/ROUGE-L F1/accuracy avg',
    'Summ': 'GPT-4 F1 avg',
}


def main(setdir):
    path = os.path.join(setdir, 'raw/data/agg_results.csv')
    rows = []
    with open(path, newline='', encoding='utf-8') as f:
        r = csv.DictReader(f)
        for rec in r:
            model = rec['Model'].strip()
            for t in TASKS:
                v = (rec.get(t) or '').strip()
                if v == '' or v.upper() == 'N/A':
                    continue
                rows.append([model, t, METRIC[t], v, 'true'])
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

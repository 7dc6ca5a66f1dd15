"""Independent reader for EQ-Bench per-model result JSONs (stdlib only).

Each raw/results/eq-bench/*_eqbench_v2_results.json holds one run of one model.
Model = 'model_path'; task = 'EQ-Bench v2' (from 'eqbench_version'); score = 'benchmark_score'
(0 = random answering, 100 = matches reference answers; higher is better).
Per-question 'raw_results' and run metadata are not board cells.
"""
import csv, json, os, sys


def main(setdir):
    folder = os.path.join(setdir, 'raw/results/eq-bench')
    out = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith('.json'):
            continue
        with open(os.path.join(folder, name), encoding='utf-8') as f:
            d = json.load(f)
        if not d.get('benchmark_success', True):
            continue
        score = d.get('benchmark_score')
        if score is None:
            continue
        model = str(d.get('model_path') or name).strip()
        task = 'EQ-Bench ' + str(d.get('eqbench_version', 'v2'))
        out.append([model, task, 'benchmark_score', repr(score), 'true'])
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(out)


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

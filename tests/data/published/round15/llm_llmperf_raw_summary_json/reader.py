"""Independent reader for llmperf-leaderboard raw_data/summary/*.json (stdlib only).

One JSON per (provider, Llama-2 size). System = 'framework'; size = file-name suffix (7b/13b/70b).
Two leaderboard metrics per size (as in the README leaderboard):
  - results_request_output_throughput_token_per_s_mean  (output tokens/s, higher is better)
  - results_ttft_s_mean                                  (time to first token, s, lower is better)
"""
import csv, json, os, re, sys

METRICS = [
    ('results_request_output_throughput_token_per_s_mean', 'output throughput', 'true'),
    ('results_ttft_s_mean', 'TTFT', 'false'),
]


def main(setdir):
    folder = os.path.join(setdir, 'raw/raw_data/summary')
    out = []
    for name in sorted(os.listdir(folder)):
        m = re.match(r'^(.*)_(\d+b)\.json$', name)
        if not m:
            continue
        with open(os.path.join(folder, name), encoding='utf-8') as f:
            d = json.load(f)
        system = str(d.get('framework') or m.group(1)).strip()
        size = m.group(2)
        for key, label, hib in METRICS:
            if key in d and d[key] is not None:
                out.append([system, '%s %s' % (size, label), key, repr(d[key]), hib])
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(out)


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

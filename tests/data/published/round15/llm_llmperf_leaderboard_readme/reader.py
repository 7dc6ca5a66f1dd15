"""Independent reader for ray-project/llmperf-leaderboard README.md (stdlib only).

Six Markdown tables: '### <metric>' heading, then '#### <size> Models' sub-headings, each
followed by a table 'Framework | Model | Median | Mean | Min | Max | P25 | P75 | P95 | P99'.
System = Framework (inference provider). Task = '<metric> / <size> Models'.
Score = the 'Mean' column. Throughput: higher is better; TTFT: lower is better.
"""
import csv, os, re, sys

DIRECTION = {
    'Output Tokens Throughput (tokens/s)': 'true',
    'Time to First Token (seconds)': 'false',
}
METRIC = {
    'Output Tokens Throughput (tokens/s)': 'mean output tokens/s',
    'Time to First Token (seconds)': 'mean TTFT (s)',
}


def cells(line):
    parts = line.strip().strip('|').split('|')
    return [p.strip() for p in parts]


def main(setdir):
    lines = open(os.path.join(setdir, 'raw/README.md'), encoding='utf-8').read().splitlines()
    metric = None
    size = None
    header = None
    out = []
    for line in lines:
        s = line.strip()
        m = re.match(r'^###\s+(.*)$', s)
        if m and not s.startswith('####'):
            title = m.group(1).strip()
            metric = title if title in DIRECTION else None
            size = None
            header = None
            continue
        m = re.match(r'^####\s+(.*)$', s)
        if m:
            size = m.group(1).strip()
            header = None
            continue
        if metric is None or size is None:
            continue
        if s.startswith('|'):
            c = cells(s)
            if header is None:
                header = c
                continue
            if all(re.fullmatch(r':?-+:?', x) for x in c if x):
                continue
            row = dict(zip(header, c))
            system = row['Framework']
            out.append([system, '%s / %s' % (metric, size), METRIC[metric],
                        row['Mean'], DIRECTION[metric]])
        else:
            if header is not None and s and not s.startswith('<img'):
                header = None
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(out)


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

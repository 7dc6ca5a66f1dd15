"""Independent reader for the lzbench table in facebook/zstd README.md.

Standard library only. The one Markdown table with numbers (under '## Benchmarks'):
Compressor name | Ratio | Compression | Decompress.
System = compressor name with Markdown removed (bold ** and reference links [zlib] -> zlib), version and
level kept (e.g. 'zstd 1.5.6 --fast=1'). Scores: Ratio (compression ratio, higher is better),
Compression and Decompress. (speeds in MB/s, throughput: higher is better); the ' MB/s' unit is stripped.
The two other pipe tables of the README hold only images (plots), no numbers.
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "README.md"), encoding="utf-8").read().splitlines()
start = next(i for i, l in enumerate(lines) if l.startswith("| Compressor name"))
table = []
for l in lines[start:]:
    if not l.startswith("|"):
        break
    table.append([c.strip() for c in l.strip().strip("|").split("|")])
header, body = table[0], table[2:]
TASKS = {"Ratio": "Silesia compression ratio", "Compression": "Silesia compression speed (MB/s)",
         "Decompress.": "Silesia decompression speed (MB/s)"}
out = []
for r in body:
    name = re.sub(r"\[([^\]]+)\]", r"\1", r[0].replace("**", "")).strip()
    for col, cell in zip(header[1:], r[1:]):
        v = cell.replace("MB/s", "").strip()
        float(v)
        out.append([name, TASKS[col], col, v, "true"])
with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(out)
print(len(out), "rows")

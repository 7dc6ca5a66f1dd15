"""Independent reader for google-research/metricx README.md (MetricX meta-evaluation tables).

Standard library only; writes expected.csv next to this script.
Each score table ('| Model | ...') is preceded by a plain caption line 'MetricX-2x (WMT'yy[ lp]):'.
  * Caption 'MetricX-24 (WMT'24):' + columns 'Sys-Level SPA (en-de)' ...: task = "WMT'24 en-de",
    metric = 'Sys-Level SPA' (language pair taken from the parentheses in the column name).
  * Captions 'MetricX-23 (WMT'22 en-de):' etc. + columns 'Sys-Level Acc', ...: task = "WMT'22 en-de".
  * Tables with the single column 'Average Correlation': task = the caption's test set ("WMT'24" or
    "WMT'23"), metric = 'Average Correlation'.
All metrics are agreement/correlation statistics: higher is better.
The failure-mode table ('| Failure mode | ...') has no caption of that form and no scores; it is skipped.
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "README.md"), encoding="utf-8").read().splitlines()
CAP = re.compile(r"^MetricX-2[34] \((WMT'\d\d)(?: ([a-z]{2}-[a-z]{2}))?\):$")

def cells(line):
    s = line.strip().strip("|")
    return [c.strip() for c in s.split("|")]

rows, caption, i = [], None, 0
while i < len(lines):
    m = CAP.match(lines[i].strip())
    if m:
        caption = (m.group(1), m.group(2))
    elif lines[i].startswith("| Model") and caption:
        header = cells(lines[i])
        cols = []
        for h in header[1:]:
            mm = re.match(r"^(.*?) \(([a-z]{2}-[a-z]{2})\)$", h)
            if mm:
                cols.append((caption[0] + " " + mm.group(2), mm.group(1)))
            elif caption[1]:
                cols.append((caption[0] + " " + caption[1], h))
            else:
                cols.append((caption[0], h))
        i += 2
        while i < len(lines) and lines[i].startswith("|"):
            r = cells(lines[i])
            for (task, metric), v in zip(cols, r[1:]):
                float(v)
                rows.append([r[0], task, metric, v, "true"])
            i += 1
        caption = None
        continue
    i += 1

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows;", len({r[0] for r in rows}), "systems;", len({(r[1], r[2]) for r in rows}), "task x metric columns")

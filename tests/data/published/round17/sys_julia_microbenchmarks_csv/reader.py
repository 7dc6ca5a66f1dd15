"""Independent reader for JuliaLang/Microbenchmarks bin/benchmarks.csv.

Standard library only. Writes expected.csv next to this script.
The file has NO header row: each line is `language,benchmark,time`, where time is the
minimum wall time of the benchmark in milliseconds (each perf script prints t*1000 of a
time measured in seconds; bin/collect.jl keeps the minimum over runs). System = language
(as written, lowercase), task = benchmark, metric = time in ms, lower is better.
"""
import csv, os

HERE = os.path.dirname(os.path.abspath(__file__))
src = os.path.join(HERE, "raw", "bin", "benchmarks.csv")

rows, seen = [], set()
with open(src, encoding="utf-8", newline="") as f:
    for rec in csv.reader(f):
        if not rec:
            continue
        lang, bench, time_str = (c.strip() for c in rec)
        float(time_str)  # must be a number
        key = (lang, bench)
        if key in seen:
            raise SystemExit("duplicate " + repr(key))
        seen.add(key)
        rows.append([lang, bench, "time (ms)", time_str, "false"])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows;", len({r[0] for r in rows}), "systems;", len({r[1] for r in rows}), "tasks")

"""Independent reader for djkoloski/rust_serialization_benchmark benchmark_results/2023-7-3.txt.

A raw `cargo bench` (criterion) console log. Timing ids 'dataset/crate/bench' or
'dataset/crate/bench (variant)' are followed (same line or next line) by
'time:   [lower estimate upper]' with units ns/µs/ms; size ids 'dataset/crate/size|zlib|zstd N'
give bytes. Outlier reports ('Found N outliers...') and the test-harness preamble are not results.
Reading, as the repository's own tools/parser does: score = the middle (point) estimate converted
to nanoseconds (ns x1, µs x1000, ms x1e6); sizes as bytes. Models: crate (middle id part).
Tasks: 'dataset/bench' or 'dataset/bench (variant)'. README: "For operations, time per
iteration; for size, bytes. Lower is better."
"""
import csv
import os
import re
import sys

TIME = re.compile(r"^([a-z0-9_\-]+)/([a-z0-9_\-]+)/([a-z0-9_\-]+)(?: \(([a-z0-9_\-+ ,]*)\))?\s+time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]", re.M)
SIZE = re.compile(r"^([a-z0-9_\-]+)/([a-z0-9_\-]+)/(size|zlib|zstd)(?: \(([a-z0-9_\-+ ,]*)\))? (\d+)\s*$", re.M)
FACTOR = {"ns": 1.0, "µs": 1000.0, "ms": 1000000.0}


def main(set_dir):
    path = os.path.join(set_dir, "raw", "benchmark_results", "2023-7-3.txt")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    out, seen = [], set()

    def add(ds, crate, bench, var, metric, score):
        task = f"{ds}/{bench}" + (f" ({var})" if var else "")
        assert (crate, task) not in seen, (crate, task)
        seen.add((crate, task))
        out.append((crate, task, metric, score))

    n_time = 0
    for m in TIME.finditer(text):
        n_time += 1
        add(m.group(1), m.group(2), m.group(3), m.group(4), "time per iteration (ns)",
            repr(float(m.group(5)) * FACTOR[m.group(6)]))
    assert n_time == text.count("time:"), (n_time, text.count("time:"))
    for m in SIZE.finditer(text):
        add(m.group(1), m.group(2), m.group(3), m.group(4), "size (bytes)", m.group(5))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for m, t, me, s in out:
            w.writerow([m, t, me, s, "false"])
    print(len(out), "cells", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for llm_allthebenchmarks_processed_yaml.

data/processed/benchmarks/ holds one YAML file per benchmark (the file stem is the benchmark slug),
mapping each canonical model slug to {score, normalized_score[, cost, normalized_cost]}.
Board: model slug x benchmark, score = the `score` field (the benchmark's own score, rounded to 4
significant figures by process_data.py). Left out: normalized_score (a min-max rescaling of score
within the file), cost / normalized_cost (cost per task, not a score); the files
matharena-overall.yaml (its description: "Average accuracy across MathArena competitions", an
aggregate of other benchmarks of this folder), matharena-imc-2025.yaml (empty, "{}"), and
matharena-hmmt-february-2025.yaml (a stale output left behind when the raw benchmark file was
renamed to matharena-hmmt-feb-2025; the site loads processed files only for slugs present in
data/raw/benchmarks/). All benchmarks: higher is better.
"""
import csv
import os
import re
import sys

SKIP = {
    "matharena-overall": "aggregate (average over the MathArena competitions)",
    "matharena-hmmt-february-2025": "stale: no data/raw/benchmarks file; superseded by matharena-hmmt-feb-2025",
}

TOP = re.compile(r"^(\S[^:]*):\s*$")
FIELD = re.compile(r"^  ([a-z_]+): (\S+)\s*$")


def parse(path):
    """Minimal reader for the two-level 'slug:\\n  key: value' YAML written by yaml.safe_dump."""
    out = {}
    current = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.strip() == "{}":
                continue
            m = TOP.match(line)
            if m:
                current = m.group(1).strip().strip("'\"")
                assert current not in out, (path, current)
                out[current] = {}
                continue
            m = FIELD.match(line)
            assert m and current is not None, (path, line)
            out[current][m.group(1)] = m.group(2)
    return out


def main(set_dir):
    folder = os.path.join(set_dir, "raw", "data", "processed", "benchmarks")
    raw_folder = os.path.join(set_dir, "raw", "data", "raw", "benchmarks")
    live = {n[:-5] for n in os.listdir(raw_folder) if n.endswith(".yaml")}
    rows = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".yaml"):
            continue
        bench = name[:-5]
        if bench in SKIP:
            continue
        assert bench in live, bench
        data = parse(os.path.join(folder, name))
        for model, fields in data.items():
            if "score" not in fields:
                continue
            rows.append((model, bench, "score", fields["score"], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for djkoloski/rust_serialization_benchmark benchmark_results/2026-08-21_21-37-06.json.

Structure (tools/schema, tools/parser): datasets{dataset: features{feature: benches{bench:
{"Nanos"|"Bytes": {primary: value|null, variants: {variant: value}}}}}}. The parser fills
`primary` from a log id 'dataset/feature/bench' and `variants[v]` from 'dataset/feature/bench (v)'.
Models: the feature key (e.g. 'protobuf4', 'serde_json'). Tasks: 'dataset/bench' for primary
values and 'dataset/bench (variant)' for variant values (the benchmark ids the values came from).
Score: the stored value (Nanos: nanoseconds per iteration; Bytes: serialized/compressed size).
README: "For operations, time per iteration; for size, bytes. Lower is better."
cpu_info, rustc_info and features{crate_name, version} are metadata.
"""
import csv
import json
import os
import sys


def main(set_dir):
    path = os.path.join(set_dir, "raw", "benchmark_results", "2026-08-21_21-37-06.json")
    with open(path, encoding="utf-8") as f:
        d = json.load(f)
    out, seen = [], set()
    for ds, dv in d["datasets"].items():
        for feat, fv in dv["features"].items():
            for bench, bv in fv["benches"].items():
                assert len(bv) == 1, bv
                unit, vals = next(iter(bv.items()))
                metric = {"Nanos": "time per iteration (ns)", "Bytes": "size (bytes)"}[unit]
                cells = []
                if vals["primary"] is not None:
                    cells.append((f"{ds}/{bench}", vals["primary"]))
                for var, val in vals["variants"].items():
                    cells.append((f"{ds}/{bench} ({var})", val))
                for task, val in cells:
                    assert (feat, task) not in seen
                    seen.add((feat, task))
                    out.append((feat, task, metric, repr(val)))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for m, t, me, s in out:
            w.writerow([m, t, me, s, "false"])
    print(len(out), "cells", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

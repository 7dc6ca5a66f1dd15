"""Independent reader for the-benchmarker/web-frameworks data.json.

Board: one row per framework (named "<language>/<label>", the repository's own
framework identifier, because two labels - jooby and spring - exist in two
languages each), one task per concurrency level (64, 256, 512), score = the
`total_requests_per_s` metric (higher is better). All other metric labels are
latency percentiles, durations, byte counts or -1 placeholders and are left out.
"""
import csv
import json
import os
import sys


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "data.json"), encoding="utf-8") as f:
        data = json.load(f)
    names = {}
    for fw in data["frameworks"]:
        names[fw["id"]] = f'{fw["language"]}/{fw["label"]}'
    assert len(set(names.values())) == len(names), "framework names not unique"
    rows = []
    seen = set()
    for m in data["metrics"]:
        if m["label"] != "total_requests_per_s":
            continue
        model = names[m["framework_id"]]
        task = str(m["level"])
        key = (model, task)
        assert key not in seen, key
        seen.add(key)
        rows.append((model, task, m["value"]))
    order = {"64": 0, "256": 1, "512": 2}
    rows.sort(key=lambda r: (r[0], order[r[1]]))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, value in rows:
            w.writerow([model, task, "total_requests_per_s", repr(float(value)), "true"])
    print(f"{len(rows)} rows, {len(seen and {r[0] for r in rows})} models")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

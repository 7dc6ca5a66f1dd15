#!/usr/bin/env python3
"""Independent reader (standard library only) for OpenCompass's CI score baseline
.github/scripts/oc_score_baseline.yaml (open-compass/opencompass at 7a6dcf3).

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules (quoted in notes.md): the file is a YAML mapping {model abbr: {<dataset>_<metric>: score}}, the keys
built by oc_score_assert.py's read_csv_file() from OpenCompass's summary CSV
(filtered_row['dataset'] = row['dataset'] + '_' + row['metric']; one column per model abbr).
Every metric here is an accuracy in percent (0-100), higher is better. A model without a key has no
score for it (no row). The file uses only two-level block mappings with scalar values, so a small
line parser suffices (a trailing space after a value is stripped, as YAML does).
"""
import csv, os, sys

PATH = os.path.join("raw", ".github", "scripts", "oc_score_baseline.yaml")


def main(set_dir):
    rows, model = [], None
    for line in open(os.path.join(set_dir, PATH), encoding="utf-8"):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            model = line.split(":", 1)[0].strip()
            continue
        key, value = line.strip().split(":", 1)
        rows.append([model, key.strip(), "accuracy", value.strip(), "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Independent reader (stdlib only) for materials_matbench_discovery_model_yamls.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Source: janosh/matbench-discovery models/<family>/<model>.yml, one metadata file per model whose
`metrics` mapping holds the benchmark results.  The leaderboard (site/src/lib/labels.ts,
site/src/lib/metrics.ts assemble_row_data) shows, per model:
  discovery metrics F1, DAF, Precision, Accuracy, TPR, TNR, MAE, RMSE, R2 from
  `metrics.discovery.unique_prototypes` (the default discovery set), κ_SRME from
  `metrics.phonons.kappa_103`, RMSD from `metrics.geo_opt.symprec=1e-2.rmsd`,
with the directions of labels.ts (`better: higher|lower`).  Models whose `status` is not
`complete` (the default) are ignored by the site (site/src/lib/models.svelte.ts).  A value that
is not a number ('not applicable', 'not available', absent) writes no row.  Model = `model_name`.

YAML is read by a small indentation-based parser (enough for these files: block mappings,
block lists skipped, `|` block scalars skipped, comments stripped).
"""
import csv
import os
import sys

METRICS = [  # (task, path under metrics, higher_is_better)
    ("F1", ("discovery", "unique_prototypes", "F1"), True),
    ("DAF", ("discovery", "unique_prototypes", "DAF"), True),
    ("Precision", ("discovery", "unique_prototypes", "Precision"), True),
    ("Accuracy", ("discovery", "unique_prototypes", "Accuracy"), True),
    ("TPR", ("discovery", "unique_prototypes", "TPR"), True),
    ("TNR", ("discovery", "unique_prototypes", "TNR"), True),
    ("MAE", ("discovery", "unique_prototypes", "MAE"), False),
    ("RMSE", ("discovery", "unique_prototypes", "RMSE"), False),
    ("R2", ("discovery", "unique_prototypes", "R2"), True),
    ("κ_SRME", ("phonons", "kappa_103", "κ_SRME"), False),
    ("RMSD", ("geo_opt", "symprec=1e-2", "rmsd"), False),
]


def strip_comment(text):
    quote = None
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
    return text.rstrip()


def scalar(text):
    t = text.strip()
    if len(t) >= 2 and t[0] == t[-1] and t[0] in "'\"":
        return t[1:-1]
    return t


def parse(path):
    """Flat {tuple(path): scalar string} of the block mappings of a YAML file."""
    out, stack = {}, []  # stack of (indent, key)
    skip_deeper_than = None  # block scalar: skip lines indented more than this
    list_indent = None  # inside a block list that started at this indent
    with open(path, encoding="utf-8") as fh:
        for raw in fh:
            line = raw.rstrip("\n").rstrip("\r")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            indent = len(line) - len(line.lstrip(" "))
            body = line.strip()
            if skip_deeper_than is not None:
                if indent > skip_deeper_than:
                    continue
                skip_deeper_than = None
            if list_indent is not None:
                if indent > list_indent or (indent == list_indent and body.startswith("-")):
                    continue
                list_indent = None
            if body.startswith("- ") or body == "-":
                list_indent = indent
                continue
            key, sep, rest = body.partition(":")
            if not sep:
                continue
            key = scalar(key)
            rest = strip_comment(rest).strip()
            while stack and stack[-1][0] >= indent:
                stack.pop()
            full = tuple(k for _, k in stack) + (key,)
            if rest == "":
                stack.append((indent, key))
            elif rest[0] in "|>":
                skip_deeper_than = indent
            else:
                out[full] = scalar(rest)
    return out


def number(text):
    try:
        v = float(text)
    except (TypeError, ValueError):
        return None
    return v if v == v else None


def main():
    d = sys.argv[1].rstrip("/")
    root = os.path.join(d, "raw", "models")
    rows, seen = [], set()
    for family in sorted(os.listdir(root)):
        folder = os.path.join(root, family)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".yml"):
                continue
            y = parse(os.path.join(folder, name))
            if y.get(("status",), "complete") != "complete":
                continue
            model = y[("model_name",)]
            assert model not in seen, model
            seen.add(model)
            for task, p, hib in METRICS:
                v = number(y.get(("metrics",) + p))
                if v is None:
                    continue
                rows.append((model, task, task, repr(v), "true" if hib else "false"))
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(os.path.basename(d), len(rows), "rows", len(seen), "models")


if __name__ == "__main__":
    main()

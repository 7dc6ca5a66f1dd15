#!/usr/bin/env python3
"""Reader for graph_libkge_readme_link_prediction (uma-pi1/kge README.md).

Section "## Results and pretrained models" holds one Markdown table per dataset;
the dataset (task) is the nearest preceding #### / ##### heading. First column
(unnamed) = model, as a Markdown link. Score = MRR (filtered MRR, the model
selection metric; higher is better per kge/config-default.yaml metric_max: True).
Hits@k, config/checkpoint links, "Search + budget", "Final training" are not scores
of the main board. If a model appears twice in one dataset table (Wikidata5M:
ComplEx with random search and with GraSH), the first row is kept.
"""
import csv, os, re, sys

LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def clean(cell):
    cell = LINK.sub(r"\1", cell)
    cell = cell.replace("**", "").replace("`", "")
    return cell.strip()


def split_row(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def main(setdir):
    with open(os.path.join(setdir, "raw", "README.md"), encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("## Results and pretrained models"))
    end = next(i for i, l in enumerate(lines) if i > start and l.startswith("## ") )
    task = None
    header = None
    out, seen = [], set()
    for l in lines[start:end]:
        s = l.strip()
        m = re.match(r"^#{3,6}\s+(.*)$", s)
        if m:
            task = clean(m.group(1))
            header = None
            continue
        if not s.startswith("|"):
            header = None
            continue
        cells = split_row(s)
        if header is None:
            header = [clean(c) for c in cells]
            continue
        if all(re.fullmatch(r":?-+:?", c) for c in cells if c):
            continue
        row = dict(zip(header, cells))
        model = clean(cells[0])
        mrr = clean(row.get("MRR", ""))
        if not model or not mrr:
            continue
        if (model, task) in seen:
            continue
        seen.add((model, task))
        out.append((model, task, "MRR", mrr, "true"))
    with open(os.path.join(setdir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

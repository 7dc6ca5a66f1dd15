"""Independent reader for DeepGraphLearning/torchdrug doc/source/benchmark/reasoning.rst (stdlib only).

Five reStructuredText grid tables, one per knowledge graph (FB15k, FB15k-237, WN18, WN18RR,
Hetionet). In each, the top-left header cell names the dataset (RST link '`FB15k`_'), the other
header cells are metrics MR, MRR, HITS\\@1, HITS\\@3, HITS\\@10; rows are methods ('`TransE`_').
The five tables make one board: models = methods (same 7 in every table); tasks =
'<dataset> <metric>' (25); MR (mean rank) lower is better, MRR and HITS@K higher is better.
RST escapes ('\\@') and link markup are removed from names.
"""
import csv, os, re, sys


def clean(s):
    s = s.strip()
    m = re.fullmatch(r"`([^`]*)`_", s)
    s = m.group(1) if m else s
    return s.replace("\\", "")


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/doc/source/benchmark/reasoning.rst"), encoding="utf-8").read().splitlines()
    out, header = [], None
    for line in lines:
        if line.startswith("+"):
            continue
        if not line.startswith("|"):
            header = None          # a table ends at the first non-table line
            continue
        c = [clean(x) for x in line.strip().strip("|").split("|")]
        if header is None:
            header = c
            continue
        dataset, model = header[0], c[0]
        for metric, v in zip(header[1:], c[1:]):
            float(v)
            hib = "false" if metric == "MR" else "true"
            out.append((model, f"{dataset} {metric}", metric, v, hib))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", sorted({r[0] for r in out}), sorted({r[1] for r in out}))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for Nixtla/neuralforecast experiments/kan_benchmark/README.md (stdlib only).

Long-format table 'Dataset | Model | MAE | sMAPE (%) | time (s)'; the Dataset cell is blank on
the continuation rows of each dataset (carried forward). Tasks = '<Dataset> <metric>' for MAE
and sMAPE (%); both are errors (lower is better). 'time (s)' is a cost, not read. Cells lose
'**', '<u>', '</u>' and a stray '%'.
"""
import csv, os, re, sys

METRICS = ["MAE", "sMAPE (%)"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def clean(v):
    return re.sub(r"</?u>", "", v).replace("**", "").replace("%", "").strip()


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/experiments/kan_benchmark/README.md"), encoding="utf-8").read().splitlines()
    out, header, dataset = [], None, None
    for line in lines:
        if not line.startswith("|"):
            if header is not None:
                break
            continue
        c = cells(line)
        if header is None:
            header = c
            continue
        if set("".join(c)) <= set(":- "):
            continue
        if c[0]:
            dataset = c[0]
        model = c[1]
        for m in METRICS:
            v = clean(c[header.index(m)])
            float(v)
            out.append((model, f"{dataset} {m}", m, v, "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({r[0] for r in out}), "models", len({r[1] for r in out}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

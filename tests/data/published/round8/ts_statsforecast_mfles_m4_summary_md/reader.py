"""Independent reader for Nixtla/statsforecast experiments/mfles/summary.md (stdlib only).

The file is six sections '# <Frequency>' (M4 groups), each with '## Metrics' (a transposed
table: metrics as rows, models as columns) and '## Times' (CPU minutes per model, a cost, not
read). Models = the column headers; tasks = '<Frequency> <metric>' (e.g. 'Quarterly mae');
score = the cell with '**', '%' and thousands ',' removed; all five metrics are losses (the
generator bolds row.idxmin()), so higher_is_better = false. AutoARIMA has no Monthly column.
"""
import csv, os, sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/experiments/mfles/summary.md"), encoding="utf-8").read().splitlines()
    out, freq, section, header = [], None, None, None
    for line in lines:
        if line.startswith("# "):
            freq, section, header = line[2:].strip(), None, None
        elif line.startswith("## "):
            section, header = line[3:].strip(), None
        elif line.startswith("|") and section == "Metrics":
            c = cells(line)
            if header is None:
                header = c
            elif set(c[0]) <= set(":-"):
                continue
            else:
                metric = c[0]
                for model, v in zip(header[1:], c[1:]):
                    v = v.replace("**", "").replace("%", "").replace(",", "").strip()
                    float(v)
                    out.append((model, f"{freq} {metric}", metric, v, "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", sorted({r[0] for r in out}), len({r[1] for r in out}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for Nixtla/neuralforecast experiments/long_horizon/README.md (stdlib only).

Table 'Dataset | Horizon | NHITS-MSE | NHITS-MAE | TIDE-MSE | TIDE-MAE': model and metric are
fused in the column header ('<model>-<metric>'); task = '<Dataset> <Horizon> <metric>'. The
'|----|' rows inside the body are separators between datasets, not data. MSE and MAE are
errors: lower is better.
"""
import csv, os, sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/experiments/long_horizon/README.md"), encoding="utf-8").read().splitlines()
    out, header = [], None
    for line in lines:
        if not line.startswith("|"):
            if header is not None:
                break
            continue
        c = cells(line)
        if header is None:
            header = c
            assert header[:2] == ["Dataset", "Horizon"], header
            continue
        if set("".join(c)) <= set(":- "):
            continue
        dataset, horizon = c[0], c[1]
        for h, v in zip(header[2:], c[2:]):
            model, metric = h.rsplit("-", 1)
            float(v)
            out.append((model, f"{dataset} {horizon} {metric}", metric, v, "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({r[0] for r in out}), "models", len({r[1] for r in out}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for THUDM/CogDL examples/graphmae2/README.md (stdlib only).

The README's only table ("Experimental results of node classification on large-scale datasets
(Accuracy, %)"): empty first header cell, 4 dataset columns; rows = methods; cells 'mean±std';
'-' = not reported. Models = row labels (bold removed); tasks = column headers; score = the
number before '±'; higher is better. Cells '-' are missing (no row written).
"""
import csv, os, re, sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    lines = [l for l in open(os.path.join(set_dir, "raw/examples/graphmae2/README.md"), encoding="utf-8").read().splitlines()
             if l.lstrip().startswith("|")]
    header = cells(lines[0])
    assert header[0] == "" and len(header) == 5, header
    out, missing = [], 0
    for line in lines[2:]:
        c = cells(line)
        model = c[0].replace("**", "").strip()
        for task, v in zip(header[1:], c[1:]):
            v = v.replace("**", "").strip()
            if v == "-":
                missing += 1
                continue
            m = re.fullmatch(r"(\d+(?:\.\d+)?)±(\d+(?:\.\d+)?)", v)
            assert m, v
            out.append((model, task, "accuracy (%)", m.group(1), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows,", missing, "missing", header)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

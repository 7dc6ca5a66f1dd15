"""Independent reader for dgl-lifesci examples/property_prediction/moleculenet/README.md.

One table per dataset under '## <dataset>'. The tables together are one board: methods
('GCN + canonical', ...) x 12 MoleculeNet datasets. Score = the Test column (the README: the
model with the best validation performance 'is then evaluated on the test set'); the Val column
is the model-selection score and is left out. ROC-AUC: higher is better; RMSE: lower is better
(dgllife EarlyStopping: 'For metric rmse, the lower the better').
"""
import csv, os, re, sys

def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]

def main(set_dir):
    path = os.path.join(set_dir, "raw/examples/property_prediction/moleculenet/README.md")
    lines = open(path, encoding="utf-8").read().splitlines()
    dataset, header, out = None, None, []
    for l in lines:
        if l.startswith("## "):
            dataset, header = l[3:].strip(), None
            continue
        if not l.strip().startswith("|"):
            header = None
            continue
        c = cells(l)
        if header is None:
            header = c
            assert header[0] == "method" and header[2].startswith("Test "), header
            metric = header[2][len("Test "):]
            hib = {"ROC-AUC": "true", "RMSE": "false"}[metric]
            continue
        if all(re.fullmatch(r":?-+:?", x) for x in c):
            continue
        out.append((c[0], dataset, metric, c[2], hib))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

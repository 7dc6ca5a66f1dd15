#!/usr/bin/env python3
"""Independent reader (stdlib only) for RobustBench model_info/cifar10/corruptions/unaggregated_results.csv.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source rules (quoted in notes.md): written by robustbench/eval.py corruptions_evaluation with
pandas (`pd.DataFrame(model_results_dict, index=[model_name])`, read back with
`pd.read_csv(..., header=[0, 1], index_col=0)`): two header rows (corruption type, severity 1-5),
the first column (index, no header) is the model name; each cell is `clean_accuracy(...)` on that
corruption at that severity (a fraction), higher is better. Task = '<corruption>/<severity>'.
"""
import csv, os, sys


def main(set_dir):
    path = os.path.join(set_dir, "raw", "model_info", "cifar10", "corruptions", "unaggregated_results.csv")
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    kinds, severities = rows[0], rows[1]
    assert kinds[0] == "" and severities[0] == ""
    tasks = [f"{k}/{s}" for k, s in zip(kinds[1:], severities[1:])]
    out = []
    for r in rows[2:]:
        for t, cell in zip(tasks, r[1:]):
            if cell.strip() == "":
                continue
            out.append((r[0], t, "accuracy", repr(float(cell)), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

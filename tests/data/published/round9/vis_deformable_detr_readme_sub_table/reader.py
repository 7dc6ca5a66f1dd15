"""Independent reader for vis_deformable_detr_readme_sub_table (Python standard library only).

README.md of fundamentalvision/Deformable-DETR, section "## Main Results": one Markdown pipe table
(COCO 2017 val detection results). Every cell is wrapped in <sub>/<sub><sub> tags, header cells
contain <br>, method names contain <br> and **bold**. Rows are methods; quality columns AP, AP_S,
AP_M, AP_L (COCO box AP, all / small / medium / large objects) are the tasks, higher is better.
Epochs, params, FLOPs, train time/speed, inference speeds and URL are not scores.
"DETR-DC5" appears twice (500 and 50 epochs); those two rows are named "DETR-DC5 Epochs=<n>".
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys


def clean(cell):
    cell = re.sub(r"<br\s*/?>", " ", cell)
    cell = re.sub(r"<sub>(S|M|L)</sub>", r"_\1", cell)      # AP<sub>S</sub> -> AP_S
    cell = re.sub(r"<[^>]+>", "", cell)
    cell = cell.replace("**", "")
    return " ".join(cell.split())


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("## Main Results")
    table = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    header = [clean(c) for c in cells(table[0])]
    assert header[:6] == ["Method", "Epochs", "AP", "AP_S", "AP_M", "AP_L"], header
    rows = [dict(zip(header, [clean(c) for c in cells(l)])) for l in table[2:]]
    assert len(rows) == 10
    names = [r["Method"] for r in rows]
    out = []
    for r in rows:
        model = r["Method"]
        if names.count(model) > 1:
            model = f"{model} Epochs={r['Epochs']}"
        for task in ("AP", "AP_S", "AP_M", "AP_L"):
            float(r[task])
            out.append((model, task, "COCO box AP", r[task], "true"))
    assert len({m for m, *_ in out}) == 10
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

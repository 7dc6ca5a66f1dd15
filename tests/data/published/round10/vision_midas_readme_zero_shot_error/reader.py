"""Independent reader for vision_midas_readme_zero_shot_error (Python standard library only).

isl-org/MiDaS README.md, section "### Accuracy": one pipe table. Rows are grouped under bold
group-header rows "**Inference height N**" and blank separator rows. Six dataset columns hold the
zero-shot error (README: "Lower error values are better"), including the three delta1 columns.
Left out: Imp. (an aggregate over the six datasets, relative to v3.0 DPT L-384), Par. M
(parameters) and FPS (speed). "*" after a KITTI/NYUv2 value is a footnote mark (not zero-shot,
model trained on KITTI/NYU) and is stripped; the value is kept.
Model names: link text with <sub> tags removed; because the same checkpoint appears in several
rows, each name carries " (square)" where the row has the $\\tiny{\\square}$ mark and
" @ height N" from its group header.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("### Accuracy")
    table = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    header = cells(table[0])
    tasks = []
    for h in header[1:7]:
        m = re.match(r"(\S+)\s*</br><sup>(.*)</sup>$", h)
        tasks.append((m.group(1), m.group(2)))
    assert [t for t, _ in tasks] == ["DIW", "Eth3d", "Sintel", "TUM", "KITTI", "NYUv2"], tasks
    assert "Imp." in header[7] and header[8].startswith("Par.") and header[9].startswith("FPS")
    out = []
    height = None
    names = set()
    for line in table[2:]:
        c = cells(line)
        assert len(c) == len(header), c
        if not any(c):
            continue
        g = re.fullmatch(r"\*\*Inference height (\d+)\*\*", c[0])
        if g:
            assert not any(c[1:])
            height = g.group(1)
            continue
        m = re.match(r"\[(.*?)\]\((.*?)\)(.*)$", c[0])
        name = re.sub(r"</?sub>", "", m.group(1)).strip()
        square = "square" in m.group(3)
        model = name + (" (square)" if square else "") + " @ height " + height
        assert model not in names, model
        names.add(model)
        for (task, metric), v in zip(tasks, c[1:7]):
            v = v.replace("**", "").rstrip("*").strip()
            float(v)
            out.append((model, task, metric, v, "false"))
    assert len(names) == 15, len(names)
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for speech_bigvgan_readme_eval (Python standard library only).

README.md of NVIDIA/BigVGAN, "## Evaluation Results of BigVGAN-v2": one pipe table, rows =
vocoder checkpoints (Model x training Dataset x training Steps; the Model name alone repeats),
columns = five objective metrics on LibriTTS dev whose headers carry the direction:
'PESQ(↑)', 'M-STFT(↓)', 'MCD(↓)', 'Periodicity(↓)', 'V/UV F1(↑)'. Bold markers are removed.
Rows are named '<Model> Dataset=<Dataset> Steps=<Steps>'; tasks are the metric names without
the arrow. Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys


def clean(cell):
    cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell)
    cell = cell.replace("**", "")
    return re.sub(r"\s+", " ", cell).strip()


def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [clean(c) for c in line.split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == "## Evaluation Results of BigVGAN-v2")
    table = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if line.strip().startswith("|"):
            table.append(cells(line))
        elif table:
            break
    header, rows = table[0], [r for r in table[1:] if not all(re.fullmatch(r":?-+:?", x) for x in r)]
    assert header[:3] == ["Model", "Dataset", "Steps"], header
    out = []
    for r in rows:
        model = f"{r[0]} Dataset={r[1]} Steps={r[2]}"
        for h, v in zip(header[3:], r[3:]):
            m = re.fullmatch(r"(.*)\((↑|↓)\)", h)
            task, hib = m.group(1).strip(), m.group(2) == "↑"
            float(v)
            out.append((model, task, task, v, "true" if hib else "false"))
    assert len({o[0] for o in out}) == len(rows)
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for row in out:
            w.writerow(row)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

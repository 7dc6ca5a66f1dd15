"""Independent reader for speech_wespeaker_voxceleb_v2_readme (standard library only).

Main board = the first table under "## Results" of examples/voxceleb/v2/README.md. Each row is
one evaluated system: a speaker model (named in the "Model" cell of the first row of its group;
continuation rows leave Model/Params/Flops blank) under one back-end configuration given by the
flag columns LM / AS-Norm / QMF. A system is therefore named
"<Model> LM=<flag> AS-Norm=<flag> QMF=<flag>" with the flag characters exactly as written
(the source mixes "x" and "×" for "no"). Scores: EER (%) on vox1-O-clean, vox1-E-clean,
vox1-H-clean, lower is better; **bold** markers removed. Params and Flops are sizes, not scores.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys


def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "examples", "voxceleb", "v2", "README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    i = next(k for k, l in enumerate(lines) if l.strip() == "## Results")
    while not lines[i].lstrip().startswith("|"):
        i += 1
    header = cells(lines[i])
    i += 1
    tasks = ["vox1-O-clean", "vox1-E-clean", "vox1-H-clean"]
    flags = ["LM", "AS-Norm", "QMF"]
    out = []
    model = None
    while i < len(lines) and lines[i].lstrip().startswith("|"):
        c = cells(lines[i])
        i += 1
        if all(re.fullmatch(r":?-+:?", x) for x in c if x):
            continue
        row = dict(zip(header, c))
        if row["Model"]:
            model = row["Model"]
        name = " ".join([model] + ["%s=%s" % (k, row[k]) for k in flags])
        for t in tasks:
            v = row[t].replace("**", "").strip()
            out.append((name, t, "EER(%)", v))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for name, t, metric, v in out:
            w.writerow([name, t, metric, v, "false"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for vision_modelvshuman_readme_humanlike (Python standard library only).

bethgelab/model-vs-human README.md, "## :trophy: Benchmark" -> "### Most human-like behaviour":
a pipe table without leading pipes (winner | model | accuracy difference ↓ | observed
consistency ↑ | error consistency ↑ | mean rank ↓), arrows written as HTML entities
&#8595; (down: lower is better) and &#8593; (up: higher is better). Tasks: the three metrics.
Left out: the winner (emoji) column and mean rank (an aggregate: the mean of the three ranks).
The second table ("### Highest OOD ... robustness": OOD accuracy and rank) is a separate board.
Model names: the model cell with Markdown links replaced by their text.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys


def cells(line):
    line = line.strip()
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("### Most human-like behaviour")
    table = []
    for line in lines[start + 1:]:
        if "|" in line:
            table.append(line)
        elif table:
            break
    header = cells(table[0])
    assert header[0] == "winner" and header[1] == "model" and header[5].startswith("mean rank"), header
    tasks = []
    for h in header[2:5]:
        name = h.replace("&#8595;", "").replace("&#8593;", "").strip()
        hib = "&#8593;" in h
        assert hib != ("&#8595;" in h)
        tasks.append((name, hib))
    assert [t for t, _ in tasks] == ["accuracy difference", "observed consistency", "error consistency"]
    out = []
    for line in table[2:]:
        c = cells(line)
        assert len(c) == len(header), c
        model = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", c[1]).strip()
        model = re.sub(r"\s+", " ", model)
        for (task, hib), v in zip(tasks, c[2:5]):
            v = v.replace("**", "").strip()
            float(v)
            out.append((model, task, task, v, "true" if hib else "false"))
    assert len({m for m, *_ in out}) == 11
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for deepseek-ai/DeepSeek-Coder Evaluation/LeetCode/readme.md (stdlib only).

One table under '## 3. Experimental Results': Model | Size | Easy (45) | Medium (91) | Hard (44) |
Overall(180). Spacer rows ('| | | | |', all cells empty, fewer than the header) are skipped.
Model = Model cell + ' ' + Size, or the Model cell alone where Size is '-'.
Tasks = the three difficulty columns (names as written); Overall(180) is the problem-weighted mean of
the three (45+91+44 = 180) and is left out. Score = pass@1 in %, the number without '%' (one cell is
written '15.4 %'); higher is better.
"""
import csv, os, sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    lines = [l for l in open(os.path.join(set_dir, "raw/Evaluation/LeetCode/readme.md"), encoding="utf-8").read().splitlines()
             if l.startswith("|")]
    header = cells(lines[0])
    assert header == ["Model", "Size", "Easy (45)", "Medium (91)", "Hard (44)", "Overall(180)"], header
    tasks = header[2:5]
    out, models = [], []
    for line in lines[2:]:
        c = cells(line)
        if all(x == "" for x in c):
            continue
        assert len(c) == 6, c
        model = c[0] if c[1] == "-" else c[0] + " " + c[1]
        assert model not in models, model
        models.append(model)
        for task, v in zip(tasks, c[2:5]):
            assert v.endswith("%"), v
            v = v[:-1].strip()
            float(v)
            out.append((model, task, "pass@1 (%)", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(models), "models,", len(out), "rows", models)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

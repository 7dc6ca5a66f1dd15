"""Independent reader for OpenBMB/MiniCPM docs/README-minicpm1-en.md "### Text evaluation" (stdlib).

Three pipe tables follow the heading, separated only by blank lines, all with the header
|Model|Average Score|Average Score in English|Average Score in Chinese|C-Eval|CMMLU|MMLU|HumanEval|
 MBPP|GSM8K|MATH|BBH|ARC-E|ARC-C|HellaSwag|
(7B-class base models; small models; chat models). They are parts of one board and are joined;
MiniCPM-2B appears in all three with the same numbers (one model). The three Average columns are
aggregates (Average = mean of the 11 task columns; English = mean of the 9 English ones; Chinese =
mean of C-Eval and CMMLU; checked below) and are left out. A trailing "*" marks a PPL-mode result
("* in the following table indicates the PPL") and is removed; "27.2(report)" is a number copied
from the model's report and is read as 27.2; "-" is no cell. All tasks: higher is better.
The "### DPO evaluation" MT-bench table after it is a separate board and is not read.
"""
import csv, os, re, sys

AVG = ["Average Score", "Average Score in English", "Average Score in Chinese"]
ZH = ["C-Eval", "CMMLU"]

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def num(v):
    m = re.fullmatch(r"(\d+(?:\.\d+)?)(\*|\(report\))?", v)
    assert m, v
    return m.group(1)

def main(set_dir):
    with open(os.path.join(set_dir, "raw/docs/README-minicpm1-en.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index("### Text evaluation") + 1
    end = lines.index("### DPO evaluation")
    header, rows = None, {}
    ntables = 0
    while i < end:
        if not lines[i].startswith("|"):
            i += 1; continue
        h = cells(lines[i]); ntables += 1
        assert header is None or h == header, h
        header = h
        assert header[0] == "Model" and header[1:4] == AVG, header
        assert set("".join(cells(lines[i + 1]))) == {"-"}
        i += 2
        while i < end and lines[i].startswith("|"):
            r = cells(lines[i]); i += 1
            assert len(r) == len(header), r
            if r[0] in rows:
                assert rows[r[0]] == r[1:], r[0]      # repeated row: same numbers
                continue
            rows[r[0]] = r[1:]
    assert ntables == 3, ntables
    tasks = header[4:]
    out = []
    for model, r in rows.items():
        vals = dict(zip(header[1:], r))
        got = {t: num(vals[t]) for t in tasks if vals[t] != "-"}
        if len(got) == len(tasks):                  # check what the averages are
            f = {t: float(v) for t, v in got.items()}
            en = [t for t in tasks if t not in ZH]
            assert abs(sum(f.values()) / len(f) - float(vals[AVG[0]])) < 0.01, model
            assert abs(sum(f[t] for t in en) / len(en) - float(vals[AVG[1]])) < 0.01, model
            assert abs(sum(f[t] for t in ZH) / 2 - float(vals[AVG[2]])) < 0.01, model
        for t in tasks:
            if t in got:
                out.append((model, t, "score", got[t], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

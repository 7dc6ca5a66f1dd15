"""Independent reader for OpenLMLab/GAOKAO-Bench README.md "## 测试结果" (stdlib only).

Two tables with the same header
  | **Models** | **Overall** | **Chinese** | **Eng.** | **Sci. Math** | **Hum. Math** | **Phys.** |
  | **Chem.** | **Biol.** | **Poli.** | **Hist.** | **Geog.** |
under "### 客观题得分率" (scoring rate of objective questions, 13 models) and "### 主观题得分率"
(scoring rate of subjective questions, 5 of the 13 models). Objective and subjective questions are
different question sets, so the two tables are two parts of one board: task = "<heading> | <column>".
Overall is left out (the scoring rate over all questions of that type = an aggregate of the subject
columns). Cells are percent scoring rates ("72.2%" -> 72.2), higher is better; bold removed.
"""
import csv, os, sys

SECTIONS = ["### 客观题得分率", "### 主观题得分率"]

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def unbold(s):
    return s.replace("**", "").strip()

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    out, headers = [], []
    for sec in SECTIONS:
        i = lines.index(sec)
        while not lines[i].startswith("|"):
            i += 1
        header = [unbold(h) for h in cells(lines[i])]
        headers.append(header)
        assert header[:2] == ["Models", "Overall"], header
        i += 2
        while i < len(lines) and lines[i].startswith("|"):
            r = [unbold(c) for c in cells(lines[i])]; i += 1
            assert len(r) == len(header), r
            for col, v in zip(header[2:], r[2:]):
                assert v.endswith("%"), v
                v = v[:-1]; float(v)
                out.append((r[0], f"{sec[4:]} | {col}", "scoring rate (%)", v, "true"))
    assert headers[0] == headers[1]
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

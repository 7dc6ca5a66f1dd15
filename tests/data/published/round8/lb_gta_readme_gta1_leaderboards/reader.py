"""Independent reader for open-compass/GTA README_GTA-1.md leaderboards (stdlib only).

Three "## 🏆 Leaderboard, <date>" sections (July 2024, Mar. 2025, Feb. 2026), each one Markdown
table without outer pipes, same header:
  **Models** | **Inst** | **Tool** | **Arg** | **Summ** | **P** | **O** | **L** | **C** | **Ans** | **Ans+I**
The three are successive updates of one GTA leaderboard (same benchmark, metrics and code; models
repeated in a later table carry identical numbers), so they are joined into one board; a repeated
model is one row (the reader checks its values agree). Group rows ("💛 ***API-based*** | | ...",
"💚 ***Open-source*** | | ...") are labels, not models. Markup <ins>, </ins>, **, * removed.
All ten columns are accuracies / F1 scores in percent, higher is better; none is computed from the
others, so all are tasks.
"""
import csv, os, re, sys

TASKS = ["Inst", "Tool", "Arg", "Summ", "P", "O", "L", "C", "Ans", "Ans+I"]
METRIC = {"Inst": "InstAcc", "Tool": "ToolAcc", "Arg": "ArgAcc", "Summ": "SummAcc",
          "P": "tool-selection F1 (Perception)", "O": "tool-selection F1 (Operation)",
          "L": "tool-selection F1 (Logic)", "C": "tool-selection F1 (Creativity)",
          "Ans": "AnsAcc", "Ans+I": "AnsAcc incl. image-generation queries"}

def clean(s):
    s = re.sub(r"</?ins>", "", s)
    s = s.replace("*", "")
    return re.sub(r"\s+", " ", s).strip()

def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README_GTA-1.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    board, order, sections = {}, [], []
    i = 0
    while i < len(lines):
        if lines[i].startswith("## ") and "Leaderboard" in lines[i]:
            sections.append(lines[i])
            while not lines[i].startswith("**Models**"):
                i += 1
            header = [clean(c) for c in cells(lines[i])]
            assert header == ["Models"] + TASKS, header
            assert set(lines[i + 1].replace("|", "")) == {"-"}, lines[i + 1]
            i += 2
            while i < len(lines) and "|" in lines[i]:
                r = [clean(c) for c in cells(lines[i])]; i += 1
                if all(c == "" for c in r[1:]):          # group label row
                    assert r[0] in ("💛 API-based", "💚 Open-source"), r
                    continue
                assert len(r) == len(header), r
                model = r[0]
                vals = {t: r[header.index(t)] for t in TASKS}
                for v in vals.values():
                    float(v)
                if model in board:
                    assert all(float(board[model][t]) == float(vals[t]) for t in TASKS), model
                else:
                    board[model] = vals; order.append(model)
            continue
        i += 1
    assert len(sections) == 3, sections
    out = [(m, t, METRIC[t], board[m][t], "true") for m in order for t in TASKS]
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len(order), "models", len(TASKS), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

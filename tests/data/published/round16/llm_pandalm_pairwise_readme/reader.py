"""Independent reader for PandaLM README (commit 6fdac72): judge-accuracy table + three
pairwise (#win,#lose,#tie) tables. Standard library only. Writes expected.csv."""
import csv, re, os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "README.md")

def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]

def clean(s):
    return re.sub(r"[*_`]", "", s).strip()

lines = open(SRC, encoding="utf-8").read().splitlines()
rows = []
i = 0
while i < len(lines):
    ln = lines[i]
    if ln.startswith("|") and i + 1 < len(lines) and re.match(r"^\|[\s:|-]+\|?$", lines[i + 1].strip()):
        head = cells(ln)
        body = []
        j = i + 2
        while j < len(lines) and lines[j].startswith("|"):
            body.append(cells(lines[j]))
            j += 1
        # judge-accuracy table
        if head[1:] == ["Accuracy", "Precision", "Recall", "F1-score"]:
            for r in body:
                for metric, v in zip(head[1:], r[1:]):
                    if re.fullmatch(r"-?\d+(\.\d+)?", v):
                        rows.append([clean(r[0]), "PandaLM human-labeled test set (judge vs human label)", metric, v, "true"])
        # pairwise tables: first header cell names the judge
        elif head[0] in ("Human-annotated", "gpt-3.5-turbo", "PandaLM-7B") and "LLaMA-7B" in head:
            judge = head[0]
            for r in body:
                rowm = clean(r[0])
                for colm, v in zip(head[1:], r[1:]):
                    m = re.search(r"\((\d+),(\d+),(\d+)\)", v)
                    if not m:
                        continue
                    task = f"vs {clean(colm)} (judged by {judge})"
                    for name, val, hib in zip(("win", "lose", "tie"), m.groups(), ("true", "false", "unknown")):
                        rows.append([rowm, task, name, val, hib])
        i = j
    else:
        i += 1

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows")

"""Independent reader for the Orion-14B README benchmark section (section 3). Standard library only."""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
text = open(os.path.join(HERE, "raw", "README.md"), encoding="utf-8").read().splitlines()

def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]

def clean(s):
    s = s.replace("&nbsp;", " ")
    s = re.sub(r"<br\s*/?>", " ", s)
    s = s.replace("**", "").replace("\\*", "*")
    return re.sub(r"\s+", " ", s).strip()

NUM = re.compile(r"^-?\d+(\.\d+)?$")
rows = []
section = None
in_bench = False
i = 0
while i < len(text):
    ln = text[i]
    if ln.startswith("# 3. Model Benchmarks"):
        in_bench = True
    elif ln.startswith("# 4."):
        in_bench = False
    if ln.startswith("### "):
        section = ln[4:].strip()
    if in_bench and ln.startswith("|") and i + 1 < len(text) and set(text[i + 1].strip()) <= set("|-: "):
        head = [clean(h) for h in cells(ln)]
        body = []
        j = i + 2
        while j < len(text) and text[j].startswith("|"):
            body.append(cells(text[j]))
            j += 1
        sec_id = section.split(" ")[0]  # e.g. '3.1.5.'
        for r in body:
            model = clean(r[0])
            for h, v in zip(head[1:], r[1:]):
                hl = h.lower()
                if hl.startswith("average") or hl.startswith("avg"):
                    continue  # source-computed averages left out
                if h in ("Train Lang", "Size(GB)"):
                    continue  # attribute, not a score
                if sec_id == "3.1.6.":
                    continue  # per-language aggregate table left out (see notes)
                v = clean(v)
                if sec_id == "3.1.5.":
                    # two numbers per cell: n=0 then n=5
                    task = "Korean " + h.split(" n=0")[0].strip()
                    parts = v.split()
                    for shot, val in zip(("n=0", "n=5"), parts):
                        rows.append([model, task, shot, val, "true"])
                    continue
                if not NUM.match(v):
                    continue  # '*' = not evaluated
                if sec_id == "3.1.3.":
                    task, metric = "OpenCompass " + h, "score"
                elif sec_id == "3.2.1.":
                    task, metric = "MTBench", h
                elif sec_id == "3.2.2.":
                    task, metric = "AlignBench " + h, "score"
                elif sec_id == "3.4.1.":
                    task, metric = "RAG " + h.lstrip("*"), "score"
                elif sec_id == "3.5.1.":
                    task, metric = "Plugin " + h, "score"
                else:
                    task, metric = h, "score"
                rows.append([model, task, metric, v, "true"])
        i = j
        continue
    i += 1

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows")

"""Independent reader for the LIBERO-PRO README 'Collapse of strategy' table -> expected.csv.
Markdown pipe table; the scores are only in shields.io badge URLs:
  ![](https://img.shields.io/badge/<score>-blue)            -> original LIBERO suite
  ![](https://img.shields.io/badge/<score>-Pos-green)       -> + position perturbation
  ![](https://img.shields.io/badge/<score>-Task-orange)     -> + task perturbation
Header: Model | LIBERO-Goal | LIBERO-Pro | LIBERO-Spatial | LIBERO-Pro | ... (the 'LIBERO-Pro'
column belongs to the suite named just before it)."""
import csv, os, re
here = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(here, "raw/README.md"), encoding="utf-8").read().splitlines()
start = next(i for i, l in enumerate(lines) if l.startswith("| Model | LIBERO-Goal"))
head = [c.strip() for c in lines[start].strip().strip("|").split("|")]
badge = re.compile(r"img\.shields\.io/badge/([0-9.]+)-(?:(Pos|Task)-)?(\w+)\)")
label = {None: "original", "Pos": "position perturbation", "Task": "task perturbation"}
out = []
for l in lines[start + 2:]:
    if not l.startswith("|"):
        break
    cells = [c.strip() for c in l.strip().strip("|").split("|")]
    model = cells[0].strip("*")
    suite = None
    for h, c in zip(head[1:], cells[1:]):
        if h != "LIBERO-Pro":
            suite = h
        for score, kind, _colour in badge.findall(c):
            kind = kind or None
            out.append((model, f"{suite} ({label[kind]})", "success rate", score, "true"))
with open(os.path.join(here, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["model", "task", "metric", "score", "higher_is_better"]); w.writerows(out)
print(len(out), "rows")

"""Independent reader for ogb examples/lsc/pcqm4m-v2/README.md -> expected.csv (stdlib only).
One Markdown pipe table under '## Performance':
| Model | Valid MAE | Test-dev MAE* | \\#Parameters | Hardware |
Reading: the reported (test-dev) MAE only; MAE is an error, lower is better."""
import csv, os
here = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(here, "raw/examples/lsc/pcqm4m-v2/README.md"), encoding="utf-8").read().splitlines()
i = lines.index("## Performance")
rows = [l for l in lines[i:] if l.startswith("|")]
head = [c.strip() for c in rows[0].strip().strip("|").split("|")]
col = head.index("Test-dev MAE*")
out = []
for l in rows[2:]:
    cells = [c.strip() for c in l.strip().strip("|").split("|")]
    out.append((cells[0], "PCQM4Mv2 test-dev", "MAE", cells[col], "false"))
with open(os.path.join(here, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["model", "task", "metric", "score", "higher_is_better"]); w.writerows(out)
print(len(out), "rows")

"""Independent reader for the HumanEval pass@k table of FSoft-AI4Code/CodeCapybara README.md.

Standard library only. Takes the Markdown table under '### HumanEval Results':
Model | Base checkpoint | pass@1 | pass@10 | pass@100. System = '<Model> (<Base checkpoint>)', because
'LLaMA' appears twice with two different base checkpoints. Bold markers (**x**) are stripped.
pass@k: percentage of problems solved, higher is better.
The 'Data source | No. samples' table sits inside an HTML comment (<!-- ... -->) and is not a score table;
'### MBPP Results' has no table at this commit.
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
text = open(os.path.join(HERE, "raw", "README.md"), encoding="utf-8").read()
text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
lines = text.splitlines()
start = lines.index("### HumanEval Results")
table = []
for line in lines[start + 1:]:
    if not line.startswith("|"):
        if table:
            break
        continue
    table.append([c.strip() for c in line.strip().strip("|").split("|")])
header, rows = table[0], table[2:]
out = []
for r in rows:
    rec = dict(zip(header, r))
    system = f"{rec['Model']} ({rec['Base checkpoint']})"
    for k in ("pass@1", "pass@10", "pass@100"):
        v = rec[k].replace("*", "").strip()
        float(v)
        out.append([system, f"HumanEval {k}", k, v, "true"])
with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(out)
print(len(out), "rows")

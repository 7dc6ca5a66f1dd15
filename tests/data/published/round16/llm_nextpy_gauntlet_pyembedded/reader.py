"""Independent reader for nextpy's llm_eval_plotly data.py: a Markdown table stored in the Python
string literal `llm_eval_result`. The module is parsed with ast (never executed). Standard library only."""
import ast, csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "app-examples", "llm_eval_plotly", "llm_eval_plotly", "data", "data.py")
tree = ast.parse(open(SRC, encoding="utf-8").read())
table = None
for node in tree.body:
    if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "llm_eval_result" for t in node.targets):
        table = node.value.value
lines = [l for l in table.splitlines() if l.strip().startswith("|")]
head = [c.strip() for c in lines[0].strip().strip("|").split("|")]
rows = []
for ln in lines[2:]:
    cells = [c.strip() for c in ln.strip().strip("|").split("|")]
    model = cells[0]
    for h, v in zip(head[1:], cells[1:]):
        if h == "average":
            continue  # mean of the five category scores, computed by the source
        if re.fullmatch(r"-?\d+(\.\d+)?", v):
            rows.append([model, h, "gauntlet category score", v, "true"])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows")

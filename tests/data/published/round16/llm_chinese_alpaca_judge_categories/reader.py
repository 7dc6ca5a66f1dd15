"""Independent reader for Chinese-LLaMA-Alpaca examples/f16-p7b-p13b-33b/README.md:
a transposed table (task categories as rows, models as columns) of GPT-4/ChatGPT-judged scores."""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "examples", "f16-p7b-p13b-33b", "README.md"), encoding="utf-8").read().splitlines()

def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]

def clean(s):
    s = s.replace("👍🏻", "").replace("**", "")
    return s.strip()

rows = []
for i, ln in enumerate(lines):
    if ln.startswith("| 测试任务"):
        head = cells(ln)
        models = head[3:]  # columns after 测试任务 | 详细样例 | 样例数
        j = i + 2
        while j < len(lines) and lines[j].startswith("|"):
            r = cells(lines[j])
            task = clean(r[0])
            if "总平均分" in task:  # overall average row, source-computed
                j += 1
                continue
            for m, v in zip(models, r[3:]):
                v = clean(v)
                if re.fullmatch(r"-?\d+(\.\d+)?", v):
                    rows.append([m, task, "GPT-4/ChatGPT paired score (0-100)", v, "true"])
            j += 1
        break

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows")

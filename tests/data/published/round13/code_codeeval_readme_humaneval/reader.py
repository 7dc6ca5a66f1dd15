"""Independent reader for abacaj/code-eval README.md, section "## Results".

One Markdown table: model | size | pass@1 | pass@10 | screenshot. HumanEval, run by the repo's
scripts. Models: the link text of the model cell ("[bigcode/starcoder](https://...)" ->
"bigcode/starcoder"). Tasks: pass@1 and pass@10 (percent, "%" removed; higher is better).
size and screenshot are not scores. The mpt-30b row is "pending" in every cell: no results,
so no rows for it.
"""
import csv
import os
import re
import sys


def clean(cell):
    cell = cell.strip()
    m = re.fullmatch(r"\[([^\]]*)\]\([^)]*\)", cell)
    return m.group(1).strip() if m else cell


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("| model "))
    header = [c.strip() for c in lines[start].strip().strip("|").split("|")]
    assert header == ["model", "size", "pass@1", "pass@10", "screenshot"], header
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        c = [x.strip() for x in line.strip().strip("|").split("|")]
        name = clean(c[0])
        for task, value in zip(header[2:4], c[2:4]):
            if value == "pending":
                continue
            assert value.endswith("%"), value
            value = value[:-1]
            float(value)
            rows.append((name, task, value))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for name, task, value in rows:
            w.writerow([name, task, "percent", value, "true"])
    print(len(rows), "rows", len({r[0] for r in rows}), "models")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

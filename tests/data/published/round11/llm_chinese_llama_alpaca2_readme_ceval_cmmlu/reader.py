"""Independent reader for llm_chinese_llama_alpaca2_readme_ceval_cmmlu.

README.md (Chinese) section "## 系统效果" has several result tables. The board read here is the
objective (NLU) evaluation: "### 客观效果评测：C-Eval" and "### 客观效果评测：CMMLU", two tables
over the same 10 models, joined. Both tables are side by side: each row carries a LLaMA model and an
Alpaca model ("LLaMA Models | Valid | Test | Alpaca Models | Valid | Test"), and each score cell is
"zero-shot / 5-shot" (C-Eval) or "0 / few-shot" (CMMLU), i.e. two numbers -> two tasks.
Accuracy (%), higher is better.
"""
import csv
import os
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def table_after(lines, heading):
    i = lines.index(heading) + 1
    while not lines[i].startswith("|"):
        i += 1
    out = []
    while i < len(lines) and lines[i].startswith("|"):
        out.append(cells(lines[i]))
        i += 1
    return out[0], out[2:]  # header, data rows (skip the delimiter row)


def read(lines, heading, bench, shots):
    header, data = table_after(lines, heading)
    groups = []  # (model column, [(column, split)])
    for j, h in enumerate(header):
        if h.endswith("Models"):
            groups.append((j, []))
        else:
            split = h.split(" ")[0]  # "Valid", "Test", "Test (0/few-shot)" -> "Test"
            groups[-1][1].append((j, split))
    rows = []
    for r in data:
        for mcol, metrics in groups:
            model = r[mcol].replace("**", "").strip()
            for col, split in metrics:
                parts = [p.strip() for p in r[col].split("/")]
                assert len(parts) == 2, r[col]
                for shot, value in zip(shots, parts):
                    task = f"{bench} {split} {shot}"
                    rows.append((model, task, "accuracy", value, "true"))
    return rows


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows = read(lines, "### 客观效果评测：C-Eval", "C-Eval", ["zero-shot", "5-shot"])
    rows += read(lines, "### 客观效果评测：CMMLU", "CMMLU", ["zero-shot", "few-shot"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

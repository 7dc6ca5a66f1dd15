"""Independent reader for shisa-ai/ja-mt-bench-harness fastchat/llm_judge/judge_comparison_table.txt
(commit 3a39b78): per-model blocks of Japanese MT-Bench scores by category x turn x judge.
Standard library only. Writes expected.csv.

Rules (see notes.md):
  * the file is a sequence of blocks separated by a line of '=' characters;
  * the first two blocks ("MT-Bench Summary: ...", "MT-Bench Scores by Category and Judge (All Models)")
    pool all models together: they are not a system and are left out;
  * every other block starts with the model name, then a tabulate "simple" table whose header is
    'Category' + the four judges (GPT-4-Turbo, GPT-4o, GPT-4.1, GPT-4.1-mini);
  * rows after '--- Turn N ---' are leaf cells: category x turn N -> one row per judge;
  * 'Overall Average', 'Overall (Turn N)' and '<category> (Average)' are averages the script computes
    over the leaf judgments: left out.
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "fastchat", "llm_judge", "judge_comparison_table.txt")

text = open(SRC, encoding="utf-8").read()
blocks = [b.strip("\n") for b in re.split(r"^=+$", text, flags=re.M)]
rows = []
for b in blocks:
    lines = [l for l in b.splitlines() if l.strip()]
    if not lines:
        continue
    title = lines[0].strip()
    if title.startswith("MT-Bench ") or title.startswith("NOTE:"):
        continue
    model = title
    head = lines[1].split()
    assert head[0] == "Category", (model, head)
    judges = head[1:]
    turn = None
    for l in lines[3:]:  # skip header and its dashes line
        m = re.match(r"^--- Turn (\d+) ---", l)
        if m:
            turn = m.group(1)
            continue
        if turn is None or l.startswith("-"):
            continue
        parts = l.split()
        cat, vals = parts[0], parts[1:]
        assert len(vals) == len(judges), l
        for j, v in zip(judges, vals):
            if v == "N/A":
                continue
            rows.append([model, f"{cat} turn {turn} (judge {j})", "MT-Bench score (1-10)", v, "true"])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks")

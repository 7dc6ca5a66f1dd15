"""Independent reader for ir_beir_reranking_readme_split_tables (Python standard library only).

beir-cellar/beir examples/retrieval/evaluation/reranking/README.md: "Re-ranking BM25 top-100 using
Cross-Encoder (Leaderboard)". Two Markdown pipe tables with the same 8 cross-encoder rows, each
with 8 BEIR datasets (16 in all) plus a repeated "Docs / Sec" speed column; together they make one
board. Group rows ("**MiniLM Models**", "**TinyBERT Models**") have only a label and are skipped.
Empty cells are missing results. Scores are nDCG@10 (higher is better); Docs / Sec is speed.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "examples", "retrieval", "evaluation", "reranking",
                        "README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    tables, cur = [], []
    for line in lines:
        if line.strip().startswith("|"):
            cur.append(line)
        elif cur:
            tables.append(cur)
            cur = []
    if cur:
        tables.append(cur)
    assert len(tables) == 2
    scores, speed = {}, {}
    order_m, order_t = [], []
    for t in tables:
        header = cells(t[0])
        assert header[0] == "Reranking-Model" and header[1] == "Docs / Sec", header
        tasks = header[2:]
        for line in t[2:]:
            c = cells(line)
            name = c[0]
            if name.startswith("**") or len(c) < len(header):
                continue                      # group label row
            if name not in order_m:
                order_m.append(name)
            if name in speed:
                assert speed[name] == c[1], name  # the speed column repeats
            speed[name] = c[1]
            for task, v in zip(tasks, c[2:]):
                if task not in order_t:
                    order_t.append(task)
                if v == "":
                    continue
                float(v)
                scores[(name, task)] = v
    assert len(order_m) == 8 and len(order_t) == 16
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for m in order_m:
            for t in order_t:
                if (m, t) in scores:
                    w.writerow([m, t, "nDCG@10", scores[(m, t)], "true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

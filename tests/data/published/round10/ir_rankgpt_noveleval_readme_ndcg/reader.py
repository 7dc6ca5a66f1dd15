"""Independent reader for ir_rankgpt_noveleval_readme_ndcg (Python standard library only).

sunnweiwei/RankGPT NovelEval/README.md, section "## Results": one pipe table
(Method | nDCG@1 | nDCG@5 | nDCG@10) on the NovelEval-2306 test set. Each nDCG cutoff is a task
(higher is better). The "## Files" table above it is not results. Names: ** removed.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "NovelEval", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("## Results")
    table = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    header = cells(table[0])
    assert header == ["Method", "nDCG@1", "nDCG@5", "nDCG@10"], header
    out = []
    for line in table[2:]:
        c = [x.replace("**", "").strip() for x in cells(line)]
        for task, v in zip(header[1:], c[1:]):
            float(v)
            out.append((c[0], task, task, v, "true"))
    assert len(out) == 18
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

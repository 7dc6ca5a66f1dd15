"""Independent reader for JoelNiklaus/Multilingual-LLM-Evaluation results/model_scores.csv (stdlib only).

Written by analyze_output.py: index column (empty header) = model folder name; one column
per lm-eval task renamed to <dataset>_<lang> (acc_norm, else acc; 0-1, higher is better);
then aggregate_scores() adds <dataset>_aggregate, <lang>_aggregate, language_aggregate,
dataset_aggregate and overall_aggregate, all means of other columns -> left out.
Empty cells (microsoft__Phi-3-mini-128k-instruct has only TruthfulQA) are missing.
"""
import csv, os, sys

def main(set_dir):
    path = os.path.join(set_dir, "raw/results/model_scores.csv")
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    assert header[0] == ""
    cols = [(j, h) for j, h in enumerate(header) if j > 0 and not h.endswith("_aggregate")]
    assert len(cols) == 20, cols
    out = []
    for r in rows[1:]:
        if not r:
            continue
        model = r[0].strip()
        for j, task in cols:
            v = r[j].strip()
            if v == "":
                continue
            float(v)
            metric = "acc" if task.startswith("m_mmlu_") else ("acc (mc2)" if task.startswith("truthfulqa_") else "acc_norm")
            out.append((model, task, metric, v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len(rows) - 1, "models")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for EleutherAI/gpt-neo README.md "## Model Evaluations" (stdlib only).

Two Markdown tables under "#### Linguistic Reasoning" and "#### Physical and Scientific Reasoning"
with the same 10 model rows ("Model and Size"); they are two parts of one board and are joined
by model name. Bold (**...**) marks the GPT-Neo rows and is removed; "-----" means not evaluated
(no cell); "37.36%" is read as 37.36. Pile BPB and all PPL columns: lower is better (bits per
byte and perplexity are increasing functions of the LM loss, model_fns.py); Lambada Acc,
Winogrande, Hellaswag, MathQA, PubMedQA, Piqa: accuracies, higher is better.
"""
import csv, os, sys

LOWER = {"Pile BPB", "Pile PPL", "Wikitext PPL", "Lambada PPL"}
METRIC = {"Pile BPB": "bits per byte", "Pile PPL": "perplexity", "Wikitext PPL": "perplexity",
          "Lambada PPL": "perplexity"}

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def unbold(s):
    s = s.strip()
    if s.startswith("**") and s.endswith("**"):
        s = s[2:-2].strip()
    return s

def table_after(lines, heading):
    i = lines.index(heading)
    while not lines[i].startswith("|"):
        i += 1
    header = cells(lines[i])
    assert set(cells(lines[i + 1])[0]) <= set("-:"), lines[i + 1]
    rows, i = [], i + 2
    while i < len(lines) and lines[i].startswith("|"):
        rows.append(cells(lines[i])); i += 1
    return header, rows

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    out, seen_models = [], []
    for heading in ("#### Linguistic Reasoning", "#### Physical and Scientific Reasoning"):
        header, rows = table_after(lines, heading)
        assert header[0] == "Model and Size", header
        models = []
        for r in rows:
            assert len(r) == len(header), r
            model = unbold(r[0]); models.append(model)
            for task, raw in zip(header[1:], r[1:]):
                v = unbold(raw)
                if set(v) == {"-"}:
                    continue
                v = v[:-1] if v.endswith("%") else v
                float(v)
                metric = METRIC.get(task, "accuracy (%)")
                out.append((model, task, metric, v, "false" if task in LOWER else "true"))
        if seen_models:
            assert models == seen_models, (models, seen_models)
        seen_models = models
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

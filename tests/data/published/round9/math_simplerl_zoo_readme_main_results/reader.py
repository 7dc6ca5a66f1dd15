"""Independent reader for hkust-nlp/simpleRL-reason README.md (stdlib only).

'## Main Results' holds one board split in two Markdown tables with identical headers:
'### Mistral, Llama and DeepSeek Models' and '### Qwen Series Model'. Both are read and joined.
Model = the Model cell as written (the RL-trained rows carry a leading lion emoji, kept).
Tasks = GSM8K, MATH 500, Minerva Math, Olympiad Bench, AIME24  (Pass@1), AIME24  (Avg@32), AMC23
(header text as written, incl. the double space). 'Avg.' is the mean of the six benchmarks with AIME
Pass@1 and is left out. Score = accuracy (%), higher is better. The later 'Model | Link' table is not
a result.
"""
import csv, os, sys

TASKS = ["GSM8K", "MATH 500", "Minerva Math", "Olympiad Bench", "AIME24  (Pass@1)", "AIME24  (Avg@32)", "AMC23"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8").read().splitlines()
    start, end = lines.index("## Main Results"), lines.index("## Model Checkpoints")
    tables, cur = [], None
    for l in lines[start:end]:
        if l.startswith("|"):
            if cur is None:
                cur = []; tables.append(cur)
            cur.append(l)
        else:
            cur = None
    assert len(tables) == 2, len(tables)
    out, models = [], []
    for t in tables:
        header = cells(t[0])
        assert header == ["Model"] + TASKS + ["Avg."], header
        for line in t[2:]:
            c = cells(line)
            assert len(c) == len(header), c
            model = c[0]
            assert model not in models, model
            models.append(model)
            for task, v in zip(TASKS, c[1:8]):
                float(v)
                out.append((model, task, "accuracy (%)", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(models), "models,", len(out), "rows")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for deepseek-ai/DeepSeek-Coder Evaluation/HumanEval/README.md (stdlib only).

Section '## 4. Experimental Results' holds one board in two Markdown tables with identical headers:
'#### (1) Multilingual Base Models' and '#### (2) Instruction-Tuned Models'. Both are read and joined.
Model = Model cell + ' ' + Size, or the Model cell alone where Size is '-' (GPT-3.5-Turbo, GPT-4).
Rows whose cells are all empty ('| | | ...') are spacers. Tasks = the 8 language columns; Avg (mean of
the 8) is left out; '-' = not reported. Score = pass@1 in %, the number without '%' and '**'.
"""
import csv, os, sys

LANGS = ["Python", "C++", "Java", "PHP", "TS", "C#", "Bash", "JS"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/Evaluation/HumanEval/README.md"), encoding="utf-8").read().splitlines()
    tables, cur = [], None
    for l in lines:
        if l.startswith("|"):
            if cur is None:
                cur = []; tables.append(cur)
            cur.append(l)
        else:
            cur = None
    assert len(tables) == 2, len(tables)
    out, models, missing = [], [], 0
    for t in tables:
        header = cells(t[0])
        assert header == ["Model", "Size"] + LANGS + ["Avg"], header
        for line in t[2:]:
            c = cells(line)
            if all(x == "" for x in c):
                continue  # spacer row
            assert len(c) == len(header), c
            model = c[0] if c[1] == "-" else c[0] + " " + c[1]
            assert model not in models, model
            models.append(model)
            for task, v in zip(LANGS, c[2:10]):
                v = v.replace("**", "").strip()
                if v == "-":
                    missing += 1
                    continue
                assert v.endswith("%"), v
                v = v[:-1]
                float(v)
                out.append((model, task, "pass@1 (%)", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(models), "models,", len(out), "rows,", missing, "missing", models)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

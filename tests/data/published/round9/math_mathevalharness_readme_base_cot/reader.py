"""Independent reader for ZubinGou/math-evaluation-harness README.md (stdlib only).

Main board = the first results table, '### Base Models (CoT)' (PROMPT_TYPE=cot). The two SFT tables
that follow are separate boards (other prompt types, other models, other columns) and are not read.

Rows: bold section rows ('**1-2B Base Models**', '**>= 7B Base Models**') are headings, not models.
Model = Model cell with the Markdown link removed + ' ' + Size (the Model name alone repeats:
Minerva x3, LLemma x2, Intern-Math x2, DeepSeekMath x2, Rho-Math x2).
Tasks = GSM8K, MATH, SVAMP, ASDiv, MAWPS, TAB, MQA, MMLU STEM, SAT (footnote markers '[^1]' and
'[^2]' removed). Size, Data, Uniq. Token, Train Token are metadata; AVG is the mean of the 9
datasets (math_eval.py) and is left out. '-' = not evaluated. Score = accuracy in %, higher is better.
"""
import csv, os, re, sys

TASKS = ["GSM8K", "MATH", "SVAMP", "ASDiv", "MAWPS", "TAB", "MQA", "MMLU STEM", "SAT"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def unmark(s):
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)   # [text](url) -> text
    s = re.sub(r"\[\^\d+\]", "", s)                  # footnote markers
    return s.replace("**", "").strip()


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8").read().splitlines()
    start = lines.index("### Base Models (CoT)")
    i = start
    while not lines[i].startswith("|"):
        i += 1
    block = []
    while i < len(lines) and lines[i].startswith("|"):
        block.append(lines[i]); i += 1
    header = [unmark(h) for h in cells(block[0])]
    assert header == ["Model", "Size", "Data", "Uniq. Token", "Train Token"] + TASKS + ["AVG"], header
    out, models, missing = [], [], 0
    for line in block[2:]:
        c = cells(line)
        assert len(c) == len(header), (len(c), line)
        if c[0].startswith("**") and all(x == "" for x in c[1:]):
            continue  # section row
        model = unmark(c[0]) + " " + c[1]
        assert model not in models, model
        models.append(model)
        for task, v in zip(TASKS, c[5:14]):
            v = unmark(v)
            if v == "-":
                missing += 1
                continue
            float(v)
            out.append((model, task, "accuracy (%)", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(models), "models,", len(out), "rows,", missing, "missing:", models)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

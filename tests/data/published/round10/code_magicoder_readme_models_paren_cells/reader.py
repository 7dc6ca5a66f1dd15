"""Independent reader for ise-uiuc/magicoder README.md '## 🎩 Models' table (stdlib only).

Columns: Model | Checkpoint | Size | HumanEval (+) | MBPP (+) | License. Each score cell is
'BASE (PLUS)', possibly bold ('**76.8** (**70.7**)'): BASE = pass@1 on the original tests
(HumanEval / MBPP), PLUS = pass@1 on EvalPlus's extended tests (HumanEval+ / MBPP+).
Model names drop the Markdown italics ('Magicoder-*S*-CL-7B' -> 'Magicoder-S-CL-7B').
Checkpoint (links), Size and License are metadata. Higher is better.
"""
import csv, os, re, sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    text = open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8").read()
    sec = text.split("## 🎩 Models", 1)[1].split("\n## ", 1)[0]
    lines = [l for l in sec.splitlines() if l.startswith("|")]
    header = cells(lines[0])
    assert header == ["Model", "Checkpoint", "Size", "HumanEval (+)", "MBPP (+)", "License"], header
    out, models = [], []
    for line in lines[2:]:
        c = cells(line)
        assert len(c) == 6, c
        model = c[0].replace("*", "").strip()
        models.append(model)
        for col, base_name in ((3, "HumanEval"), (4, "MBPP")):
            m = re.fullmatch(r"\**([\d.]+)\**\s*\(\**([\d.]+)\**\)", c[col])
            assert m, c[col]
            out.append((model, base_name, "pass@1 (%)", m.group(1), "true"))
            out.append((model, base_name + "+", "pass@1 (%)", m.group(2), "true"))
    assert len(set(models)) == len(models) == 4
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(models), "models,", len(out), "rows", models)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for 01-ai/Yi HUGGINGFACE_README.md "## Model Performance" (stdlib only).

One pipe table: header | Model | MMLU | CMMLU | C-Eval | GAOKAO | BBH | Common-sense Reasoning |
Reading Comprehension | Math & Code |, then the separator, then a row with an EMPTY model cell
holding the shot setting of each column (5-shot, 0-shot, 3-shot@1, -): not a model, skipped.
"**x**" marks the best value and is removed; "-" is no cell. All 8 columns are tasks (there is no
average column); every score: higher is better.
"""
import csv, os, re, sys

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def clean(v):
    return re.sub(r"\*\*(.*?)\*\*", r"\1", v).strip()

def main(set_dir):
    with open(os.path.join(set_dir, "raw/HUGGINGFACE_README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index("## Model Performance") + 1
    while not lines[i].startswith("|"):
        i += 1
    header = cells(lines[i])
    assert header[0] == "Model" and len(header) == 9, header
    assert set("".join(cells(lines[i + 1]))) <= set("-: "), lines[i + 1]
    i += 2
    tasks = header[1:]
    out = []
    while lines[i].startswith("|"):
        r = cells(lines[i]); i += 1
        assert len(r) == len(header), r
        model = clean(r[0])
        if model == "":
            assert "5-shot" in r, r          # the shot-setting row
            continue
        for t, v in zip(tasks, r[1:]):
            v = clean(v)
            if v == "-":
                continue
            float(v)
            out.append((model, t, "score", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

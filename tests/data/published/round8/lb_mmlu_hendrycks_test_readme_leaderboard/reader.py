"""Independent reader for hendrycks/test README.md "## Test Leaderboard" (stdlib only).

One Markdown table: Model | Authors | Humanities | Social Sciences | STEM | Other | Average.
Model = first cell with Markdown links reduced to their text ("[GPT-3](...) (175B, few-shot)" ->
"GPT-3 (175B, few-shot)"). Tasks = the four category columns; Authors (text) and Average (the
question-weighted accuracy over all 57 subjects, an aggregate) are left out. Rows lack a trailing
pipe; the "Random Baseline" row has one cell more than the header (ignored). Accuracy in percent,
higher is better.
"""
import csv, os, re, sys

TASKS = ["Humanities", "Social Sciences", "STEM", "Other"]

def clean(s):
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)
    s = re.sub(r"\*\*(.*?)\*\*", r"\1", s)
    return re.sub(r"\s+", " ", s).strip()

def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index("## Test Leaderboard")
    while not lines[i].startswith("|"):
        i += 1
    header = [clean(c) for c in cells(lines[i])]
    assert header == ["Model", "Authors"] + TASKS + ["Average"], header
    i += 2
    out = []
    while i < len(lines) and lines[i].startswith("|"):
        r = cells(lines[i]); i += 1
        model = clean(r[0])
        for t in TASKS:
            v = clean(r[header.index(t)])
            float(v)
            out.append((model, t, "accuracy (%)", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

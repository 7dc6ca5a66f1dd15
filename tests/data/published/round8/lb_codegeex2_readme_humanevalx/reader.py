"""Independent reader for THUDM/CodeGeeX2 README.md, table "### HumanEval-X (Pass@1)" (stdlib only).

README.md holds five tables (HumanEval Pass@1/10/100; HumanEval-X Pass@1; DS1000 Pass@1; memory;
speed). The board is the HumanEval-X table, the one the README leads with (multilingual code
generation). Rows = models, columns = Python, C++, Java, JavaScript, Go, Rust, Overall.
Cells: "**35\\.9**" -> 35.9 (bold and the Markdown backslash escape removed). Overall (the mean of
the six languages) is left out. Pass@1 in percent, higher is better.
"""
import csv, os, re, sys

TASKS = ["Python", "C++", "Java", "JavaScript", "Go", "Rust"]

def clean(s):
    s = re.sub(r"\*\*(.*?)\*\*", r"\1", s)
    s = re.sub(r"\\(.)", r"\1", s)            # Markdown escapes: 19\.2 -> 19.2, \# -> #
    return re.sub(r"\s+", " ", s).strip()

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index("### HumanEval-X (Pass@1)")
    while not lines[i].startswith("|"):
        i += 1
    header = [clean(c) for c in cells(lines[i])]
    assert header == ["Model"] + TASKS + ["Overall"], header
    i += 2
    out = []
    while i < len(lines) and lines[i].startswith("|"):
        r = [clean(c) for c in cells(lines[i])]; i += 1
        model = r[0]
        vals = [float(r[header.index(t)]) for t in TASKS]
        assert abs(sum(vals) / 6 - float(r[header.index("Overall")])) < 0.051, (model, sum(vals) / 6)
        for t in TASKS:
            out.append((model, t, "pass@1 (%)", r[header.index(t)], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

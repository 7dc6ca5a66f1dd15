"""Independent reader for open-compass/MathBench README.md "## Model Performance" (stdlib only).

Two pipe tables without outer pipes: MathBench-A (**Models** | **Arith** | **Primary** | **Middle** |
**High** | **College** | **Avg.**) and MathBench-T (**Models** | **Primary** | **Middle** | **High** |
**College** | **Avg.**). They are two boards (application vs theory problems; stage names repeat
across them and some model names are spelled differently). The board read is MathBench-A, the one
the README introduces as "the CE result of MathBench" and the project page shows by default.
Italic rows "*Closed-source Models* | | ..." are group separators (skipped); "**x**" and "<u>x</u>"
(best / best-in-group) are removed; Avg. (mean of the five stages) is left out. Higher is better.
"""
import csv, os, re, sys

def cells(line):
    return [c.strip() for c in line.strip().split("|")]

def clean(v):
    v = re.sub(r"\*\*(.*?)\*\*", r"\1", v)
    v = re.sub(r"<u>(.*?)</u>", r"\1", v)
    return v.strip()

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = next(j for j, l in enumerate(lines) if l.startswith("## ") and "Model Performance" in l)
    while not lines[i].startswith("**Models**"):
        i += 1
    header = [clean(c) for c in cells(lines[i])]
    assert header == ["Models", "Arith", "Primary", "Middle", "High", "College", "Avg."], header
    assert set(lines[i + 1].replace("|", "")) == {"-"}, lines[i + 1]
    i += 2
    tasks = header[1:6]
    out = []
    while lines[i].strip():
        r = cells(lines[i]); i += 1
        if re.fullmatch(r"\*[^*].*\*", r[0]):           # *Closed-source Models* etc.
            assert all(c == "" for c in r[1:]), r
            continue
        assert len(r) == len(header), r
        vals = [clean(v) for v in r[1:]]
        f = [float(v) for v in vals]
        assert abs(sum(f[:5]) / 5 - f[5]) <= 0.1 + 1e-9, r[0]
        for t, v in zip(tasks, vals[:5]):
            out.append((clean(r[0]), t, "accuracy", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for InternLM/InternLM README.md "## Performance" (stdlib only).

One transposed pipe table: header | Benchmark | (blank) | InternLM3-8B-Instruct | Qwen2.5-7B-Instruct |
Llama3.1-8B-Instruct | GPT-4o-mini(close source) |. Column 1 is a capability group written only on
the first row of each group (General, Reasoning, MATH, Coding, Instrunction, Long Context, Chat);
column 2 is the benchmark with its setting, e.g. "CMMLU(0-shot)" - that is the task name. Models are
the four remaining columns, names as written. "**x**" (best) is removed; a trailing "\\*" marks
"evaluating with Thinking Mode" and is removed. All 16 benchmarks: higher is better (MT-Bench-101
is a 1-10 judge score, also higher is better).
"""
import csv, os, re, sys

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def num(v):
    m = re.fullmatch(r"(?:\*\*)?(\d+(?:\.\d+)?)(?:\*\*)?(\\\*)?", v)
    assert m, v
    return m.group(1)

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index("## Performance") + 1
    while not lines[i].startswith("|"):
        i += 1
    header = cells(lines[i])
    assert header[0] == "Benchmark" and header[1] == "", header
    models = header[2:]
    assert len(models) == 4, models
    i += 2
    out = []
    while lines[i].startswith("|"):
        r = cells(lines[i]); i += 1
        assert len(r) == len(header), r
        task = r[1]
        for m, v in zip(models, r[2:]):
            out.append((m, task, "score", num(v), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

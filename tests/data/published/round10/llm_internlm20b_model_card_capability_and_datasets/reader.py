"""Independent reader for InternLM/InternLM model_cards/internlm_20b.md (stdlib only).

"## Performance Evaluation" holds two transposed tables over the same 7 models:
 1. | Capability | Llama-13B | ... | : Language, Knowledge, Understanding, Reasoning, Examination and
    Overall - OpenCompass capability-dimension scores (aggregates over OpenCompass dataset groups)
    and their overall; not read.
 2. |  | Benchmarks | Llama-13B | ... | : 17 datasets (column 2), a capability group in column 1
    written once per group. This per-dataset table is the board read here.
"**x**" (best in the 13B-33B range) is removed. All datasets: higher is better.
"""
import csv, os, re, sys

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def num(v):
    m = re.fullmatch(r"(?:\*\*)?(\d+(?:\.\d+)?)(?:\*\*)?", v)
    assert m, v
    return m.group(1)

def main(set_dir):
    with open(os.path.join(set_dir, "raw/model_cards/internlm_20b.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index("## Performance Evaluation") + 1
    starts = [j for j in range(i, len(lines)) if lines[j].startswith("|") and not lines[j - 1].startswith("|")]
    assert len(starts) == 2, starts
    cap = cells(lines[starts[0]])
    assert cap[0] == "Capability", cap
    i = starts[1]
    header = cells(lines[i])
    assert header[0] == "" and header[1] == "Benchmarks", header
    models = header[2:]
    assert models == cap[1:], (models, cap)
    i += 2
    out = []
    while i < len(lines) and lines[i].startswith("|"):
        r = cells(lines[i]); i += 1
        assert len(r) == len(header), r
        for m, v in zip(models, r[2:]):
            out.append((m, r[1], "score", num(v), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

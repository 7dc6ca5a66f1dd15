"""Independent reader for deepseek-ai/DeepSeek-V2 README.md, "## 4. Evaluation Results" (stdlib only).

The section holds five pipe tables (base >67B, base <16B, chat >67B, chat <16B, AlignBench) plus
images. They are separate boards (different model sets; "Mixtral 8x22B" is a column of both the base
and the chat >67B tables with different numbers). The board read is the first one,
"### Base Model" / "#### Standard Benchmark (Models larger than 67B)": transposed, header
| **Benchmark** | **Domain** | **LLaMA3 70B** | **Mixtral 8x22B** | **DeepSeek-V1 (Dense-67B)** |
**DeepSeek-V2 (MoE-236B)** |; rows are benchmarks (bold), Domain is a label (English/Chinese/
Code/Math), not a score. All 8 benchmarks: higher is better.
"""
import csv, os, re, sys

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def clean(v):
    return re.sub(r"\*\*(.*?)\*\*", r"\1", v).strip()

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index("#### Standard Benchmark (Models larger than 67B)")
    assert lines[i - 1] == "### Base Model" and lines[i - 2] == "## 4. Evaluation Results"
    while not lines[i].startswith("|"):
        i += 1
    header = [clean(c) for c in cells(lines[i])]
    assert header[:2] == ["Benchmark", "Domain"], header
    models = header[2:]
    i += 2
    out = []
    while lines[i].startswith("|"):
        r = cells(lines[i]); i += 1
        assert len(r) == len(header), r
        task = clean(r[0])
        for m, v in zip(models, r[2:]):
            float(v)
            out.append((m, task, "score", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

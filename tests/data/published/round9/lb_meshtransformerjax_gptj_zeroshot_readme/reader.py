"""Independent reader for kingoflolz/mesh-transformer-jax README.md "### Zero-Shot Evaluations" (stdlib).

One Markdown table: Model | Weights | Training FLOPs | LAMBADA PPL ↓ | LAMBADA Acc ↑ | Winogrande ↑ |
Hellaswag ↑ | PIQA ↑ | Dataset Size (GB). Scores are the five arrowed columns; the arrows give the
direction (↓ lower is better, ↑ higher). Weights (✔/✘ flag), Training FLOPs (cost) and Dataset Size
are model properties, not results. Model names lose bold and the footnote marks * ‡ † (explained
under the table). "-----" is no cell; cells starting with "~" ("~a lot", "~0%" in the Chance row)
are approximations, not measurements, and are no cell either. Percent cells are read without "%".
Megatron-11B† has no score at all ("evaluation was not attempted") and so no cell.
"""
import csv, os, sys

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index("### Zero-Shot Evaluations")
    while not lines[i].startswith("|"):
        i += 1
    header = cells(lines[i])
    assert header[0] == "Model", header
    i += 2
    score_cols = [(k, h) for k, h in enumerate(header) if h.endswith("↑") or h.endswith("↓")]
    assert [h for _, h in score_cols] == ["LAMBADA PPL ↓", "LAMBADA Acc ↑", "Winogrande ↑",
                                          "Hellaswag ↑", "PIQA ↑"], score_cols
    out, models = [], []
    while i < len(lines) and lines[i].startswith("|"):
        r = cells(lines[i]); i += 1
        assert len(r) == len(header), r
        model = r[0].replace("**", "").rstrip("*‡†").strip()
        model = model.replace("**", "").strip()
        assert model not in models, model
        models.append(model)
        for k, h in score_cols:
            v = r[k]
            if set(v) == {"-"} or v.startswith("~"):
                continue
            v = v[:-1] if v.endswith("%") else v
            float(v)
            task = h[:-1].strip()
            metric = "perplexity" if "PPL" in task else "accuracy (%)"
            out.append((model, task, metric, v, "false" if h.endswith("↓") else "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")
    print("rows without any score:", [m for m in models if m not in {o[0] for o in out}])

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

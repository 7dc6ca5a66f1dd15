"""Independent reader for attractivechaos/plb2 README.md (stdlib only).

The README's only Markdown table ("Appendix: Timing on Apple M1 Macbook Pro"): rows = implementations
named by the Label column; columns Language, Runtime, Version, Plot are metadata; nqueen, matmul,
sudoku, bedcov are elapsed wall-clock seconds (lower is better). Empty cell = no implementation.
Markdown escape '\\*' in a label is unescaped ('codon\\*' -> 'codon*').
"""
import csv, os, sys

TASKS = ["nqueen", "matmul", "sudoku", "bedcov"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    text = open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8").read().splitlines()
    lines = [l for l in text if l.startswith("|")]
    header = cells(lines[0])
    assert header == ["Label", "Language", "Runtime", "Version", "Plot"] + TASKS, header
    assert set(lines[1].replace("|", "").replace(":", "").replace("-", "").strip()) == set(), lines[1]
    out, models, empty = [], [], 0
    for line in lines[2:]:
        c = cells(line)
        assert len(c) == 9, c
        model = c[0].replace("\\*", "*")
        assert model not in models, model
        models.append(model)
        for task, v in zip(TASKS, c[5:]):
            if v == "":
                empty += 1
                continue
            float(v)
            out.append((model, task, "elapsed time (s)", v, "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(models), "models,", len(out), "rows,", empty, "empty cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

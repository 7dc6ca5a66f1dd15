"""Independent reader for haotian-liu/LLaVA docs/MODEL_ZOO.md (stdlib only).

Main board = the table under '## LLaVA-v1.6' (the page's recommended, latest models). The v1.5 and v1
tables are separate boards (other models, other/different benchmark columns); the projector and
checkpoint tables hold no results.

Model = the Checkpoint cell's link text (e.g. 'liuhaotian/llava-v1.6-vicuna-7b'); the Version column is
'LLaVA-1.6' in every row. Version, LLM, Schedule, Checkpoint are metadata. Every other column is a
benchmark, higher is better. The MME cell 'P/C' holds two scores, MME perception / MME cognition,
written as two tasks 'MME (perception)' and 'MME (cognition)'.
"""
import csv, os, re, sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/docs/MODEL_ZOO.md"), encoding="utf-8").read().splitlines()
    i = lines.index("## LLaVA-v1.6")
    while not lines[i].startswith("|"):
        i += 1
    block = []
    while lines[i].startswith("|"):
        block.append(lines[i]); i += 1
    header = cells(block[0])
    assert header[:4] == ["Version", "LLM", "Schedule", "Checkpoint"], header
    tasks = header[4:]
    assert len(tasks) == 14 and "MME" in tasks, tasks
    out, models = [], []
    for line in block[2:]:
        c = cells(line)
        assert len(c) == len(header), c
        m = re.fullmatch(r"\[([^\]]+)\]\(([^)]+)\)", c[3])
        model = m.group(1)
        assert model not in models
        models.append(model)
        for task, v in zip(tasks, c[4:]):
            if task == "MME":
                p, q = v.split("/")
                float(p); float(q)
                out.append((model, "MME (perception)", "MME perception score", p, "true"))
                out.append((model, "MME (cognition)", "MME cognition score", q, "true"))
                continue
            float(v)
            out.append((model, task, "score", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(models), "models,", len(out), "rows", models)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

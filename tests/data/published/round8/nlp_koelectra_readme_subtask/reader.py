"""Independent reader for nlp_koelectra_readme_subtask (Python standard library only).

README.md (Korean) of monologg/KoELECTRA. Under "## Result on Subtask" there are two pipe tables,
"### Base Model" and "### Small Model", with the same task columns. Together they are one board
(same fine-tuning recipe and test sets; the split is only by model size). The first column (empty
header) names the model; every other header is '**<Task>**<br/>(<metric>)'. The KorQuaD column
holds 'EM / F1' pairs and becomes two tasks. Bold markers are removed.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better (all higher is better).
"""
import csv
import os
import re
import sys


def clean(cell):
    cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell)   # [text](url) -> text
    cell = re.sub(r"<br\s*/?>", " ", cell)                  # <br/> -> space
    cell = re.sub(r"<[^>]+>", " ", cell)
    cell = cell.replace("**", "").replace("`", "")
    return re.sub(r"\s+", " ", cell).strip()


def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def tables_under(lines, heading):
    """Pipe tables between `heading` and the next '## ' heading, as (subheading, header, rows)."""
    start = next(i for i, l in enumerate(lines) if l.strip() == heading)
    out, sub, cur = [], None, None
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if line.startswith("### "):
            sub = line[4:].strip()
        if line.strip().startswith("|"):
            c = [clean(x) for x in cells(line)]
            if cur is None:
                cur = (sub, c, [])
                out.append(cur)
            elif all(re.fullmatch(r":?-+:?", x) for x in c if x):
                continue
            else:
                cur[2].append(c)
        else:
            cur = None
    return out


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    tables = tables_under(lines, "## Result on Subtask")
    assert [t[0] for t in tables] == ["Base Model", "Small Model"], [t[0] for t in tables]
    out = []
    for _, header, rows in tables:
        for r in rows:
            model = r[0]
            for h, v in zip(header[1:], r[1:]):
                m = re.fullmatch(r"(.*) \((.*)\)", h)
                task, metric = m.group(1), m.group(2)
                if metric == "EM/F1":
                    em, f1 = [x.strip() for x in v.split("/")]
                    out.append((model, f"{task} (EM)", "EM", em))
                    out.append((model, f"{task} (F1)", "F1", f1))
                else:
                    out.append((model, f"{task} ({metric})", metric, v))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, metric, score in out:
            float(score)
            w.writerow([model, task, metric, score, "true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

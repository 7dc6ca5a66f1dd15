"""Independent reader for microsoft/ToRA README.md, the table under '## 💡 Introduction' (stdlib only).

Header: Model | Size | GSM8k | MATH | AVG@10 math tasks<sup>&dagger;</sup>.
Model cell: plain text, or a Markdown link whose text is an inline <img .../> logo followed by the name,
possibly with a footnote mark <sup>*</sup>; the name is the link text without the <img> and <sup>.
Tasks: GSM8k, MATH (accuracy, %, higher is better). 'AVG@10 math tasks' is the mean over 10 tasks
(footnote dagger) -> aggregate, left out. Size is metadata. Cells lose **bold** and <u> markup.
"""
import csv, os, re, sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def clean(s):
    s = re.sub(r"<img[^>]*>", "", s)
    s = re.sub(r"<sup>.*?</sup>", "", s)
    s = re.sub(r"</?u>", "", s)
    s = s.replace("**", "")
    m = re.fullmatch(r"\[(.*)\]\(.*\)", s.strip())
    if m:
        s = m.group(1)
    return s.strip()


def main(set_dir):
    text = open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8").read()
    sec = text.split("## 💡 Introduction", 1)[1].split("\n## ", 1)[0]
    lines = [l for l in sec.splitlines() if l.startswith("|")]
    header = cells(lines[0])
    assert header[:4] == ["Model", "Size", "GSM8k", "MATH"] and header[4].startswith("AVG@10"), header
    out, models = [], []
    for line in lines[2:]:
        c = cells(line)
        assert len(c) == 5, c
        model = clean(c[0])
        assert model not in models, model
        models.append(model)
        for task, v in zip(("GSM8k", "MATH"), c[2:4]):
            v = clean(v)
            float(v)
            out.append((model, task, "accuracy (%)", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(models), "models,", len(out), "rows", models)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

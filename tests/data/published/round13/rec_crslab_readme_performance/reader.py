"""Independent reader for rec_crslab_readme_performance (stdlib only).

Reading: README section "## Performance" holds three Markdown tables under
"### Recommendation Task", "### Conversation Task", "### Policy Task", all on
the TG-ReDial dataset. They are joined into one board: task = the sub-task
heading, metric = the column header, model = first column. Bold markup is
stripped. PPL is lower-is-better; every other column is higher-is-better.
"""
import csv, os, re, sys

LOWER = {"PPL"}

def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8").read().splitlines()
    in_perf = False
    task = None
    header = None
    out = []
    for l in lines:
        if l.startswith("## "):
            in_perf = l.strip() == "## Performance"
            task = None
            header = None
            continue
        if not in_perf:
            continue
        if l.startswith("### "):
            task = l[4:].strip()
            header = None
            continue
        s = l.strip()
        if not s.startswith("|") or task is None:
            continue
        cells = [c.strip() for c in s.strip("|").split("|")]
        if header is None:
            header = cells
            continue
        if all(re.fullmatch(r":?-+:?", c) for c in cells):
            continue
        model = cells[0].replace("**", "").strip()
        for metric, cell in zip(header[1:], cells[1:]):
            v = cell.replace("**", "").strip()
            if not v:
                continue
            float(v)
            out.append((model, task, metric, v, "false" if metric in LOWER else "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(f"{len(out)} rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

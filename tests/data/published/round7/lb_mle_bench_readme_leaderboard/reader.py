"""Independent reader for openai/mle-bench README.md, "## Leaderboard" table (stdlib only).

Only the first table (under "## Leaderboard") holds results; the later "Lite dataset"
table lists competitions with dataset sizes.
Model = "<Agent> | <LLM(s) used>" (links, <br> and footnote markers removed); the two
PiEvolve rows share agent and LLM and differ only by Running Time, so those two get
" | <hours>h" appended.
Tasks = "Low == Lite (%)", "Medium (%)", "High (%)"; "All (%)" is the 75-competition
aggregate of the three and is left out, as are Running Time, Date and the flag columns.
Score = the mean before "±" (Any Medal %, higher is better); the SEM after "±" is dropped.
"""
import csv, os, re, sys

TASKS = ["Low == Lite (%)", "Medium (%)", "High (%)"]

def clean(cell):
    s = re.sub(r"\[\^\d+\]", "", cell)              # footnote markers
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)   # [text](url) -> text
    s = re.sub(r"<br\s*/?>", " ", s)
    return re.sub(r"\s+", " ", s).strip()

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index("## Leaderboard")
    while not lines[i].startswith("|"):
        i += 1
    header = cells(lines[i]); i += 2                 # skip the |---| line
    col = {h: k for k, h in enumerate(header)}
    rows = []
    while i < len(lines) and lines[i].startswith("|"):
        rows.append(cells(lines[i])); i += 1
    names = []
    for r in rows:
        assert len(r) == len(header), r
        names.append(clean(r[col["Agent"]]) + " | " + clean(r[col["LLM(s) used"]]))
    out = []
    for r, name in zip(rows, names):
        if names.count(name) > 1:
            name += " | " + clean(r[col["Running Time (hours)"]]) + "h"
        for t in TASKS:
            v = clean(r[col[t]])
            m = re.fullmatch(r"(-?\d+(?:\.\d+)?)\s*±\s*(\d+(?:\.\d+)?)", v)
            assert m, v
            out.append((name, t, "Any Medal (%)", m.group(1), "true"))
    assert len({o[0] for o in out}) == len(rows)
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len(rows), "models")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

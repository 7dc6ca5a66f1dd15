"""Independent reader for StableToolBench README.md (stdlib only).

Board chosen: the table under "#### GPT Based Caching System" ("Below are the main results"),
headed "**Solvable Pass Rate:**" - the first *visible* table of that section. The lines
starting with "[//]: # (" right after it are Markdown comments (an older, hidden version of
the same table) and are not read. The MirrorAPI-Cache tables above and the Solvable Win Rate
table below are other boards (see notes.md).
Models: the Method column, bold removed. Tasks: the six query groups; "Average" left out.
Score: the number before "±" (SoPR %, higher is better).
"""
import csv, os, re, sys

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def unbold(s):
    return re.sub(r"\*\*(.*?)\*\*", r"\1", s).strip()

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index("#### GPT Based Caching System")
    while lines[i].strip() != "**Solvable Pass Rate:**":
        i += 1
    i += 1
    header = [unbold(h) for h in cells(lines[i])]
    assert header[0] == "Method" and header[-1] == "Average", header
    assert set(cells(lines[i + 1])) == {"---"}
    i += 2
    out = []
    while i < len(lines) and lines[i].startswith("|"):
        r = cells(lines[i]); i += 1
        assert len(r) == len(header)
        model = unbold(r[0])
        for t, v in zip(header[1:-1], r[1:-1]):
            m = re.fullmatch(r"(\d+(?:\.\d+)?)±(\d+(?:\.\d+)?)", unbold(v))
            assert m, v
            out.append((model, t, "Solvable Pass Rate", m.group(1), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

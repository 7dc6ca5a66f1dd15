"""Independent reader for lupantech/ScienceQA README.md, section ":fire: Leaderboard :fire:".

One big Markdown table (108 entries). Columns: # | Model | Method | Learning | #Size | #P | Link |
Date | NAT | SOC | LAN | TXT | IMG | NO | G1-6 | G7-12 | Avg (all header cells in **bold**).
Tasks: the eight question-set accuracies NAT..G7-12 (percent, higher is better). Avg ("all
questions (reporting the average accuracy)") is the overall aggregate and is left out, as are
#, Method, Learning, #Size, #P, Link, Date. "-" is a missing value. Entries whose only number is
Avg therefore have no cells here.

Model names: the Model cell without ** and without the medal emojis (🥇🥈🥉, rank markers of the
top 3). The same name appears in more than one row; where two rows that both keep cells share a
name, the reader appends the column that tells them apart: " [<Learning>]" if the Learning
values differ, else " [<#Size>]" (composite spelling chosen by this reader).
"""
import collections
import csv
import os
import sys

TASKS = ["NAT", "SOC", "LAN", "TXT", "IMG", "NO", "G1-6", "G7-12"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def unbold(s):
    s = s.strip()
    if s.startswith("**") and s.endswith("**"):
        s = s[2:-2]
    return s.strip()


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = lines.index(":fire: Leaderboard :fire:".join(["## ", ""]))
    i = next(k for k in range(start, len(lines)) if lines[k].startswith("|"))
    header = [unbold(c) for c in cells(lines[i])]
    assert header == ["#", "Model", "Method", "Learning", "#Size", "#P", "Link", "Date"] + TASKS + ["Avg"], header
    entries = []
    for line in lines[i + 2:]:
        if not line.startswith("|"):
            break
        c = cells(line)
        assert len(c) == len(header), c
        name = unbold(c[1])
        for medal in ("🥇", "🥈", "🥉"):
            name = name.replace(medal, "")
        name = name.strip()
        vals = {}
        for t, v in zip(TASKS, c[8:16]):
            v = unbold(v)
            if v == "-":
                continue
            float(v)
            vals[t] = v
        if vals:
            entries.append({"name": name, "learning": c[3], "size": c[4], "vals": vals})
    groups = collections.defaultdict(list)
    for e in entries:
        groups[e["name"]].append(e)
    for name, es in groups.items():
        if len(es) == 1:
            es[0]["model"] = name
            continue
        key = "learning" if len({e["learning"] for e in es}) == len(es) else "size"
        assert len({e[key] for e in es}) == len(es), (name, es)
        for e in es:
            e["model"] = f"{name} [{e[key]}]"
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        n = 0
        for e in entries:
            for t in TASKS:
                if t in e["vals"]:
                    w.writerow([e["model"], t, "accuracy (%)", e["vals"][t], "true"])
                    n += 1
    print(n, "rows", len(entries), "models")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

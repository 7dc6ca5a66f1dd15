"""Independent reader for iMeanAI/WebCanvas Mind2web-live_Leaderboard.md.

One Markdown table: Agent | Model | Completion rate | Task success rate. An entry is an
(agent framework, backbone model) pair - neither column is unique alone - so the model name is
"<Agent> / <Model>". Markup removed: **bold** and the leading star (the footnote marker
"★ indicates that the model or code has been open-sourced and verified"). Scores are percents,
higher is better; "/" is a missing cell.
"""
import csv
import os
import re
import sys


def clean(cell):
    cell = cell.strip()
    cell = re.sub(r"\*\*(.*?)\*\*", r"\1", cell).strip()
    return cell.lstrip("★").strip()


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "Mind2web-live_Leaderboard.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("| Agent"))
    header = [clean(c) for c in lines[start].strip().strip("|").split("|")]
    assert header == ["Agent", "Model", "Completion rate", "Task success rate"], header
    rows = []
    names = set()
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [clean(c) for c in line.strip().strip("|").split("|")]
        name = f"{cells[0]} / {cells[1]}"
        assert name not in names, name
        names.add(name)
        for task, value in zip(header[2:], cells[2:]):
            if value == "/":
                continue
            assert value.endswith("%"), value
            rows.append((name, task, value[:-1]))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for name, task, value in rows:
            w.writerow([name, task, "percent", value, "true"])
    print(len(rows), "rows", len(names), "models")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for ijl/orjson README.md (commit f53ec9f), section "## Performance" ->
"### Latency".

The README holds 21 Markdown tables. The main benchmark board is the eight "#### <fixture>.json
<serialization|deserialization>" tables under "### Latency" (made by script/graph from
pytest-benchmark runs): one table per task, the task name is the #### heading, the models are the
Library column (orjson, ujson, rapidjson, simplejson, json). Score: "Median latency
(milliseconds)", lower is better. "Operations per second" (throughput of the same runs) and
"Relative (latency)" (latency / orjson latency) are other views of the same measurement and are
left out. The "### Memory" tables, the correctness table, and the small feature tables elsewhere
(indent, sort, non-str keys, dataclass, numpy) are other boards and are not read.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = lines.index("### Latency")
    end = lines.index("### Memory")
    rows = []
    task = None
    i = start
    while i < end:
        line = lines[i]
        m = re.fullmatch(r"#### (.+)", line)
        if m:
            task = m.group(1).strip()
            assert re.fullmatch(r"\S+\.json (de)?serialization", task), task
        elif line.startswith("|"):
            header = cells(line)
            assert header == ["Library", "Median latency (milliseconds)",
                              "Operations per second", "Relative (latency)"], header
            assert set(lines[i + 1]) <= set("|-"), lines[i + 1]
            i += 2
            while i < end and lines[i].startswith("|"):
                c = cells(lines[i])
                float(c[1])
                rows.append((c[0], task, c[1]))
                i += 1
            task = None
            continue
        i += 1
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, value in rows:
            w.writerow([model, task, "median latency (ms)", value, "false"])
    print(len(rows), "rows", len({r[0] for r in rows}), "models", len({r[1] for r in rows}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

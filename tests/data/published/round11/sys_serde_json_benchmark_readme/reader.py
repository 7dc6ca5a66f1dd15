"""Reader for serde-rs/json-benchmark README.md (Rust JSON libraries, throughput in MB/s).

Main board = the first fenced code block (output of `cargo run --release`):
  - banner lines "======= <library> ======= parse|stringify ===== parse|stringify ====" start a library
  - data lines "<file>  <n> MB/s  <n> MB/s ..." give, in order, DOM parse, DOM stringify,
    STRUCT parse, STRUCT stringify (src/main.rs prints them in that order; simd-json has no
    STRUCT stringify, so its lines carry 3 values).
Task = "<file> <DOM|STRUCT> <parse|stringify>". The second code block (RapidJSON, C++, "for comparison")
is a different program and is not part of this board. Standard library only.
"""
import csv
import os
import re
import sys

COLUMNS = ["DOM parse", "DOM stringify", "STRUCT parse", "STRUCT stringify"]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    i = next(k for k, l in enumerate(lines) if l.strip() == "#### `$ cargo run --release`")
    i = next(k for k in range(i, len(lines)) if lines[k].startswith("```")) + 1
    rows = []
    lib = None
    while not lines[i].startswith("```"):
        line = lines[i]
        i += 1
        m = re.match(r"^=+ (\S+) =+ parse\|stringify", line)
        if m:
            lib = m.group(1)
            continue
        m = re.match(r"^(\S+\.json)\s+(.*)$", line)
        if m and lib:
            vals = re.findall(r"(\d+(?:\.\d+)?) MB/s", m.group(2))
            for col, v in zip(COLUMNS, vals):
                rows.append((lib, f"{m.group(1)} {col}", "throughput (MB/s)", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

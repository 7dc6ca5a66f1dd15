"""Independent reader for Cyan4973/xxHash README.md, section "Benchmarks".

One Markdown table: Hash Name | Width | Bandwidth (GB/s) | Small Data Velocity | Quality | Comment.
Models: the hash names with the __bold__ / _italic_ markup removed ("XXH3 (SSE2)", "City64", ...).
The italic row "_RAM sequential read_" (Comment "_for reference_", Width N/A) is a reference line,
not a hash algorithm, and is left out. Tasks: the two measured speeds, Bandwidth (GB/s) (cells
carry the unit, "31.5 GB/s") and Small Data Velocity; both higher is better. Width (hash size),
Quality (an undefined 1-10 grade) and Comment are not scores of the benchmark. Rows may stop
after the Quality cell (no Comment cell).
"""
import csv
import os
import re
import sys


def clean(cell):
    cell = cell.strip()
    cell = re.sub(r"__(.+?)__", r"\1", cell)
    cell = re.sub(r"(?<!\w)_(.+?)_(?!\w)", r"\1", cell)
    return cell.strip()


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("| Hash Name"))
    header = [c.strip() for c in lines[start].strip().strip("|").split("|")]
    assert header == ["Hash Name", "Width", "Bandwidth (GB/s)", "Small Data Velocity", "Quality", "Comment"], header
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        name = clean(cells[0])
        if name == "RAM sequential read":
            assert clean(cells[5]) == "for reference"
            continue
        bw = cells[2]
        assert bw.endswith("GB/s"), bw
        bw = bw[:-4].strip()
        float(bw)
        sdv = cells[3]
        float(sdv)
        rows.append((name, "Bandwidth (GB/s)", "GB/s", bw))
        rows.append((name, "Small Data Velocity", "velocity", sdv))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for name, task, metric, value in rows:
            w.writerow([name, task, metric, value, "true"])
    print(len(rows), "rows", len({r[0] for r in rows}), "models")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for the faster-whisper README benchmark tables.

Standard library only. Writes expected.csv next to this script.
Tables read: the three pipe tables under '## Benchmark' (headings '### Large-v2 model on GPU',
'### distil-whisper-large-v3 model on GPU', '### Small model on CPU').
System = Implementation + Precision (footnote marker and backticks removed), e.g.
'faster-whisper (batch_size=8), int8'. Task = the table's heading.
'Beam size' is a setting (always 5). Time cells like '2m23s' / '59s' are converted to seconds,
memory cells like '4708MB' to the number of MB. All scores: lower is better.
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "README.md"), encoding="utf-8").read().splitlines()

def seconds(cell):
    m = re.fullmatch(r"(?:(\d+)m)?(\d+)s", cell.strip())
    if not m:
        raise ValueError(cell)
    return int(m.group(1) or 0) * 60 + int(m.group(2))

def mb(cell):
    m = re.fullmatch(r"(\d+(?:\.\d+)?)MB", cell.strip())
    if not m:
        raise ValueError(cell)
    return m.group(1)

rows, heading, i = [], None, 0
in_bench = False
while i < len(lines):
    ln = lines[i]
    if ln.startswith("## "):
        in_bench = ln.strip() == "## Benchmark"
    elif in_bench and ln.startswith("### "):
        heading = ln[4:].strip()
    elif in_bench and ln.startswith("|") and heading:
        header = [c.strip() for c in ln.strip().strip("|").split("|")]
        i += 2  # skip the --- separator
        while i < len(lines) and lines[i].startswith("|"):
            cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
            rec = dict(zip(header, cells))
            impl = re.sub(r"\[\^\d+\]", "", rec["Implementation"]).replace("`", "").strip()
            system = f"{impl}, {rec['Precision']}"
            for col, val in rec.items():
                if col in ("Implementation", "Precision", "Beam size"):
                    continue
                if col == "Time":
                    rows.append([system, heading, "Time (s)", seconds(val), "false"])
                elif col.endswith("Usage"):
                    rows.append([system, heading, col + " (MB)", mb(val), "false"])
                elif "WER" in col:
                    rows.append([system, heading, col, val, "false"])
                else:
                    raise SystemExit("unexpected column " + col)
            i += 1
        heading = None
        continue
    i += 1

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows")

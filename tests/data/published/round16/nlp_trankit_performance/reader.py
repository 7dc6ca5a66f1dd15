"""Independent reader for trankit docs/source/performance.rst (three reStructuredText grid tables).

Standard library only. Writes expected.csv next to this script.

Tables:
  1. 5 major UD v2.5 treebanks x {Trankit[large], Trankit[base], Stanza, UDPipe, spaCy}; the treebank cell is a
     real row span (partial '+---' separators), its text sits on one of the inner lines.
  2. 90 UD v2.5 treebanks x {Trankit[large], Trankit[base], Stanza}; the treebank name is written only on the
     first row of each group, following rows have an EMPTY first cell (full separators) -> forward-filled.
     The 'Overall performance' group (macro average over 90 treebanks, and two difference rows
     'Trankit[large] - Trankit[base]', 'Trankit[large] - Stanza') is left out.
  3. NER: 11 datasets (Language, Corpus rows; Language is a row span) x systems as COLUMNS
     (Trankit[large], Trankit[base], 'Stanza v1.1.1' -> 'Stanza').
Cells '-' are missing values (no row). Column 'Sents.' (table 1) is the same metric as 'Sentences' (table 2);
treebank 'Spanish-Ancora' (table 1) is 'Spanish-AnCora' (table 2).
All scores are F1 (higher is better). A (system, task, metric) found in both table 1 and 2 is emitted once
(the values agree; the script stops if they do not).
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "docs", "source", "performance.rst"), encoding="utf-8").read().splitlines()

def grid_tables(lines):
    i = 0
    while i < len(lines):
        if lines[i].startswith("+-"):
            j = i
            while j < len(lines) and lines[j][:1] in "+|":
                j += 1
            yield lines[i:j]
            i = j
        else:
            i += 1

def parse_grid(block):
    top = block[0]
    bounds = [k for k, ch in enumerate(top) if ch == "+"]
    ncol = len(bounds) - 1
    rows = [[None] * ncol]          # logical rows being built
    open_cells = [None] * ncol      # per column: [texts, row indexes]
    cur = 0
    for ln in block[1:]:
        ln = ln.ljust(len(top))
        row_has_content = False
        for c in range(ncol):
            seg = ln[bounds[c] + 1:bounds[c + 1]]
            is_sep = re.fullmatch(r"[-=]+", seg) is not None
            if is_sep:
                cell = open_cells[c]
                if cell is not None:
                    text = " ".join(t for t in cell[0] if t).strip()
                    for r in cell[1]:
                        rows[r][c] = text
                    open_cells[c] = None
            else:
                if open_cells[c] is None:
                    open_cells[c] = [[], []]
                open_cells[c][0].append(seg.strip())
                if cur not in open_cells[c][1]:
                    open_cells[c][1].append(cur)
                row_has_content = True
        last_seg = ln[bounds[-2] + 1:bounds[-1]]
        if re.fullmatch(r"[-=]+", last_seg) and rows[cur] != [None] * ncol:
            rows.append([None] * ncol)
            cur += 1
    return [r for r in rows if r != [None] * ncol]

tables = list(grid_tables(lines))
assert len(tables) == 3, len(tables)
out = {}
def put(model, task, metric, val):
    if val in ("-", ""):
        return
    float(val)
    key = (model, task, metric)
    if key in out and float(out[key]) != float(val):
        raise SystemExit(f"conflict {key}: {out[key]} vs {val}")
    out.setdefault(key, val)

METRIC = {"Sents.": "Sentences"}
# table 1 writes 'Spanish-Ancora', table 2 (and UD) 'Spanish-AnCora': the same treebank
TREEBANK = {"Spanish-Ancora": "Spanish-AnCora"}

# table 1
t1 = parse_grid(tables[0])
hdr = t1[0]
for r in t1[1:]:
    for h, v in zip(hdr[2:], r[2:]):
        put(r[1], "UD v2.5 " + TREEBANK.get(r[0], r[0]), METRIC.get(h, h), v)
# table 2
t2 = parse_grid(tables[1])
hdr = t2[0]
group = None
for r in t2[1:]:
    if r[0]:
        group = r[0]
    if group == "Overall performance":
        continue
    for h, v in zip(hdr[2:], r[2:]):
        put(r[1], "UD v2.5 " + group, METRIC.get(h, h), v)
# table 3 (NER)
t3 = parse_grid(tables[2])
hdr = t3[0]
for r in t3[1:]:
    lang, corpus = r[0], r[1]
    for h, v in zip(hdr[2:], r[2:]):
        system = "Stanza" if h.startswith("Stanza") else h
        put(system, f"NER {lang} {corpus}", "entity micro-F1", v)

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    for (m, t, k), v in out.items():
        w.writerow([m, t, k, v, "true"])
print(len(out), "rows")

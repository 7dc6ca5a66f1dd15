"""Independent reader for the MOSES README metrics table (stdlib only).

Reads raw/README.md, finds the first HTML <table>, rebuilds the two-row header
(rowspan/colspan), and writes expected.csv with one row per model x metric cell.
The italic 'Train' row is a reference (the training set scored as if it were a
generator) and is left out; see notes.md.
"""
import csv
import os
import re
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))


class TableParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth = 0
        self.done = False
        self.rows = []  # list of (section, [(text, rowspan, colspan)])
        self.section = None
        self.row = None
        self.cell = None

    def handle_starttag(self, tag, attrs):
        if self.done:
            return
        a = dict(attrs)
        if tag == "table":
            self.depth += 1
        elif self.depth and tag in ("thead", "tbody"):
            self.section = tag
        elif self.depth and tag == "tr":
            self.row = []
        elif self.depth and tag in ("td", "th"):
            self.cell = ["", int(a.get("rowspan", 1)), int(a.get("colspan", 1))]

    def handle_endtag(self, tag):
        if self.done:
            return
        if tag == "table":
            self.depth -= 1
            if self.depth == 0:
                self.done = True
        elif self.depth and tag in ("td", "th") and self.cell is not None:
            self.row.append((self.cell[0].strip(), self.cell[1], self.cell[2]))
            self.cell = None
        elif self.depth and tag == "tr" and self.row is not None:
            self.rows.append((self.section, self.row))
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[0] += data


def header_columns(head_rows):
    """Expand a rowspan/colspan header into one label per column."""
    grid = {}
    for r, cells in enumerate(head_rows):
        c = 0
        for text, rs, cs in cells:
            while (r, c) in grid:
                c += 1
            for dr in range(rs):
                for dc in range(cs):
                    grid[(r + dr, c + dc)] = (text, dr == 0 and dc == 0, rs, cs)
            c += cs
    ncol = max(c for _, c in grid) + 1
    labels = []
    for c in range(ncol):
        parts = []
        for r in range(len(head_rows)):
            text, _, rs, cs = grid[(r, c)]
            if parts and parts[-1] == text:
                continue
            parts.append(text)
        labels.append(parts)
    return labels


def main():
    text = open(os.path.join(HERE, "raw", "README.md"), encoding="utf-8").read()
    p = TableParser()
    p.feed(text)
    head = [cells for sec, cells in p.rows if sec == "thead"]
    body = [cells for sec, cells in p.rows if sec == "tbody"]
    cols = header_columns(head)
    out = []
    for cells in body:
        values = [t for t, _, _ in cells]
        model = values[0]
        if model == "Train":  # italic reference row, not a generative model
            continue
        for parts, cell in zip(cols[1:], values[1:]):
            top = parts[0]
            m = re.match(r"^(.*?)\s*\((↑|↓)\)$", top)
            name, arrow = (m.group(1), m.group(2)) if m else (top, None)
            metric = name if len(parts) == 1 else name + "/" + parts[1]
            hib = {"↑": "true", "↓": "false"}.get(arrow, "unknown")
            mean = cell.split("±")[0].strip()
            float(mean)
            out.append([model, "MOSES", metric, mean, hib])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

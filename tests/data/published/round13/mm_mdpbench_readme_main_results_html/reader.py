"""Independent reader for Yuliang-Liu/MultimodalOCR MDPBench/README.md, "## Main Results".

One HTML <table> (caption "Performance of general VLMs, specialized VLMs, and pipeline tools on
MDPBench."). Header row 1: Model Type (rowspan 2), Model (rowspan 2), Overall (colspan 3),
Latin (colspan 10), Non-Latin (colspan 9), Private (colspan 1). Header row 2: All, Digit.,
Photo. | Avg., DE ... VI | Avg., AR ... ZH-T | All. Body: a rowspan "Model Type" cell on the first
row of each group, then Model, then 23 numbers, some in <strong> (best) or <ins> (second).
Task names are "<group> <leaf>" ("Latin DE", "Non-Latin ZH-T", "Private All").
Kept: the 17 language columns and Private All (the score on the separate private split).
Left out: Overall All / Digit. / Photo. (means over all public pages, and over its digital and
photographed halves) and the Latin / Non-Latin Avg. columns (means of the language columns).
Score: page-level overall score x100, higher is better.
"""
import csv
import os
import re
import sys
from html.parser import HTMLParser


class Table(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows = []  # list of (section, [(text, colspan, rowspan)])
        self.section = None
        self.cell = None
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self.depth += 1
        if self.depth != 1:
            return
        if tag in ("thead", "tbody"):
            self.section = tag
        elif tag == "tr":
            self.rows.append((self.section, []))
        elif tag in ("td", "th"):
            self.cell = ["", int(a.get("colspan", 1)), int(a.get("rowspan", 1))]
        elif tag == "br" and self.cell is not None:
            self.cell[0] += " "

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1][1].append((re.sub(r"\s+", " ", self.cell[0]).strip(), self.cell[1], self.cell[2]))
            self.cell = None
        elif tag == "table":
            self.depth -= 1

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[0] += data


def grid(rows):
    """Expand colspan/rowspan into a rectangular grid of texts."""
    out = []
    pending = {}  # (row, col) -> text from a rowspan above
    for r, cells in enumerate(rows):
        line = []
        c = 0
        it = iter(cells)
        while True:
            if (r, c) in pending:
                line.append(pending.pop((r, c)))
                c += 1
                continue
            try:
                text, cs, rs = next(it)
            except StopIteration:
                break
            for k in range(cs):
                line.append(text)
                for d in range(1, rs):
                    pending[(r + d, c + k)] = text
            c += cs
        while (r, c) in pending:
            line.append(pending.pop((r, c)))
            c += 1
        out.append(line)
    return out


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "MDPBench", "README.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.index("## Main Results")
    html = text[start:text.index("</table>", start) + len("</table>")]
    p = Table()
    p.feed(html)
    head = grid([c for s, c in p.rows if s == "thead"])
    body = grid([c for s, c in p.rows if s == "tbody"])
    assert len(head) == 2 and len(head[0]) == len(head[1]) == 25, [len(h) for h in head]
    assert head[0][:2] == ["Model Type", "Model"]
    tasks = [f"{g} {l}" for g, l in zip(head[0], head[1])]
    keep = [i for i, (g, l) in enumerate(zip(head[0], head[1]))
            if i >= 2 and g != "Overall" and l != "Avg."]
    assert len(keep) == 18, [tasks[i] for i in keep]
    rows = []
    names = set()
    for line in body:
        assert len(line) == 25, line
        name = line[1]
        assert name not in names, name
        names.add(name)
        for i in keep:
            float(line[i])
            rows.append((name, tasks[i], line[i]))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for name, task, value in rows:
            w.writerow([name, task, "score", value, "true"])
    print(len(rows), "rows", len(names), "models", len(keep), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

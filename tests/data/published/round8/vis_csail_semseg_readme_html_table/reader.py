"""Independent reader for vis_csail_semseg_readme_html_table (Python standard library only).

README.md of CSAILVision/semantic-segmentation-pytorch: under "## Performance:" an HTML
<table> (ADE20K validation results). Header cells <th> stand directly in <tbody> (no <tr>).
Each architecture cell has rowspan="2" and covers two rows, MultiScale Testing "No" and "Yes".
Each row is one evaluated system (trained model x test-time setting), named
"<Architecture> MultiScale Testing=<No|Yes>". Tasks: Mean IoU and Pixel Accuracy(%), both higher
is better. Overall Score (the average of the two) and Inference Speed(fps) are left out.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import sys
from html.parser import HTMLParser


class Table(HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth = 0          # inside the first <table>
        self.done = False
        self.header, self.rows = [], []
        self.cell = None        # (kind, text parts, rowspan)
        self.row = None

    def handle_starttag(self, tag, attrs):
        if self.done:
            return
        if tag == "table":
            self.depth += 1
        elif self.depth and tag == "tr":
            self.row = []
        elif self.depth and tag in ("td", "th"):
            self.cell = [tag, [], int(dict(attrs).get("rowspan", "1"))]

    def handle_endtag(self, tag):
        if self.done or not self.depth:
            return
        if tag in ("td", "th") and self.cell is not None:
            text = " ".join("".join(self.cell[1]).split())
            if self.cell[0] == "th":
                self.header.append(text)
            else:
                if self.row is None:            # a <td> after </tr> without a new <tr>
                    self.row = []
                self.row.append((text, self.cell[2]))
            self.cell = None
        elif tag == "tr":
            if self.row:
                self.rows.append(self.row)
            self.row = None
        elif tag == "table":
            if self.row:
                self.rows.append(self.row)
            self.depth -= 1
            self.done = True

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[1].append(data)


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        text = f.read()
    text = text[text.index("## Performance:"):]
    p = Table()
    p.feed(text)
    assert p.header == ["Architecture", "MultiScale Testing", "Mean IoU", "Pixel Accuracy(%)",
                        "Overall Score", "Inference Speed(fps)"], p.header
    grid, carry = [], {}                      # carry: column -> (text, rows left)
    for raw in p.rows:
        full, it, col = [], iter(raw), 0
        while col < len(p.header):
            if col in carry and carry[col][1] > 0:
                full.append(carry[col][0])
                carry[col] = (carry[col][0], carry[col][1] - 1)
            else:
                text, span = next(it)
                full.append(text)
                if span > 1:
                    carry[col] = (text, span - 1)
            col += 1
        grid.append(dict(zip(p.header, full)))
    out = []
    for r in grid:
        model = f"{r['Architecture']} MultiScale Testing={r['MultiScale Testing']}"
        for task in ("Mean IoU", "Pixel Accuracy(%)"):
            float(r[task])
            out.append((model, task, task, r[task]))
    assert len({m for m, *_ in out}) == len(grid) == 18
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for row in out:
            w.writerow(list(row) + ["true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

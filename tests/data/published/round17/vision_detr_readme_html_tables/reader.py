"""Independent reader for the two HTML tables in facebookresearch/detr README.md.

Standard library only (html.parser). Writes expected.csv next to this script.
Table 1 (after '# Model Zoo'): COCO 2017 val5k detection: name, backbone, schedule, inf_time, box AP, url, size.
Table 2 (after 'COCO panoptic val5k models:'): name, backbone, box AP, segm AP, PQ, url, size.
System = '<name> <backbone>' (e.g. 'DETR-DC5 R101'). The leading <th> index column (0, 1, 2, ...) is a
pandas index, 'schedule' is the training length (epochs, a setting), 'url' links, 'size' the checkpoint
size: none of these are scores. Scores: inf_time (lower is better, not stated: a time), box AP, segm AP,
PQ (higher is better).
"""
import csv, os
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
text = open(os.path.join(HERE, "raw", "README.md"), encoding="utf-8").read()

class Tables(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.row, self.cell = [], None, None
    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = []
    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append("".join(self.cell).strip())
            self.cell = None
        elif tag == "tr":
            self.tables[-1].append(self.row)
            self.row = None
    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)

p = Tables()
p.feed(text)
assert len(p.tables) == 2, len(p.tables)
TASKS = ["COCO 2017 val5k detection", "COCO panoptic val5k"]
SCORES = {"inf_time": "false", "box AP": "true", "segm AP": "true", "PQ": "true"}
rows = []
for task, table in zip(TASKS, p.tables):
    header = table[0]
    for r in table[1:]:
        rec = dict(zip(header, r))
        system = f"{rec['name']} {rec['backbone']}"
        for col in header:
            if col in SCORES:
                float(rec[col])
                rows.append([system, task, col, rec[col], SCORES[col]])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows")

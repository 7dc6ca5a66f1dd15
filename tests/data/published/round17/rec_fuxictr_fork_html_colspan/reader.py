"""Independent reader for Ruixinhua/FuxiCTR results_visualization/model_comparison.md (stdlib only).

The page holds one raw HTML <table>:
  row 1: <th>Model</th> then one <th colspan=N> per dataset (criteo_x1, criteo_x4, avazu_x1,
         avazu_x4 with colspan=2; taobaoad_x1, taobaoad_private_x1 with colspan=3)
  row 2: <th>Metrics</th> then the metric of each column with a direction arrow
         (AUC↑, logloss↓, gAUC↑)
  rows 3..: <td>model</td> then one <td> per column; the best value per column is in <b>.
Task = dataset (from row 1, expanded over its colspan), metric = row-2 name without the arrow,
higher_is_better from the arrow (↑ true, ↓ false). Scores are kept as written.
Everything after </table> (dataset descriptions with sample counts) is not read.
"""
import csv
import os
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "results_visualization", "model_comparison.md")


class Table(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self.cell, self.span, self.depth = [], None, 1, 0

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.depth += 1
        elif tag == "tr" and self.depth:
            self.rows.append([])
        elif tag in ("td", "th") and self.depth:
            self.cell = ""
            self.span = int(dict(attrs).get("colspan", "1"))

    def handle_endtag(self, tag):
        if tag == "table":
            self.depth -= 1
        elif tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append((self.cell.strip(), self.span))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def main():
    p = Table()
    p.feed(open(SRC, encoding="utf-8").read())
    head, metrics, body = p.rows[0], p.rows[1], p.rows[2:]
    assert head[0][0] == "Model" and metrics[0][0] == "Metrics"
    datasets = [name for name, span in head[1:] for _ in range(span)]
    cols = []
    for (m, _), ds in zip(metrics[1:], datasets):
        if m.endswith("↑"):
            cols.append((ds, m[:-1], "true"))
        elif m.endswith("↓"):
            cols.append((ds, m[:-1], "false"))
        else:
            raise ValueError(m)
    assert len(cols) == len(datasets)
    out = []
    for row in body:
        model = row[0][0]
        assert len(row) - 1 == len(cols), model
        for (cell, _), (ds, metric, hib) in zip(row[1:], cols):
            float(cell)
            out.append([model, ds, metric, cell, hib])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Reader for Alex-Lekov/AutoML-Benchmark README.md, "### Total AUC on datasets:".

HTML <table>: row 1 = "Framework/dataset" + one <td colspan="2"> per dataset
(bold link text = dataset name); row 2 = "auc" / "auc_std" under each dataset;
then one row per framework. Numbers use a decimal comma ("0,9160"; one cell
uses a dot). The auc value is kept (higher is better); auc_std is left out.
The Markdown "Place" table (sum of reverse rank positions) and the dataset
metadata table are not read.
"""
import csv
import os
import sys
from html.parser import HTMLParser


class TableParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables = []
        self.row = None
        self.cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            if self.cell is not None:  # unclosed cell: close it
                self._close()
            self.cell = {"text": "", "colspan": int(a.get("colspan", 1))}

    def _close(self):
        self.cell["text"] = " ".join(self.cell["text"].split())
        self.row.append(self.cell)
        self.cell = None

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self._close()
        elif tag == "tr" and self.row is not None:
            if self.cell is not None:
                self._close()
            self.tables[-1].append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell["text"] += data


def num(s):
    return s.strip().replace(",", ".")


def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        text = f.read()
    text = text[text.index("### Total AUC on datasets:"):]
    p = TableParser()
    p.feed(text)
    t = p.tables[0]
    top, sub = t[0], t[1]
    assert top[0]["text"] == "Framework/dataset"
    cols = []
    for c in top[1:]:
        cols += [c["text"]] * c["colspan"]
    subs = [c["text"] for c in sub[1:]]
    assert len(subs) == len(cols), (len(subs), len(cols))
    rows = []
    for tr in t[2:]:
        model = tr[0]["text"]
        vals = [c["text"] for c in tr[1:]]
        assert len(vals) == len(cols), (model, len(vals))
        for ds, kind, v in zip(cols, subs, vals):
            if kind != "auc":
                continue
            v = num(v)
            float(v)
            rows.append((model, ds, "AUC", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

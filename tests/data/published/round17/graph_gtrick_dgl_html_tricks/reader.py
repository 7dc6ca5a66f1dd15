"""Independent reader for sangyx/gtrick benchmark/dgl/README.md (stdlib only).

Three raw HTML tables (Graph / Node / Link Property Prediction). In each:
  <thead> row:  'Dataset' then one <th colspan=2> per OGB dataset
  1st <tbody> row: 'Trick' then the base GNN of each column (GCN/GIN or GCN/SAGE)
  other rows:  trick name ('—' = no trick, '+FLAG', ...) then 'mean ± std' cells; empty cells
               are runs not done; one cell has colspan=2 (a model that is neither base GNN).
System = base GNN for the '—' row, base GNN + trick otherwise ('GCN+FLAG'); a cell spanning
both base-GNN columns is one system named by its row label alone
('Random Forest + Fingerprint'). Task = dataset as written in the header. Score = the mean
(the number before '±'), as written. Metric = the dataset's OGB evaluator metric (the scripts
use `dataset.eval_metric`; the README does not name it), higher is better (Logger mode 'max').
"""
import csv
import os
import re
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "benchmark", "dgl", "README.md")
OGB_METRIC = {"ogbg-molhiv": "rocauc", "ogbg-ppa": "acc", "ogbn-arxiv": "acc",
              "ogbn-collab": "hits@50"}  # 'ogbn-collab' as written = OGB's ogbl-collab


class Tables(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.cell, self.span = [], None, 1

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell, self.span = "", int(dict(attrs).get("colspan", "1"))

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][-1].append((" ".join(self.cell.split()), self.span))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def expand(row):
    return [text for text, span in row for _ in range(span)]


def main():
    p = Tables()
    p.feed(open(SRC, encoding="utf-8").read())
    out = []
    for rows in p.tables:
        head, sub = rows[0], rows[1]
        assert head[0][0] == "Dataset" and sub[0][0] == "Trick"
        datasets, bases = expand(head)[1:], expand(sub)[1:]
        assert len(datasets) == len(bases)
        for row in rows[2:]:
            trick = row[0][0]
            col = 0
            for text, span in row[1:]:
                if text:
                    m = re.fullmatch(r"(\d+\.\d+) ± (\d+\.\d+)", text)
                    assert m, text
                    ds = datasets[col:col + span]
                    assert len(set(ds)) == 1
                    if span == 1:
                        model = bases[col] if trick == "—" else bases[col] + trick
                    else:
                        model = trick
                    out.append([model, ds[0], OGB_METRIC[ds[0]], m.group(1), "true"])
                col += span
            assert col == len(datasets)
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

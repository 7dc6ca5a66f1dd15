"""Independent reader for dgl examples/pytorch/ogb/ngnn/README.md -> expected.csv (stdlib only).
Three HTML tables (ogbl-ddi, ogbl-collab, ogbl-ppa), each preceded by a '### <dataset>' heading.
Header row 1: '', test set (colspan 3), validation set (colspan 3), #parameters;
header row 2: '', Hits@K x3, Hits@K x3, ''.  Body: model, 6 'mean% ± std%' cells, and a
#parameters cell that may carry rowspan=2 (then the next row has only 7 cells).
Reading: test-set cells only; score = the mean before ' ± ' without '%'; the run-count note
'; 50runs' is dropped from the model name (same system as in the other tables)."""
import csv, os, re
from html.parser import HTMLParser

here = os.path.dirname(os.path.abspath(__file__))
text = open(os.path.join(here, "raw/examples/pytorch/ogb/ngnn/README.md"), encoding="utf-8").read()

class T(HTMLParser):
    def __init__(self):
        super().__init__(); self.rows = []; self.cell = None
    def handle_starttag(self, tag, attrs):
        if tag == "tr": self.rows.append([])
        elif tag in ("td", "th"): self.cell = ""
    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(self.cell.strip()); self.cell = None
    def handle_data(self, d):
        if self.cell is not None: self.cell += d

out = []
for m in re.finditer(r"^### (\S+)\s*$(.*?)</table>", text, re.S | re.M):
    dataset, body = m.group(1), m.group(2)
    p = T(); p.feed(body[body.index("<table>"):] + "</table>")
    rows = p.rows
    ks = rows[1][1:4]  # Hits@K for the test-set group (first three metric columns)
    for r in rows[2:]:
        model = re.sub(r";\s*\d+runs", "", r[0])
        for k, cell in zip(ks, r[1:4]):
            mm = re.match(r"\s*([0-9.]+)%", cell)
            if not mm:
                continue
            out.append((model, f"{dataset} test {k}", k, mm.group(1), "true"))
with open(os.path.join(here, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["model", "task", "metric", "score", "higher_is_better"]); w.writerows(out)
print(len(out), "rows")

"""Independent reader for openai/baselines benchmarks_atari10M.htm (stdlib only).

The page's only <table>: header row 'algo', '', 'user', 'mean', 7 Atari games, 'commit'.
Models = algorithm names (first cell); tasks = the 7 game columns; score = reward at 10M
timesteps (higher is better). Left out: colour swatch, 'user', 'mean' (average of the 7 games),
'commit'. The inline SVG learning curves after the table are not read.
"""
import csv, os, sys
from html.parser import HTMLParser

class TableParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth = 0          # inside <table>
        self.rows = []
        self.cell = None
        self.done = False
    def handle_starttag(self, tag, attrs):
        if self.done:
            return
        if tag == "table":
            self.depth += 1
        elif self.depth and tag == "tr":
            self.rows.append([])
        elif self.depth and tag in ("td", "th"):
            self.cell = []
    def handle_endtag(self, tag):
        if self.done:
            return
        if tag == "table" and self.depth:
            self.depth -= 1
            self.done = True
        elif self.depth and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data.replace("\xa0", " "))

SKIP = {"", "algo", "user", "mean", "commit"}

def main(set_dir):
    p = TableParser()
    p.feed(open(os.path.join(set_dir, "raw/benchmarks_atari10M.htm"), encoding="utf-8").read())
    header, body = p.rows[0], p.rows[1:]
    games = [(j, h) for j, h in enumerate(header) if h not in SKIP]
    assert len(games) == 7, header
    out = []
    for r in body:
        model = r[0]
        for j, g in games:
            float(r[j])
            out.append((model, g, "reward", r[j], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", [r[0] for r in body])

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for OpenBMB/MiniCPM-V docs/minicpm_llama3_v2dot5.md (stdlib only).

One HTML <table> (inside <details>): header Model | Size | OCRBench | TextVQA val | DocVQA test |
Open-Compass | MME | MMB test (en) | MMB test (cn) | MMMU val | Math-Vista | LLaVA Bench |
RealWorld QA | Object HalBench. Rows with a single colspan cell ('Proprietary', 'Open-source') are group
labels. '-' = not reported (no cell). A trailing '*' ("We evaluate the officially released checkpoint
by ourselves") is a footnote mark, dropped. <strong> marks best values. Size is metadata;
Open-Compass is an average score over OpenCompass's benchmarks (aggregate) and is left out.
All benchmark scores: higher is better (Object HalBench is shown as 100 - hallucination rate).
"""
import csv, os, sys
from html.parser import HTMLParser


class T(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self.row, self.cell, self.in_table = [], None, None, False

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.in_table = True
        elif tag == "tr" and self.in_table:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = {"text": "", "colspan": dict(attrs).get("colspan")}

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(self.cell)
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.rows.append(self.row)
            self.row = None
        elif tag == "table":
            self.in_table = False

    def handle_data(self, data):
        if self.cell is not None:
            self.cell["text"] += data


def main(set_dir):
    text = open(os.path.join(set_dir, "raw/docs/minicpm_llama3_v2dot5.md"), encoding="utf-8").read()
    assert text.count("<table") == 2  # the results table and the examples table (images only)
    first = text[text.index("<table"):text.index("</table>") + 8]
    p = T()
    p.feed(first)
    header = [c["text"].strip() for c in p.rows[0]]
    assert header[:2] == ["Model", "Size"] and header[5] == "Open-Compass" and len(header) == 14, header
    tasks = [h for i, h in enumerate(header) if i >= 2 and h != "Open-Compass"]
    out, models = [], []
    for row in p.rows[1:]:
        if len(row) == 1 and row[0]["colspan"]:
            continue  # group label
        assert len(row) == 14, [c["text"] for c in row]
        vals = [c["text"].strip() for c in row]
        model = vals[0]
        assert model not in models, model
        models.append(model)
        for h, v in zip(header[2:], vals[2:]):
            if h == "Open-Compass" or v == "-":
                continue
            v = v.rstrip("*").strip()
            float(v)
            out.append((model, h, "score", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(models), "models,", len(tasks), "tasks,", len(out), "rows", models)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for speech_funasr_benchmark_cer_html_table (Python standard library only).

modelscope/FunASR benchmarks/benchmark_pipeline_cer.md, "## Benchmark CER" / "### Chinese
Dataset": one HTML <table>. Row 1: Model, Offline/Online, then datasets with colspan (Aishell1 x2,
Aishell2 x4, WenetSpeech x3); row 2: two empty cells, then subset names. Body rows: model (text
of an <a>), Offline/Online (an attribute, left out), 9 CER values; "-" is missing.
Task = "<dataset> <subset>"; CER (character error rate) is lower-is-better.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import sys
from html.parser import HTMLParser


class Table(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self.row, self.cell, self.span = [], None, None, 1

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.row = []
        elif tag == "td":
            self.cell = []
            self.span = int(dict(attrs).get("colspan", "1"))

    def handle_endtag(self, tag):
        if tag == "td":
            self.row.append(("".join(self.cell).strip(), self.span))
            self.cell = None
        elif tag == "tr":
            self.rows.append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "benchmarks", "benchmark_pipeline_cer.md"), encoding="utf-8") as f:
        text = f.read()
    assert text.count("<table") == 1
    html = text[text.index("<table"):text.index("</table>") + len("</table>")]
    p = Table()
    p.feed(html)
    top, sub, body = p.rows[0], p.rows[1], p.rows[2:]
    datasets = []
    for name, span in top:
        datasets += [name] * span
    assert datasets[:2] == ["Model", "Offline/Online"], datasets
    subs = [s for s, _ in sub]
    assert subs[:2] == ["", ""] and len(subs) == len(datasets) == 11
    tasks = [f"{d} {s}" for d, s in zip(datasets[2:], subs[2:])]
    out = []
    for row in body:
        c = [s for s, _ in row]
        assert len(c) == 11, c
        model = c[0]
        assert c[1] in ("Offline", "Online")
        for task, v in zip(tasks, c[2:]):
            if v == "-":
                continue
            float(v)
            out.append((model, task, "CER", v, "false"))
    assert len(body) == 11
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for nlp_nlpprogress_machine_translation_md (Python standard library only).

english/machine_translation.md of NLP-progress: one pipe table per test set, the test set named
only in the '### ' heading above it. The two WMT 2014 tables (EN-DE, EN-FR) share their models
and make one board (task = heading, metric = BLEU). The third table (WMT22 African languages,
one row 'vanilla MNMT models') shares no model and no task with them: an independent one-entry
board, left out (see notes.md). Scores are the numbers in the BLEU cells; a trailing '*'
(footnote: different averaging protocol) is a mark, not part of the number.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better (BLEU: higher is better).
"""
import csv
import os
import re
import sys

MAIN = ["WMT 2014 EN-DE", "WMT 2014 EN-FR"]


def clean(cell):
    cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell)
    cell = cell.replace("**", "")
    return re.sub(r"\s+", " ", cell).strip()


def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "english", "machine_translation.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    tables, heading, cur = [], None, None
    for line in lines:
        s = line.strip()
        if s.startswith("#"):
            heading, cur = s.lstrip("#").strip(), None
            continue
        if s.startswith("|"):
            c = [clean(x) for x in cells(s)]
            if cur is None:
                cur = {"heading": heading, "header": c, "rows": []}
                tables.append(cur)
            elif all(re.fullmatch(r":?-+:?", x) for x in c if x):
                continue
            else:
                cur["rows"].append(c)
        elif s:
            cur = None
    assert [t["heading"] for t in tables][:2] == MAIN, [t["heading"] for t in tables]
    out = []
    for t in tables:
        if t["heading"] not in MAIN:
            continue
        assert t["header"][:2] == ["Model", "BLEU"], t["header"]
        for r in t["rows"]:
            score = r[1].rstrip("*").strip()
            float(score)
            out.append((r[0], t["heading"], "BLEU", score))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for row in out:
            w.writerow(list(row) + ["true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for explosion/spaCy website/docs/usage/_benchmarks-models.mdx.

Standard library only; writes expected.csv next to this script.
Two pipe tables inside <figure> blocks:
  1. | Pipeline | Parser | Tagger | NER |  -- caption: "Full pipeline accuracy on the OntoNotes 5.0 corpus
     (reported on the development set)". Task = component column, metric = 'full pipeline accuracy (OntoNotes 5.0 dev)'.
  2. | Named Entity Recognition System | OntoNotes | CoNLL '03 |  -- caption: "Named entity recognition accuracy on
     the OntoNotes 5.0 and CoNLL-2003 corpora". Task = corpus column, metric = 'NER accuracy'.
System names: Markdown link text kept, backticks removed, version suffix kept ('en_core_web_lg (spaCy v2)' and
'(spaCy v3)' are different pipelines); '<sup>n</sup>' footnote markers removed. All higher is better.
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "website", "docs", "usage", "_benchmarks-models.mdx"), encoding="utf-8").read().splitlines()
METRIC = {"Pipeline": "full pipeline accuracy (OntoNotes 5.0 dev)",
          "Named Entity Recognition System": "NER accuracy"}

def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]

def name(s):
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)
    s = re.sub(r"<sup>.*?</sup>", "", s)
    return " ".join(s.replace("`", "").split())

rows, i = [], 0
while i < len(lines):
    if lines[i].startswith("|"):
        header = cells(lines[i])
        metric = METRIC[header[0]]
        i += 2
        while i < len(lines) and lines[i].startswith("|"):
            r = cells(lines[i])
            for task, v in zip(header[1:], r[1:]):
                float(v)
                rows.append([name(r[0]), task, metric, v, "true"])
            i += 1
        continue
    i += 1

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows;", len({r[0] for r in rows}), "systems;", len({(r[1], r[2]) for r in rows}), "task x metric columns")

"""Independent reader for nlp_nlpprogress_intent_slot_filling_md (Python standard library only).

english/intent_detection_slot_filling.md of NLP-progress: one pipe table per dataset under a
'## ' heading (ATIS, SNIPS); columns Model | Slot F1 Score | Intent Accuracy | Paper / Source |
Code. The two tables make one board (same metrics, shared models); task = '<dataset> <column>'.
'NA' = not reported (no cell). Some rows stop before the Code column. Model names are kept as
written (including a spelling that differs between the tables).
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better (F1, accuracy: higher).
"""
import csv
import os
import re
import sys


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
    return [clean(c) for c in line.split("|")]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "english", "intent_detection_slot_filling.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    tables, heading, cur, in_code = [], None, None, False
    for line in lines:
        s = line.strip()
        if s.startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            continue
        if s.startswith("#"):
            heading, cur = s.lstrip("#").strip(), None
            continue
        if s.startswith("|"):
            c = cells(s)
            if cur is None:
                cur = {"heading": heading, "header": c, "rows": []}
                tables.append(cur)
            elif all(re.fullmatch(r":?-+:?", x) for x in c if x):
                continue
            else:
                cur["rows"].append(c)
        elif s:
            cur = None
    assert [t["heading"] for t in tables] == ["ATIS", "SNIPS"], [t["heading"] for t in tables]
    out = []
    for t in tables:
        assert t["header"][:3] == ["Model", "Slot F1 Score", "Intent Accuracy"], t["header"]
        for r in t["rows"]:
            for col in (1, 2):
                v = r[col]
                if v == "NA":
                    continue
                float(v)
                metric = t["header"][col]
                out.append((r[0], f"{t['heading']} {metric}", metric, v))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for row in out:
            w.writerow(list(row) + ["true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

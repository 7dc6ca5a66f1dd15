#!/usr/bin/env python3
"""Independent reader (standard library only) for medical_domainllms_medqa_ft_vs_rag_md.

usage: python reader.py SET_DIR

The right outcome is a refusal (expected_refusal.md): raw/Medical_QA/README.md holds two tables,
"### USA MedQA Models Accuracy (%)" and "### Taiwan MedQA Models Accuracy (%)", each
| **Model** | **Fine-Tuned** | **RAG** | over the same 5 models. The columns are two METHODS (the project
compares "RAG and fine-tuning of LLMs"), the exams are only in the section headings, and the source
does not say whether the rated entities are the 5 models (tasks = exam x method) or the 10
model+method systems (tasks = the 2 exams). This script writes no expected.csv; it prints both
candidate boards and exits non-zero with the reason.
"""
import os
import re
import sys


def cells(line):
    return [re.sub(r"\*\*", "", c).strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "Medical_QA", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    tables, title, cur = [], None, None
    for line in lines:
        if line.startswith("### "):
            title, cur = line[4:].strip(), None
        elif line.startswith("|"):
            c = cells(line)
            if cur is None:
                cur = {"title": title, "header": c, "rows": []}
                tables.append(cur)
            elif not set("".join(c)) <= set("-:"):
                cur["rows"].append(c)
        else:
            cur = None
    for t in tables:
        exam = t["title"].split(" MedQA")[0]
        print(t["title"])
        for r in t["rows"]:
            print("   %-14s" % r[0], {"%s/%s" % (exam, h): v for h, v in zip(t["header"][1:], r[1:])})
    sys.exit("refusal: %d tables with the same method columns %s; exams only in headings; rated entity "
             "(model, or model+method) not defined by the source" % (len(tables), tables[0]["header"][1:]))


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Independent reader (standard library only) for vision_dinov2_readme_html_table_registers.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/README.md (facebookresearch/dinov2): "## Pretrained models" is an HTML <table> (not a pipe table):
columns model | # of params | with registers | ImageNet k-NN | ImageNet linear | download.  A backbone
is the pair (model, with registers): ":x:" = without, ":white_check_mark:" = with registers, so each
model name appears twice.  Scores are ImageNet-1k top-1 accuracies in percent, higher is better.
The later tables are download links (heads), and the last one ("We release the weights from
evaluating the different models") repeats a linear ImageNet top-1 for the released linear heads,
with some different values; the headline table is the first, the only one read here.
"""
import csv
import os
import re
import sys


def text(cell):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip()


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        doc = f.read()
    start = doc.index("## Pretrained models")
    table = re.search(r"<table.*?</table>", doc[start:], re.S).group(0)
    rows = [[text(c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r, re.S)]
            for r in re.findall(r"<tr>(.*?)</tr>", table, re.S)]
    header = rows[0]
    assert header == ["model", "# of params", "with registers", "ImageNet k-NN", "ImageNet linear", "download"], header
    out = []
    for r in rows[1:]:
        reg = {":x:": False, ":white_check_mark:": True}[r[2]]
        model = r[0] + (" with registers" if reg else "")
        for j in (3, 4):
            v = r[j]
            assert v.endswith("%")
            float(v[:-1])
            out.append((model, header[j], "top-1 accuracy (%)", v[:-1], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models, %d tasks" % (len(out), len({o[0] for o in out}), len({o[1] for o in out})))


if __name__ == "__main__":
    main(sys.argv[1])

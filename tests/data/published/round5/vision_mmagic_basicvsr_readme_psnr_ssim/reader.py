#!/usr/bin/env python3
"""Independent reader (standard library only) for vision_mmagic_basicvsr_readme_psnr_ssim.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/configs/basicvsr/README.md (open-mmlab/mmagic): one long Markdown table
| Model | Dataset | PSNR (RGB) | SSIM (RGB) | PSNR (Y) | SSIM (Y) | Training Resources | Download |
model = link text of Model; task = Dataset + metric column (only the filled ones: RGB for REDS4, Y for
the rest, '-' = not applicable); PSNR and SSIM are higher-is-better fidelity measures (bold = best).
"""
import csv
import os
import re
import sys


def cells(line):
    line = line.strip().strip("|").replace("\\|", "\x00")
    return [c.strip().replace("\x00", "|") for c in line.split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "configs", "basicvsr", "README.md"), encoding="utf-8") as f:
        table = [l for l in f.read().splitlines() if l.startswith("|")]
    header = cells(table[0])
    assert header[:6] == ["Model", "Dataset", "PSNR (RGB)", "SSIM (RGB)", "PSNR (Y)", "SSIM (Y)"], header
    out = []
    for line in table[2:]:
        c = cells(line)
        model = re.match(r"\[([^\]]+)\]", c[0]).group(1)
        for j in range(2, 6):
            v = c[j].replace("**", "").strip()
            if v == "-":
                continue
            float(v)
            out.append((model, "%s %s" % (c[1], header[j]), header[j], v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models, %d tasks" % (len(out), len({o[0] for o in out}), len({o[1] for o in out})))


if __name__ == "__main__":
    main(sys.argv[1])

"""Independent reader for sci_fairchem_model_checkpoints_md (stdlib only).

Reading: docs/core/model_checkpoints.md (FAIRChem / Open Catalyst Project
model zoo) has several Markdown tables, one per section.  The main board is
the first and largest: section "## S2EF models: optimized for EFwT" (OC20),
one row per released checkpoint.  Model = the "Model Name" column (unique
per row; the "Model" column is the architecture and repeats).  Tasks = the
two validation metrics:
  "val ID force MAE (eV / Å)"  lower is better (an error; fairchem trainers
                               treat any metric containing "mae" as minimised)
  "val ID EFwT"                higher is better (share of systems with energy
                               and force errors within thresholds), written as
                               a percent: the number before '%' is kept.
"Split" (training-set size) and "Download" (links) are not scores.
Download cells contain escaped pipes '\\|' which are not column separators.
"""
import csv
import os
import re
import sys

SPLIT = re.compile(r"(?<!\\)\|")


def cells(line):
    parts = SPLIT.split(line.strip())
    if parts and parts[0].strip() == "":
        parts = parts[1:]
    if parts and parts[-1].strip() == "":
        parts = parts[:-1]
    return [p.strip() for p in parts]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "docs", "core", "model_checkpoints.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("## S2EF models: optimized for EFwT")
    table = []
    for line in lines[start + 1:]:
        s = line.strip()
        if s.startswith("#"):
            break
        if s.startswith("|"):
            table.append(cells(s))
        elif table and not s:
            break
    header, rows = table[0], table[2:]
    assert re.fullmatch(r"[-:]+", table[1][0].replace(" ", "")), table[1]
    i_name = header.index("Model Name")
    i_force = header.index("val ID force MAE (eV / Å)")
    i_efwt = header.index("val ID EFwT")
    out = []
    for r in rows:
        assert len(r) == len(header), r
        model = r[i_name]
        out.append((model, header[i_force], "force MAE (eV/Å)", r[i_force], "false"))
        efwt = r[i_efwt]
        assert efwt.endswith("%"), efwt
        out.append((model, header[i_efwt], "EFwT (%)", efwt[:-1].strip(), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(f"{len(rows)} models, {len(out)} rows")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for the results table of MIC-DKFZ/nnUNet documentation/resenc_presets.md.

Standard library only. One Markdown table: an empty first header cell, six dataset columns
(BTCV, ACDC, LiTS, BraTS, KiTS, AMOS: Dice, 5-fold CV, higher is better), VRAM (GB used in training,
lower is better), RT (training run time on one A100, lower is better), Arch. (CNN/TF/Mam) and nnU (Yes/No).
The first body row ('n=30', 'n=200', ...) gives dataset sizes, not scores: skipped.
System = first cell with the citation marks removed ('MedNeXt L k3 [2]' -> 'MedNeXt L k3',
'A3DS DiNTS [10, 11]' -> 'A3DS DiNTS').
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "documentation", "resenc_presets.md"), encoding="utf-8").read().splitlines()
rows = [[c.strip() for c in l.strip().strip("|").split("|")] for l in lines if l.startswith("|")]
header = rows[0]
DICE = ["BTCV", "ACDC", "LiTS", "BraTS", "KiTS", "AMOS"]
out = []
for r in rows[1:]:
    if set(r[1]) <= set("-"):          # separator row
        continue
    if r[1].startswith("n="):          # dataset-size row
        continue
    rec = dict(zip(header, r))
    system = re.sub(r"\s*\[[\d,\s]+\]$", "", r[0]).strip()
    for d in DICE:
        float(rec[d]); out.append([system, f"{d} Dice (5-fold CV)", "Dice", rec[d], "true"])
    float(rec["VRAM"]); out.append([system, "training VRAM (GB)", "VRAM", rec["VRAM"], "false"])
    float(rec["RT"]); out.append([system, "training run time (A100)", "RT", rec["RT"], "false"])
with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(out)
print(len(out), "rows", len({o[0] for o in out}), "systems")

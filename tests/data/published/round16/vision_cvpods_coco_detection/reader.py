"""Independent reader for the cvpods COCO detection result READMEs (one README.md per config folder).

Standard library only. Writes expected.csv next to this script.
System = name of the config folder holding the README (e.g. retinanet.res50.fpn.coco.multiscale.1x).
Scores kept:
  * the summary pipe table  AP | AP50 | AP75 | APs | APm | APl   (percent)      -> task "COCO bbox"
  * the six "Average Recall (AR)" lines of the pycocotools block (fraction 0-1) -> task "COCO bbox"
  * the per-category AP table (three category/AP pairs per row, percent)        -> task "COCO bbox: <category>"
The six "Average Precision (AP)" lines of the pycocotools block repeat the summary table (as fractions with
3 decimals) and are not emitted again. All metrics are higher-is-better.
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "raw", "playground", "detection", "coco")

rows = []
for dirpath, dirnames, filenames in sorted(os.walk(ROOT)):
    dirnames.sort()
    if "README.md" not in filenames:
        continue
    system = os.path.basename(dirpath)
    lines = open(os.path.join(dirpath, "README.md"), encoding="utf-8").read().splitlines()
    # pycocotools block: AR lines only
    for ln in lines:
        m = re.match(r"\s*Average Recall\s+\(AR\) @\[\s*IoU=([\d.:]+)\s*\|\s*area=\s*(\w+)\s*\|\s*maxDets=\s*(\d+)\s*\]\s*=\s*([-\d.]+)", ln)
        if m:
            iou, area, md, val = m.groups()
            rows.append([system, "COCO bbox", f"AR@[IoU={iou}|area={area}|maxDets={md}]", val, "true"])
    # pipe tables
    tables, cur = [], []
    for ln in lines:
        if ln.strip().startswith("|"):
            cur.append([c.strip() for c in ln.strip().strip("|").split("|")])
        elif cur:
            tables.append(cur); cur = []
    if cur:
        tables.append(cur)
    for t in tables:
        header, body = t[0], [r for r in t[1:] if not all(re.fullmatch(r":?-+:?", c) for c in r)]
        if header[0] == "AP":
            for r in body:
                for h, v in zip(header, r):
                    rows.append([system, "COCO bbox", h, v, "true"])
        elif header[0] == "category":
            for r in body:
                for i in range(0, len(r), 2):
                    cat, v = r[i], r[i + 1]
                    if cat:
                        rows.append([system, f"COCO bbox: {cat}", "AP", v, "true"])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows")

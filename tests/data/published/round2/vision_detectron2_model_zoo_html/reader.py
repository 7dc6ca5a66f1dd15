#!/usr/bin/env python3
"""Independent reader (stdlib only) for detectron2's MODEL_ZOO.md.

usage: python reader.py SET_DIR   -> writes nothing; prints the tables found and exits 1 (the right
outcome for this input is a refusal: see expected_refusal.md)

Source rules (quoted in notes.md):
  * the results are HTML tables (`<table><tbody>` ... `<th>` header cells, `<tr><td>` rows) inside Markdown,
    one per section (Faster R-CNN, RetinaNet, RPN & Fast R-CNN, Mask R-CNN, LSJ baselines, Keypoint R-CNN,
    Panoptic FPN, LVIS, Cityscapes & VOC, Other Settings x2, TTA);
  * a model is a config file (the Name cell's link, `configs/COCO-Detection/faster_rcnn_R_50_C4_1x.yaml`);
    the Name text (`R50-C4`) repeats across schedules and tables;
  * the score columns differ per table (box AP; box AP + prop. AR; box AP + mask AP; box AP + kp. AP;
    box AP + mask AP + PQ; box AP + box AP50 + mask AP) and so do the datasets (COCO val2017, LVIS,
    Cityscapes / Pascal VOC): a `box AP` column of one table is not the same task as that of another.
  * every model appears in one table only (TTA rows re-evaluate configs of 'Other Settings'): the tables
    share no model and, across datasets, no task -> no single board.
"""
import html, os, re, sys


def main(set_dir):
    text = open(os.path.join(set_dir, "raw", "MODEL_ZOO.md"), encoding="utf-8").read()
    seen = {}
    for m in re.finditer(r"<table><tbody>(.*?)</tbody></table>", text, re.S):
        body = m.group(1)
        line = text[: m.start()].count("\n") + 1
        section = [l for l in text[: m.start()].split("\n") if l.startswith("#")][-1].strip("# :")
        heads = [html.unescape(re.sub(r"<br/>", " ", h)) for h in re.findall(r"<th[^>]*>(.*?)</th>", body)]
        rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
        configs = []
        for r in rows:
            cells = re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)
            link = re.search(r'href="([^"]+)"', cells[0])
            configs.append(link.group(1) if link else re.sub("<[^>]+>", "", cells[0]))
        scores = [h for h in heads if "AP" in h or h in ("PQ", "prop. AR")]
        for c in configs:
            seen.setdefault(c, []).append(line)
        print(f"line {line}: {section}: {len(rows)} models, scores {scores}")
    shared = {c: l for c, l in seen.items() if len(l) > 1}
    print(f"{len(seen)} distinct configs; in more than one table: {shared or 'none'}")
    print("no single board: one leaderboard per table (different datasets, metrics and models); see expected_refusal.md")
    sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

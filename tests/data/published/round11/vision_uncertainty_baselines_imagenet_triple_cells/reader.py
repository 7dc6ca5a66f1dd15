"""Independent reader for baselines/imagenet/README.md of google/uncertainty-baselines.

Reading: the two method tables (sections "## ResNet-50" and "## EfficientNet") form one board
(same columns, disjoint methods). The "## Related Results" table (literature numbers, different
setups) and the footnotes are not part of it. Cells of the form "NLL / accuracy / calibration
error" (ImageNet-C: "... (mCE)") are split into separate tasks. Runtime and parameter columns are
costs and are left out. "-" is a missing cell.

    python reader.py SET_DIR   ->  SET_DIR/expected.csv
"""

import csv
import os
import re
import sys

SRC = os.path.join("raw", "baselines", "imagenet", "README.md")

# dataset column -> list of (metric name, higher_is_better) for the "/"-separated parts
TRIPLE = [("NLL", False), ("Accuracy", True), ("Cal. Error", False)]
SINGLE_ACC = [("Accuracy", True)]
LAYOUT = {
    "ImageNet": TRIPLE,
    "ImageNet-C": TRIPLE,  # plus "(mCE)" in parentheses, handled below
    "ImageNet-A": TRIPLE,
    "ImageNetV2": TRIPLE,
    "ImageNet-Vid-Robust": SINGLE_ACC,
    "YTBB-Robust": SINGLE_ACC,
    "ObjectNet": SINGLE_ACC,
}
BOARD_SECTIONS = ("ResNet-50", "EfficientNet")


def clean_name(cell):
    cell = re.sub(r"<sup>.*?</sup>", "", cell)
    cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell)
    return cell.strip()


def number(text):
    text = text.strip()
    if text in ("", "-"):
        return None
    return float(text.rstrip("%").strip())


def split_row(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, SRC), encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows = []
    section = None
    header = None
    for line in lines:
        if line.startswith("#"):
            section = line.lstrip("#").strip()
            header = None
            continue
        if section not in BOARD_SECTIONS or not line.strip().startswith("|"):
            header = None if not line.strip().startswith("|") else header
            continue
        cells = split_row(line)
        if header is None:
            header = cells
            continue
        if set(line.replace("|", "").strip()) <= set("- :"):
            continue
        model = clean_name(cells[0])
        for col, value in zip(header[1:], cells[1:]):
            if col not in LAYOUT:
                continue  # runtimes, parameter counts
            metrics = LAYOUT[col]
            value = value.strip()
            mce = None
            m = re.search(r"\(([^)]*)\)\s*$", value)
            if m:
                mce = m.group(1)
                value = value[: m.start()].strip()
            parts = [p.strip() for p in value.split("/")] if len(metrics) > 1 else [value]
            if len(metrics) > 1 and len(parts) == 1:
                parts = parts * len(metrics)  # a lone "-" covers the whole cell
            for (metric, hib), part in zip(metrics, parts):
                score = number(part)
                if score is not None:
                    rows.append((model, f"{col} {metric}", metric, score, hib))
            if mce is not None and number(mce) is not None:
                rows.append((model, f"{col} mCE", "mCE", number(mce), False))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, metric, score, hib in rows:
            w.writerow([model, task, metric, repr(score), "true" if hib else "false"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

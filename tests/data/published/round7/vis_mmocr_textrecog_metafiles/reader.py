"""Independent reader for vis_mmocr_textrecog_metafiles (standard library only).

Reads every raw/configs/textrecog/*/metafile.yml (OpenMMLab model-index YAML) with a small
indentation-aware line parser (no PyYAML): only the top-level `Models:` list is read; the
`Collections:` list (algorithm families, no results) is skipped. For each model (`- Name:`),
each entry of `Results:` gives a Dataset and a `Metrics:` mapping (here always `word_acc`).
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys


def parse_metafile(path):
    rows = []
    section = None
    model = None
    dataset = None
    in_metrics = False
    metrics_indent = None
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            indent = len(line) - len(line.lstrip(" "))
            text = line.strip()
            if indent == 0:
                section = text.rstrip(":")
                model = None
                continue
            if section != "Models":
                continue
            m = re.match(r"^- Name:\s*(.+)$", text)
            if m:
                # a model entry: "- Name:" in the Models list (Results entries start with "- Task:")
                model = m.group(1).strip()
                dataset = None
                in_metrics = False
                continue
            m = re.match(r"^(?:- )?Dataset:\s*(.+)$", text)
            if m:
                dataset = m.group(1).strip()
                in_metrics = False
                continue
            if text.startswith("- Task:"):
                dataset = None
                in_metrics = False
                continue
            if text == "Metrics:":
                in_metrics = True
                metrics_indent = indent
                continue
            if in_metrics:
                if indent <= metrics_indent:
                    in_metrics = False
                else:
                    m = re.match(r"^([^:]+):\s*([-+0-9.eE]+)\s*$", text)
                    if m and model and dataset:
                        rows.append((model, dataset, m.group(1).strip(), m.group(2)))
                    continue
    return rows



def main(set_dir):
    root = os.path.join(set_dir, "raw", "configs", "textrecog")
    rows = []
    for algo in sorted(os.listdir(root)):
        path = os.path.join(root, algo, "metafile.yml")
        if os.path.isfile(path):
            rows.extend(parse_metafile(path))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, dataset, metric, score in rows:
            # word_acc: word-level recognition accuracy (WordMetric) -> higher is better
            w.writerow([model, dataset, metric, score, "true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

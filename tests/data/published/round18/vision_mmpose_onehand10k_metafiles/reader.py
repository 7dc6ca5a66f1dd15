"""Independent reader for six OpenMMLab metafiles (model-index YAML) of MMPose, OneHand10K hand keypoints.

Standard library only: a small line-based reader for the fixed metafile layout
(Models: - Config / Name / Results: - Dataset / Metrics: {name: value} / Task).
System = the model's `Name` (config name). Task = '<Dataset> <metric>', one column per metric.
PCK@0.2 and AUC: higher is better (accuracy / area under the PCK curve);
EPE (end-point error, pixels): lower is better.
Left out: Config, In Collection, Metadata (architecture, training data), Weights URL.
"""
import csv, os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "raw", "configs", "hand_2d_keypoint")
HIB = {"PCK@0.2": "true", "AUC": "true", "EPE": "false"}

rows = []
for dirpath, _, files in sorted(os.walk(ROOT)):
    for fn in sorted(files):
        if not fn.endswith(".yml"):
            continue
        name = dataset = None
        in_metrics = False
        for line in open(os.path.join(dirpath, fn), encoding="utf-8"):
            s = line.strip()
            if s.startswith("Name:") and line.startswith("  Name:"):
                name = s.split(":", 1)[1].strip()
            elif s.startswith("- Dataset:"):
                dataset = s.split(":", 1)[1].strip()
            elif s == "Metrics:":
                in_metrics = True
            elif in_metrics and line.startswith("      ") and ":" in s:
                metric, value = [x.strip() for x in s.rsplit(":", 1)]
                float(value)
                rows.append((name, dataset, metric, value))
            else:
                in_metrics = False
rows.sort()
with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    for name, dataset, metric, value in rows:
        w.writerow([name, f"{dataset} {metric}", metric, value, HIB[metric]])
print(len(rows), "rows")

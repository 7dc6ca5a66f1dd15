#!/usr/bin/env python3
"""Independent reader (stdlib only) for open_clip docs/openclip_results.csv.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source rules (quoted in notes.md):
  * a model is the pair (name, pretrained); open_clip's own string form is 'name:tag'
    (src/open_clip/pretrained.py list_pretrained(as_str=True): "':'.join([k, t])").
  * the 38 dataset columns are the tasks; each holds the DataComp main metric of that dataset
    (tasklist.yml main_metric; default acc1), all higher-is-better.
  * 'params (M)', 'FLOPs (B)' are model size/compute; 'Average perf. on 38 datasets' is the mean
    of the 38 dataset columns: none of them is a task.
"""
import csv, os, sys

NOT_TASKS = {"name", "pretrained", "params (M)", "FLOPs (B)", "Average perf. on 38 datasets"}
# DataComp tasklist.yml main_metric per dataset name (default "acc1")
MAIN_METRIC = {
    "Caltech-101": "mean_per_class_recall", "FGVC Aircraft": "mean_per_class_recall",
    "Oxford Flowers-102": "mean_per_class_recall", "Oxford-IIIT Pet": "mean_per_class_recall",
    "Flickr": "mean_recall@1", "MSCOCO": "mean_recall@1", "WinoGAViL": "jaccard_score_10-12",
    "iWildCam": "F1-macro_all", "FMoW": "acc_worst_region", "Dollar Street": "acc_top5_wg",
    "GeoDE": "acc_wg",
}


def main(set_dir):
    path = os.path.join(set_dir, "raw", "docs", "openclip_results.csv")
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    tasks = [c for c in rows[0] if c not in NOT_TASKS]
    assert len(tasks) == 38, tasks
    out = []
    for r in rows:
        model = f"{r['name']}:{r['pretrained']}"
        for t in tasks:
            v = r[t].strip()
            if v == "":
                continue
            out.append((model, t, MAIN_METRIC.get(t, "acc1"), repr(float(v)), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

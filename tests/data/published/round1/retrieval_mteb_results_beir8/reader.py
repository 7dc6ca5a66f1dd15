#!/usr/bin/env python3
"""Independent reader (stdlib only) for an MTEB results folder (embeddings-benchmark/results layout).

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Layout: results/<org>__<model>/<revision>/<TaskName>.json plus model_meta.json per revision folder.
Source rules (quoted in notes.md):
  * model = model_meta.json "name" (the folder is the name with '/' -> '__'); a model's tasks are the
    union over its revision folders (no task appears under two revisions of one model here).
  * task = "task_name" (the file stem); only the task's eval split counts: every task here has
    eval_splits=["test"] (mteb/tasks/retrieval/eng/*.py); 'train'/'dev' entries are left out.
  * score = TaskResult.get_score(): np.mean of "main_score" over the kept split(s) and hf_subsets;
    main_score of these tasks is "ndcg_at_10", higher is better.
"""
import csv, glob, json, os, sys

EVAL_SPLITS = ["test"]
MAIN_SCORE = "ndcg_at_10"


def main(set_dir):
    root = os.path.join(set_dir, "raw", "results")
    out = {}
    for path in sorted(glob.glob(os.path.join(root, "*", "*", "*.json"))):
        if os.path.basename(path) == "model_meta.json":
            continue
        folder = os.path.dirname(path)
        meta_path = os.path.join(folder, "model_meta.json")
        if os.path.exists(meta_path):
            model = json.load(open(meta_path, encoding="utf-8"))["name"]
        else:
            model = os.path.basename(os.path.dirname(folder)).replace("__", "/")
        d = json.load(open(path, encoding="utf-8"))
        task = d.get("task_name") or os.path.basename(path)[:-5]
        vals = [s["main_score"] for split in EVAL_SPLITS for s in d["scores"].get(split, [])]
        if not vals:
            continue
        key = (model, task)
        assert key not in out, f"{key} under two revisions"
        out[key] = sum(vals) / len(vals)
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for (m, t), v in sorted(out.items()):
            w.writerow([m, t, MAIN_SCORE, repr(float(v)), "true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

#!/usr/bin/env python3
"""Independent reader for the JP lm-evaluation-harness (Stability-AI "jp-stable" branch, here the
pfnet-research fork) result files: lm-eval 0.3-era output written by main.py --output_path.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv (or SET_DIR/expected_refusal.md)
Standard library only. The rules (quoted in notes.md):

* A results file is {"results": {task: {metric: value, metric+"_stderr": se, ["details": [...]]}},
  "versions": {...}, "config": {"model", "model_args", "num_fewshot", ...}}.
* The score of a (model, task) is the FIRST metric listed under the task that is not a standard
  error ("*_stderr") and not the per-document "details" list (evaluator.py adds "details" under
  --verbose; make_table skips both).
* Direction: the task's higher_is_better() in the fork (lm_eval/base.py MultipleChoiceTask: acc, acc_norm
  True; lm_eval/tasks/ja/jsquad.py: exact_match, f1 True; xlsum_ja.py: rouge2 True; xwinograd.py: acc
  True; mgsm.py inherits gsm8k.py: acc True). An unknown metric stops the reader.
* Task = the key of "results" as the harness names it ("jcommonsenseqa-1.1-0.2" = dataset version 1.1,
  prompt template 0.2); tasks with another prompt template are other tasks.
* Model = the first of peft=, delta=, pretrained=, model=, path=, engine= in config.model_args (as
  lm-eval's own tracker names a run; a local path as given, placeholders such as ${PROJECT_DIR} kept).
* Several files of one model are merged; two different values for one (model, task) stop the reader.
* If the model x task board falls apart into groups of models that share no task, there is no single
  board to rate: expected_refusal.md is written instead.
"""
import csv, json, os, sys

HIGHER = {"acc": True, "acc_norm": True, "exact_match": True, "f1": True, "rouge2": True}
NAME_KEYS = ("peft", "delta", "pretrained", "model", "path", "engine")


def model_name(cfg):
    kv = dict(p.split("=", 1) for p in (cfg.get("model_args") or "").split(",") if "=" in p)
    return next(kv[k] for k in NAME_KEYS if kv.get(k))


def first_metric(metrics):
    for k, v in metrics.items():
        if k == "details" or k.endswith("_stderr"):
            continue
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return k, v
    return None


def components(cells):
    parent = {}
    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for m, t in cells:
        parent[find(("m", m))] = find(("t", t))
    groups = {}
    for m, t in cells:
        groups.setdefault(find(("m", m)), set()).add(m)
    return list(groups.values())


def main(set_dir):
    raw = os.path.join(set_dir, "raw")
    cells = {}
    for root, _, files in sorted(os.walk(raw)):
        for fn in sorted(files):
            if not fn.endswith(".json"):
                continue
            path = os.path.join(root, fn)
            doc = json.load(open(path, encoding="utf-8"))
            if not (isinstance(doc, dict) and "results" in doc and "config" in doc):
                continue
            model = model_name(doc["config"])
            for task, metrics in doc["results"].items():
                fm = first_metric(metrics)
                if fm is None:
                    continue
                metric, value = fm
                key = (model, task)
                if key in cells and cells[key][1] != value:
                    raise SystemExit(f"two values for {key}: {cells[key]} and {(metric, value)} ({path})")
                cells[key] = (metric, value, os.path.relpath(path, set_dir))
    for stale in ("expected.csv", "expected_refusal.md"):
        if os.path.exists(os.path.join(set_dir, stale)):
            os.remove(os.path.join(set_dir, stale))
    groups = components(cells)
    if len(groups) > 1:
        with open(os.path.join(set_dir, "expected_refusal.md"), "w", encoding="utf-8") as f:
            f.write("# Expected outcome: refusal\n\n"
                    "The models x tasks board falls apart into groups of models that share no task "
                    "(the harness names a task with its prompt-template version, and each group of "
                    "models was run with another template), so no single rating of all models exists. "
                    "A user has to pick one group of tasks (e.g. one prompt template) or one group of models.\n\n")
            for g in sorted(groups, key=lambda g: sorted(g)):
                tasks = sorted({t for (m, t) in cells if m in g})
                f.write(f"- {len(g)} model(s): {', '.join(sorted(g))}\n  tasks: {', '.join(tasks)}\n")
        print(f"{set_dir}: refusal ({len(groups)} disconnected groups)")
        return
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for (model, task), (metric, value, _) in sorted(cells.items()):
            w.writerow([model, task, metric, repr(value) if isinstance(value, float) else value,
                        "true" if HIGHER[metric] else "false"])
    print(f"{set_dir}: {len(cells)} rows, {len({m for m, _ in cells})} models, {len({t for _, t in cells})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Independent reader for lm-evaluation-harness 0.4.9.1 results written by this fork's
lm_eval/evals_debug.py (json.dump of simple_evaluate()'s dict, plus model_backend/start_time/end_time).
Standard library only.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv, or SET_DIR/expected_refusal.md

Rules (quoted in notes.md):
* A results file has "results", "configs", "higher_is_better", "n-samples", "config"; samples_*.json
  (a JSON dict {task: [per-document records]}, not lm-eval's samples_*.jsonl) are per-document logs,
  not scores.
* Leaf task = a key of "results" with an entry in "configs" that is not a group ("groups" key, or a
  non-empty "group_subtasks" list). Score = results[task]["<m>,<f>"], m = first metric_list entry,
  f = first filter_list name ("none" without one). Direction = higher_is_better[task][m].
* Model = the first of peft, delta, pretrained, model, path, engine in config["model_args"], which this
  script writes as a dict ({"pretrained": "qwen2.5:1.5b-instruct-q4_K_M", "base_url": ...}); lm-eval
  accepts a dict there, and names the model the same way as from a string.
* A rating needs at least two models on a common task and a connected models x tasks board; if no task
  has two models, expected_refusal.md says so.
"""
import csv, json, os, sys

NAME_KEYS = ("peft", "delta", "pretrained", "model", "path", "engine")


def model_of(cfg):
    ma = cfg.get("model_args")
    if isinstance(ma, str):
        ma = dict(p.split("=", 1) for p in ma.split(",") if "=" in p)
    return next(str(ma[k]) for k in NAME_KEYS if ma.get(k))


def main(set_dir):
    cells = {}
    for root, _, files in sorted(os.walk(os.path.join(set_dir, "raw"))):
        for fn in sorted(files):
            if not fn.endswith(".json"):
                continue
            path = os.path.join(root, fn)
            d = json.load(open(path, encoding="utf-8"))
            if not (isinstance(d, dict) and "results" in d and "configs" in d):
                continue  # samples_*.json: {task: [records]}
            model = model_of(d["config"])
            groups = set(d.get("groups", {})) | {g for g, s in d.get("group_subtasks", {}).items() if s}
            for task, res in d["results"].items():
                if task in groups or task not in d["configs"]:
                    continue
                cfg = d["configs"][task]
                m = cfg["metric_list"][0]["metric"]
                fl = cfg.get("filter_list") or []
                key = f"{m},{fl[0]['name'] if fl else 'none'}"
                hib = d.get("higher_is_better", {}).get(task, {}).get(m, cfg["metric_list"][0].get("higher_is_better"))
                if isinstance(res.get(key), (int, float)):
                    cells[(model, task)] = (key, res[key], bool(hib), os.path.relpath(path, set_dir),
                                            d["config"].get("limit"), d["n-samples"][task]["effective"])
    for stale in ("expected.csv", "expected_refusal.md"):
        if os.path.exists(os.path.join(set_dir, stale)):
            os.remove(os.path.join(set_dir, stale))
    per_task = {}
    for (model, task) in cells:
        per_task.setdefault(task, set()).add(model)
    if not any(len(ms) > 1 for ms in per_task.values()):
        with open(os.path.join(set_dir, "expected_refusal.md"), "w", encoding="utf-8") as f:
            f.write("# Expected outcome: refusal\n\nNo task was run by more than one model, so there is nothing "
                    "to compare: every (model, task) cell is alone in its task. The files name "
                    f"{len({m for m, _ in cells})} models; each task below has one. (All runs are `--limit` "
                    "smoke tests from the fork's evals_debug.py.) A user would have to add runs of the other "
                    "model(s) on the same tasks; no option of a rating tool can make a board of this.\n\n")
            f.write("| task | model | metric | score | limit | documents scored |\n|---|---|---|---|---|---|\n")
            for (model, task), (key, v, hib, p, lim, n) in sorted(cells.items(), key=lambda kv: kv[0][1]):
                f.write(f"| {task} | {model} | {key} | {v} | {lim} | {n} |\n")
        print(f"{set_dir}: refusal ({len(cells)} cells, no task with two models)")
        return
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for (model, task), (key, v, hib, *_rest) in sorted(cells.items()):
            w.writerow([model, task, key, repr(v) if isinstance(v, float) else v, "true" if hib else "false"])


if __name__ == "__main__":
    main(sys.argv[1])

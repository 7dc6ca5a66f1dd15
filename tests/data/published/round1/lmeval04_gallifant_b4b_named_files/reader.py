#!/usr/bin/env python3
"""Independent reader for lm-evaluation-harness 0.4.0 results files as this fork wrote them
(`lm_eval --output_path results/<folder>/<org>-<model>_results.json`). Standard library only.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv (or SET_DIR/expected_refusal.md)

Rules (quoted in notes.md):
* A results file is a JSON object with "results", "configs", "versions", "n-shot", "config" and, when a
  group ran, "groups" (lm-eval 0.4.0). A key of "results" that is also a key of "groups" is a group: an
  aggregate of its subtasks, not rated. A leaf task is a key of "results" with an entry in "configs".
* Score of a leaf task = results[task]["<m>,<f>"] with m = the first entry of configs[task]["metric_list"]
  and f = the first filter of configs[task]["filter_list"] ("none" when the task has none). Direction =
  that metric_list entry's "higher_is_better".
* Model = the first of peft=, delta=, pretrained=, model=, path=, engine= in config["model_args"]
  (lm-eval's naming), plus "@<revision>" when revision= is given and is not "main".
* One (model, task) found in several files: the runs are compared on what was measured: the task config
  (with the memory addresses of function reprs, "<function f at 0x7f..>", removed: they change on every
  run), n-shot, --limit and the model_args other than loader-only keys. Identical measurements with equal
  scores collapse to one row; anything else (a different config, or equal configs with different scores
  and no date to order them) is a conflict and the reader writes expected_refusal.md listing the runs.
"""
import csv, json, os, re, sys

NAME_KEYS = ("peft", "delta", "pretrained", "model", "path", "engine")
LOADER_ONLY = {"trust_remote_code", "dtype", "device", "device_map", "parallelize", "batch_size",
               "max_batch_size", "use_accelerate"}
ADDR = re.compile(r" at 0x[0-9a-f]+>")


def model_args(d):
    out = {}
    for part in (d.get("config", {}).get("model_args") or "").split(","):
        if "=" in part:
            k, v = part.split("=", 1)
            out[k.strip()] = v.strip()
    return out


def model_of(args):
    name = next(args[k] for k in NAME_KEYS if args.get(k))
    rev = args.get("revision")
    return name + ("@" + rev if rev and rev != "main" else "")


def signature(d, task, args):
    cfg = json.loads(ADDR.sub(">", json.dumps(d["configs"][task], sort_keys=True)))
    rest = {k: v for k, v in args.items() if k not in LOADER_ONLY}
    return json.dumps([cfg, d.get("n-shot", {}).get(task), d.get("config", {}).get("limit"), rest],
                      sort_keys=True)


def main(set_dir):
    runs = {}
    for root, _, files in sorted(os.walk(os.path.join(set_dir, "raw"))):
        for fn in sorted(files):
            if not fn.endswith(".json"):
                continue
            path = os.path.join(root, fn)
            d = json.load(open(path, encoding="utf-8"))
            if not (isinstance(d, dict) and "results" in d and "configs" in d):
                continue
            args = model_args(d)
            model = model_of(args)
            groups = set(d.get("groups", {})) | {g for g, s in d.get("group_subtasks", {}).items() if s}
            for task, res in d["results"].items():
                if task in groups or task not in d["configs"]:
                    continue
                cfg = d["configs"][task]
                ml = cfg.get("metric_list") or []
                if not ml:
                    continue
                metric, hib = ml[0]["metric"], ml[0].get("higher_is_better", True)
                fl = cfg.get("filter_list") or []
                key = f"{metric},{fl[0]['name'] if fl else 'none'}"
                score = res.get(key)
                if not isinstance(score, (int, float)) or isinstance(score, bool):
                    continue
                runs.setdefault((model, task), []).append(
                    (os.path.relpath(path, set_dir), key, score, bool(hib), signature(d, task, args), cfg))
    rows, conflicts = [], []
    for (model, task), rs in sorted(runs.items()):
        if len({(r[4], r[2]) for r in rs}) > 1:
            conflicts.append((model, task, rs))
        else:
            p, key, score, hib, _, _ = rs[0]
            rows.append([model, task, key, repr(score) if isinstance(score, float) else score,
                         "true" if hib else "false"])
    for stale in ("expected.csv", "expected_refusal.md"):
        if os.path.exists(os.path.join(set_dir, stale)):
            os.remove(os.path.join(set_dir, stale))
    if conflicts:
        with open(os.path.join(set_dir, "expected_refusal.md"), "w", encoding="utf-8") as f:
            f.write("# Expected outcome: refusal\n\nSome (model, task) pairs were run more than once and the runs did "
                    "not measure the same thing (the task's config differs beyond function addresses: another "
                    "test split, another dataset), and the 0.4.0 files carry no date to order them. There is no "
                    "single score to rate: the user must say which folder (run) to use, e.g. rate one folder, or "
                    "exclude the tasks that were rerun.\n\n")
            for model, task, rs in conflicts:
                f.write(f"- model `{model}`, task `{task}`:\n")
                base = rs[0][5]
                for p, key, score, _, _, cfg in rs:
                    diff = {k: cfg.get(k) for k in sorted(set(cfg) | set(base))
                            if ADDR.sub(">", json.dumps(cfg.get(k))) != ADDR.sub(">", json.dumps(base.get(k)))}
                    f.write(f"  - `{p}`: {key} = {score}" + (f" (config differs: {diff})" if diff else "") + "\n")
        print(f"{set_dir}: refusal, {len(conflicts)} conflicting (model, task) pairs")
        return
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{set_dir}: {len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

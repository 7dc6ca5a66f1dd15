"""Independent reader for open-mmlab/mmgeneration configs/sngan_proj/metafile.yml.

Standard library only (a small line-based reader for this OpenMMLab model-index layout; no PyYAML).
Writes expected.csv next to this script.

Layout: `Models:` is a list; each item ('- Config: ...' at column 0) has `Name`, `Results` (one item with
`Dataset`, `Metrics` {key: value}, `Task`) and `Weights` (checkpoint URL).
Reading:
  * system = '<Name> [<tag>]', tag taken from the Weights file name: 'is-iter400000' / 'fid-iter490000'
    (the checkpoint picked for best IS / best FID), or 'cifar10' / 'imagenet1k' for the two
    StudioGAN-converted checkpoints (whose Name is identical and whose Dataset is 'Others').
    Name alone is NOT unique: the same Name appears with two checkpoints.
  * task = the dataset: 'CIFAR' / 'IMAGENET' as written; for Dataset 'Others' the dataset is read from the
    Weights file name (sngan_cifar10_convert... -> CIFAR, sngan_imagenet1k_convert... -> IMAGENET).
  * scores: FID (lower is better), IS (higher is better), and for the converted models
    'FID (Our Pipeline)', 'FID (StudioGAN)' (lower), 'IS (Our Pipeline)', 'IS (StudioGAN)' (higher).
  * not scores: 'Inplace ReLU', 'Iter', 'Log', 'Total Iters\\*', 'Total Iters', 'disc_step'.
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "configs", "sngan_proj", "metafile.yml"), encoding="utf-8").read().splitlines()

models, cur, in_models, in_metrics = [], None, False, False
for ln in lines:
    if not ln.strip():
        continue
    if not ln.startswith(" ") and not ln.startswith("- "):
        in_models = ln.startswith("Models:")
        continue
    if not in_models:
        continue
    if ln.startswith("- "):
        cur = {"metrics": {}}
        models.append(cur)
        in_metrics = False
    indent = len(ln) - len(ln.lstrip(" -"))
    body = ln.strip().lstrip("- ").strip()
    key, _, val = body.partition(":")
    key, val = key.strip(), val.strip()
    if in_metrics and indent == 6:
        cur["metrics"][key] = val
        continue
    in_metrics = False
    if key == "Metrics":
        in_metrics = True
    elif key in ("Name", "Weights", "Dataset", "Task") and indent in (2, 4):
        cur[key] = val

SCORE = {"FID": "false", "IS": "true",
         "FID (Our Pipeline)": "false", "FID (StudioGAN)": "false",
         "IS (Our Pipeline)": "true", "IS (StudioGAN)": "true"}
NOT_SCORE = {"Inplace ReLU", "Iter", "Log", "Total Iters\\*", "Total Iters", "disc_step"}

rows = []
for m in models:
    wfile = m["Weights"].rsplit("/", 1)[1]
    t = re.search(r"_((?:is|fid)-iter\d+)_", wfile)
    if t:
        tag = t.group(1)
        task = m["Dataset"]
    else:
        d = re.match(r"sngan_(cifar10|imagenet1k)_convert", wfile)
        tag = d.group(1)
        assert m["Dataset"] == "Others"
        task = {"cifar10": "CIFAR", "imagenet1k": "IMAGENET"}[tag]
    system = f"{m['Name']} [{tag}]"
    for k, v in m["metrics"].items():
        if k in NOT_SCORE:
            continue
        if k not in SCORE:
            raise SystemExit("unknown metric " + k)
        float(v)
        rows.append([system, task, k, v, SCORE[k]])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(models), "model entries;", len(rows), "rows;", len({r[0] for r in rows}), "systems")

"""Reading a large lm-evaluation-harness output folder: 100 models x 60 tasks x 1,000 items (issue 31).

Generates (once, into ``--folder``) the folder ``lm_eval --output_path OUT
--log_samples`` would write for ``--models`` models on ``--tasks`` tasks of
``--items`` documents each: per model ``OUT/org__model-K/results_<date>.json``
and one ``samples_<task>_<date>.jsonl`` per task. Every line has the layout and
size of a real lm-eval 0.4.13 line (the multiple-choice task of
``tests/data/harness/lm_eval``: doc, four arguments, responses, hashes, then
``acc`` and ``acc_norm``; about 1.3 kB), and each results file holds the
aggregates of its samples, as the harness writes them (``acc`` is their mean).

Then reads it with :func:`jaxrate.io.read_harness` in a fresh process,
``--runs`` times, and prints the wall time, the peak resident memory
(``ru_maxrss`` of that process) and the sizes read.

    python benchmarks/harness_read.py --folder /tmp/lm_eval_big --runs 3
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

from _env import header

DATE = "2026-11-25T12-00-00.000000"
_LINE = (
    '{{"doc_id": {doc}, "doc": {{"question": "{question}", "choices": ["{a}", "{b}", "{c}", "{d}"], '
    '"label": {label}}}, "target": "{label}", "arguments": {{'
    '"gen_args_0": {{"arg_0": "Question: {question}\\nAnswer:", "arg_1": " {a}"}}, '
    '"gen_args_1": {{"arg_0": "Question: {question}\\nAnswer:", "arg_1": " {b}"}}, '
    '"gen_args_2": {{"arg_0": "Question: {question}\\nAnswer:", "arg_1": " {c}"}}, '
    '"gen_args_3": {{"arg_0": "Question: {question}\\nAnswer:", "arg_1": " {d}"}}}}, '
    '"resps": [[["{l0}", "False"]], [["{l1}", "False"]], [["{l2}", "False"]], [["{l3}", "False"]]], '
    '"filtered_resps": [["{l0}", "False"], ["{l1}", "False"], ["{l2}", "False"], ["{l3}", "False"]], '
    '"filter": "none", "metrics": ["acc", "acc_norm"], "doc_hash": "{h}", "prompt_hash": "{h}", '
    '"target_hash": "{h}", "acc": {acc}, "acc_norm": {norm}}}\n'
)
_WORDS = "the of which is a an in on at river city planet number first largest smallest known".split()


def generate(folder: str, models: int, tasks: int, items: int) -> None:
    rng = random.Random(0)
    questions = [" ".join(rng.choice(_WORDS) for _ in range(18)).capitalize() + "?" for _ in range(items)]
    for m in range(models):
        name = f"org/model-{m:03d}"
        out = os.path.join(folder, name.replace("/", "__"))
        os.makedirs(out, exist_ok=True)
        results, configs = {}, {}
        skill = rng.random()
        for t in range(tasks):
            task = f"task_{t:02d}"
            acc = norm = 0
            lines = []
            for k in range(items):
                hit = rng.random() < skill
                hit_norm = rng.random() < skill
                acc += hit
                norm += hit_norm
                lls = [f"{-rng.random() * 10:.16f}" for _ in range(4)]
                lines.append(
                    _LINE.format(
                        doc=k,
                        question=questions[k],
                        a="apple",
                        b="brick",
                        c="chair",
                        d="cloud",
                        label=k % 4,
                        l0=lls[0],
                        l1=lls[1],
                        l2=lls[2],
                        l3=lls[3],
                        h=f"{rng.getrandbits(256):064x}",
                        acc=float(hit),
                        norm=float(hit_norm),
                    )
                )
            with open(os.path.join(out, f"samples_{task}_{DATE}.jsonl"), "w", encoding="utf-8") as f:
                f.writelines(lines)
            results[task] = {"alias": task, "acc,none": acc / items, "acc_norm,none": norm / items}
            configs[task] = {
                "task": task,
                "metric_list": [
                    {"metric": "acc", "aggregation": "mean", "higher_is_better": True},
                    {"metric": "acc_norm", "aggregation": "mean", "higher_is_better": True},
                ],
            }
        data = {
            "results": results,
            "group_subtasks": {t: [] for t in results},
            "configs": configs,
            "versions": {t: 1 for t in results},
            "n-shot": {t: 0 for t in results},
            "higher_is_better": {t: {"acc": True, "acc_norm": True} for t in results},
            "n-samples": {t: {"original": items, "effective": items} for t in results},
            "config": {"model": "hf", "model_args": {"pretrained": name}, "limit": None},
            "lm_eval_version": "0.4.13",
            "model_name": name,
        }
        with open(os.path.join(out, f"results_{DATE}.json"), "w", encoding="utf-8") as f:
            json.dump(data, f)


_READ = """
import resource, sys, time
start = time.perf_counter()
from jaxrate.io import read_harness
imported = time.perf_counter()
workers = None if sys.argv[2] == "auto" else int(sys.argv[2])
found = read_harness(sys.argv[1], workers=workers)
done = time.perf_counter()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 2**20
print(imported - start, done - imported, peak, child, len(found.frame), found.table().shape)
"""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--folder", default="/tmp/jaxrate_lm_eval_big")
    parser.add_argument("--models", type=int, default=100)
    parser.add_argument("--tasks", type=int, default=60)
    parser.add_argument("--items", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--workers",
        default="auto,1",
        help="comma-separated read_harness(workers=...) settings, measured alternately (auto: one per CPU)",
    )
    args = parser.parse_args()
    header()
    stamp = os.path.join(args.folder, f".made-{args.models}x{args.tasks}x{args.items}")
    if not os.path.exists(stamp):
        start = time.perf_counter()
        generate(args.folder, args.models, args.tasks, args.items)
        open(stamp, "w").close()
        print(f"generated in {time.perf_counter() - start:.0f} s")
    size = sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(args.folder) for f in fs)
    what = f"{args.models} models x {args.tasks} tasks x {args.items} items"
    print(f"{args.folder}: {what}, {size / 2**30:.2f} GiB; {os.cpu_count()} cpus")
    settings = args.workers.split(",")
    walls, peaks = {w: [] for w in settings}, {w: [] for w in settings}
    for _, workers in [(r, w) for r in range(args.runs) for w in settings]:
        done = subprocess.run(
            [sys.executable, "-c", _READ, args.folder, workers], check=True, capture_output=True, text=True
        )
        imported, read, peak, child, rows, shape = done.stdout.split(maxsplit=5)
        walls[workers].append(float(read))
        readers = min(os.cpu_count() or 1, 8) if workers == "auto" else int(workers)
        peaks[workers].append(float(peak) + (float(child) * readers if readers > 1 else 0.0))
        print(
            f"workers={workers}: import {float(imported):.2f} s, read_harness {float(read):.2f} s, "
            f"peak RSS {float(peak):.2f} GiB (largest reader process {float(child):.2f} GiB), "
            f"{int(rows):,} item rows, table {shape.strip()}"
        )
    for workers in settings if args.runs else ():
        print(
            f"workers={workers}: median read_harness {statistics.median(walls[workers]):.2f} s; memory at "
            f"most {max(peaks[workers]):.2f} GiB (the main process's peak + the largest reader's x readers)"
        )


if __name__ == "__main__":
    main()

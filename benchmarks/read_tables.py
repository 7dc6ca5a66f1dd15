"""What reading a score table costs: the command line's reader on boards of 2,000 and 5,000 models.

Issue 34 decides the axis that holds the models from evidence (names, headers) and reads
compressed files; this measures what that adds to the plain wide CSV's read, and the read
of the same board compressed, transposed and as pandas JSON. Compare two versions side by
side with PYTHONPATH (the machine is shared and noisy: alternate, several rounds):

    python benchmarks/read_tables.py
    PYTHONPATH=/tmp/before python /tmp/before/benchmarks/read_tables.py   # an older worktree
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time

import numpy as np
import pandas as pd

import jaxrate
from jaxrate import io

TASKS = ["mmlu", "gsm8k", "arc", "hellaswag", "winogrande", "truthfulqa"]


def boards(folder: str, models: int) -> dict[str, str]:
    rng = np.random.default_rng(0)
    names = pd.Index([f"model-{i:05d}-7b-instruct" for i in range(models)], name="model")
    frame = pd.DataFrame(rng.uniform(size=(models, len(TASKS))), index=names, columns=TASKS)
    paths = {kind: os.path.join(folder, f"b{models}.{kind}") for kind in ("csv", "csv.gz", "json")}
    frame.to_csv(paths["csv"])
    frame.to_csv(paths["csv.gz"])
    frame.to_json(paths["json"])
    paths["transposed csv"] = os.path.join(folder, f"t{models}.csv")
    frame.rename_axis(None).T.to_csv(paths["transposed csv"])
    return paths


def best(path: str, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        for module in list(sys.modules.values()):  # each read as a fresh process reads: no warm caches
            if getattr(module, "__name__", "").startswith("jaxrate.io"):
                for f in list(vars(module).values()):
                    if hasattr(f, "cache_clear"):
                        f.cache_clear()
        start = time.perf_counter()
        try:
            io.read(path, io.ReadOptions(cli=True))  # the command line's reader
        except ValueError:
            return float("nan")  # a format this version refuses
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    print(f"jaxrate {jaxrate.__version__} from {os.path.dirname(jaxrate.__file__)}")
    versions = f"python {platform.python_version()}, numpy {np.__version__}, pandas {pd.__version__}"
    print(f"{versions}, {platform.machine()}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        for models in (2000, 5000):
            for kind, path in boards(folder, models).items():
                print(f"{models:>5} models, {kind:15} best of 7: {1000 * best(path):7.1f} ms")
    sys.stdout.flush()


if __name__ == "__main__":
    main()

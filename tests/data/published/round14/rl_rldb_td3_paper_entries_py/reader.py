"""Independent reader for rl_rldb_td3_paper_entries_py (stdlib only).

Reading: raw/rldb/db/paper__td3/ is one "paper" of the rldb database (scores
reported in the TD3 paper, Fujimoto et al. 2018).  One sub-folder per
algorithm, algo__<name>/, holding
  entries.py   entries = [ {'env-title': ..., 'score': ..., ['stddev': ...]}, ...]
  __init__.py  algo = {"algo-title": ..., "algo-nickname": ..., ...}
The package merges algo into every entry.  Model = "algo-nickname" (the
database's name for the algorithm: ACKTR, DDPG, Our DDPG, PPO, SAC, TD3,
TRPO); task = "env-title" (mujoco-*); score = "score" (average return, higher
is better); "stddev" (TD3 only) is a spread and is left out.
The files are read as text with ast (no import / execution).
"""
import ast
import csv
import os
import sys


def literal_assign(path, name):
    tree = ast.parse(open(path, encoding="utf-8").read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            if isinstance(node.value, ast.Dict):
                # keep the literal items only ("algo-frames": 1 * 1000 * 1000 is an expression)
                out = {}
                for k, v in zip(node.value.keys, node.value.values):
                    try:
                        out[ast.literal_eval(k)] = ast.literal_eval(v)
                    except ValueError:
                        pass
                return out
            try:
                return ast.literal_eval(node.value)
            except ValueError:
                continue
    raise KeyError(f"{name} not a literal in {path}")


def main(set_dir):
    base = os.path.join(set_dir, "raw", "rldb", "db", "paper__td3")
    # order of algorithms as concatenated in the paper's __init__.py
    init = open(os.path.join(base, "__init__.py"), encoding="utf-8").read()
    order = [line.split("from .")[1].split(" import")[0]
             for line in init.splitlines() if line.startswith("from .algo__")]
    rows = []
    for folder in order:
        algo = literal_assign(os.path.join(base, folder, "__init__.py"), "algo")
        entries = literal_assign(os.path.join(base, folder, "entries.py"), "entries")
        model = algo["algo-nickname"].strip()
        for e in entries:
            rows.append((model, e["env-title"].strip(), "average return", repr(e["score"]), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len(order)} algorithms")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

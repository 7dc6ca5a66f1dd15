"""Independent reader for nlp_opusmt_train_models_multipair_refusal (standard library only).

This set's right outcome is a refusal (see expected_refusal.md), so this reader writes no
expected.csv. It reads every raw/models/<pair>/README.md model card ("# <release>.zip" heading,
then a | testset | BLEU | chr-F | table), names each model "<pair>/<release>" (a release name
such as opus-2020-02-26.zip is reused by unrelated models of different language pairs), and
prints the model/task cells and the connected components of the model-task graph, showing that
no task is shared between language pairs.
"""
import os
import re
import sys


def cells(line):
    line = line.strip().strip("|")
    return [c.strip() for c in line.split("|")]


def main(set_dir):
    root = os.path.join(set_dir, "raw", "models")
    scores = {}
    for pair in sorted(os.listdir(root)):
        path = os.path.join(root, pair, "README.md")
        if not os.path.isfile(path):
            continue
        model, header = None, None
        for line in open(path, encoding="utf-8"):
            s = line.strip()
            if s.startswith("# "):
                model, header = "%s/%s" % (pair, s[2:].strip()), None
            elif not s.startswith("|"):
                header = None
            elif header is None:
                header = cells(s)
            elif not all(re.fullmatch(r":?-+:?", x) for x in cells(s) if x):
                c = cells(s)
                for metric, v in zip(header[1:], c[1:]):
                    scores[(model, "%s %s" % (c[0], metric))] = float(v)
    models = sorted({m for m, _ in scores})
    tasks = sorted({t for _, t in scores})
    # union-find over models and tasks
    parent = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for m, t in scores:
        parent[find(("m", m))] = find(("t", t))
    comps = {}
    for m in models:
        comps.setdefault(find(("m", m)), []).append(m)
    print("%d cells, %d models, %d tasks, %d connected components" %
          (len(scores), len(models), len(tasks), len(comps)))
    for ms in comps.values():
        ts = sorted({t for (m, t) in scores if m in ms})
        print("  component: %d models x %d tasks: %s" % (len(ms), len(ts), ", ".join(ms)))
    by_release = {}
    for m in models:
        by_release.setdefault(m.split("/", 1)[1], []).append(m.split("/", 1)[0])
    for rel, pairs in sorted(by_release.items()):
        if len(pairs) > 1:
            print("  release name %s is used by %d different models: %s" % (rel, len(pairs), pairs))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

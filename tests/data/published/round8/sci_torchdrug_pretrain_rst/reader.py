"""Independent reader for DeepGraphLearning/torchdrug doc/source/benchmark/pretrain.rst (stdlib only).

One reStructuredText grid table: header row '' + 8 MoleculeNet datasets as RST links
('`BBBP`_') + 'Avg.'; rows = pre-training methods ('No Pretrain', '`InfoGraph`_', ...);
cells 'mean(std)' of test AUROC (in %) over 10 scaffold splits. Models = row labels without the
link markup; tasks = dataset names without markup; score = the number before '('; higher is
better. Left out: 'Avg.' (mean of the 8 datasets) and the '(std)'.
"""
import csv, os, re, sys


def clean(s):
    s = s.strip()
    m = re.fullmatch(r"`([^`]*)`_", s)
    return m.group(1) if m else s


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/doc/source/benchmark/pretrain.rst"), encoding="utf-8").read().splitlines()
    rows = [[c.strip() for c in l.strip().strip("|").split("|")] for l in lines if l.startswith("|")]
    header = [clean(c) for c in rows[0]]
    assert header[0] == "" and header[-1] == "Avg.", header
    out = []
    for r in rows[1:]:
        model = clean(r[0])
        for task, v in zip(header[1:-1], r[1:-1]):
            m = re.fullmatch(r"(\d+(?:\.\d+)?)\((\d+(?:\.\d+)?)\)", v)
            assert m, v
            out.append((model, task, "AUROC", m.group(1), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", header)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for graph_ampligraph_experiments_rst (stdlib only).

Reading: docs/experiments.rst ("Performance" page of AmpliGraph docs) has one
reStructuredText simple table per dataset section (FB15K-237, WN18RR, YAGO3-10,
FB15K, WN18). Each table: Model | MR | MRR | Hits@1 | Hits@3 | Hits@10 |
Hyperparameters, where the Hyperparameters cell spans many continuation lines.
Cell values are NOT aligned with the column borders, so rows are split on
whitespace: model name then five numbers. Task = dataset section title,
metric = column name (RST escape "Hits\\@10" -> "Hits@10"). MR lower is better,
the rest higher. The "Runtime Performance" table (seconds/epoch) is a cost,
not a result, and is skipped.
"""
import csv, os, re, sys

NUM = re.compile(r"^-?\d+(\.\d+)?$")

def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "docs", "experiments.rst"), encoding="utf-8").read().splitlines()
    # section titles: a text line followed by a line of '-' of length >= 3
    section = None
    out = []
    header = None
    border_count = 0
    for i, l in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if l.strip() and re.fullmatch(r"-{3,}", nxt.strip()) and not l.startswith(" "):
            section = l.strip()
            header = None
            border_count = 0
            continue
        if section is None or section in ("Predictive Performance", "Runtime Performance",
                                          "Loading Pre-Trained Models"):
            continue
        s = l.strip()
        if re.fullmatch(r"[= ]+", s) and "=" in s:
            border_count += 1
            continue
        if border_count == 1 and header is None and s:
            header = [h.replace("\\@", "@") for h in s.split()]
            # header: Model MR MRR Hits@1 Hits@3 Hits@10 Hyperparameters
            continue
        if border_count == 2 and header:
            toks = s.split()
            if len(toks) >= 6 and all(NUM.match(t) for t in toks[1:6]) and not l.startswith("      "):
                model = toks[0]
                for metric, v in zip(header[1:6], toks[1:6]):
                    out.append((model, section, metric, v, "false" if metric == "MR" else "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(f"{len(out)} rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for ReChorus docs/demo_scripts_results/README.md (stdlib only).

The only table: Top-k recommendation on Amazon Grocery_and_Gourmet_Food. Models = first column
(link text); tasks = the two metric columns HR@5 and NDCG@5 (higher is better). Time/iter is a
cost, Sequential/Knowledge/Time-aware are check-mark flags: left out.
"""
import csv, os, re, sys

def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]

def main(set_dir):
    path = os.path.join(set_dir, "raw/docs/demo_scripts_results/README.md")
    lines = open(path, encoding="utf-8").read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("| Model"))
    header = cells(lines[start])
    assert header[:3] == ["Model", "HR@5", "NDCG@5"], header
    out = []
    for l in lines[start + 2:]:
        if not l.startswith("|"):
            break
        c = cells(l)
        model = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", c[0]).strip()
        for j in (1, 2):
            out.append((model, header[j], header[j], c[j], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

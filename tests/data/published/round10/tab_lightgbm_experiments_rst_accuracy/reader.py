"""Independent reader for microsoft/LightGBM docs/Experiments.rst, "Comparison Experiment" →
"Result" → "Accuracy" grid table (stdlib only).

| Data | Metric | xgboost | xgboost\\_hist | LightGBM |  -- rows: (data set, metric); the Data cell spans
the NDCG rows of Yahoo LTR and MS LTR (blank in continuation rows). Metrics AUC and NDCG@k: higher
is better. RST markup removed: "xgboost\\_hist" -> "xgboost_hist", "NDCG\\ :sub:`1`" -> "NDCG1",
"**x**" -> x. Task = "<Data> <Metric>". Speed and Memory tables are other boards, not read.
"""
import csv, os, re, sys

def rst(s):
    s = s.strip().replace("**", "")
    s = re.sub(r"\\ :sub:`([^`]*)`", r"\1", s)
    s = s.replace("\\_", "_")
    return s.strip()

def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/docs/Experiments.rst"), encoding="utf-8").read().split("\n")
    i = lines.index("Accuracy")
    assert set(lines[i + 1]) == {"'"}
    while not lines[i].startswith("| Data"):
        i += 1
    header = [rst(c) for c in lines[i].strip().strip("|").split("|")]
    assert header[:2] == ["Data", "Metric"], header
    models = header[2:]
    out, data = [], None
    j = i + 1
    while j < len(lines) and lines[j].startswith(("|", "+")):
        l = lines[j]
        j += 1
        if not l.startswith("|"):
            continue
        # continuation rows look like "|           +------..." on the separator lines; skip those
        body = l.strip()
        if "+---" in body or "+===" in body:
            continue
        parts = [rst(c) for c in body.strip("|").split("|")]
        if parts[0]:
            data = parts[0]
        metric = parts[1]
        for model, v in zip(models, parts[2:]):
            float(v)
            out.append((model, "%s %s" % (data, metric), metric, v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

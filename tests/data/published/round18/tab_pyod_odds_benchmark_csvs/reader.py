"""Independent reader for pyod docs/tables/{roc,prc,time}.csv -> expected.csv (stdlib only).
Rows are ODDS datasets, columns 5.. are detectors; columns 2-4 (#Samples, # Dimensions,
Outlier Perc) are dataset metadata and are not scores."""
import csv, os
here = os.path.dirname(os.path.abspath(__file__))
files = [("roc.csv", "ROC", "true"), ("prc.csv", "P@N", "true"), ("time.csv", "time_s", "false")]
meta = {"Data", "#Samples", "# Dimensions", "Outlier Perc"}
rows = []
for fname, metric, hib in files:
    with open(os.path.join(here, "raw", "docs", "tables", fname), newline="", encoding="utf-8") as f:
        r = list(csv.reader(f))
    head = r[0]
    for line in r[1:]:
        if not line:
            continue
        ds = line[0]
        for col, cell in zip(head, line):
            if col in meta:
                continue
            rows.append((col, f"{ds} ({metric})", metric, cell.strip(), hib))
with open(os.path.join(here, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows")

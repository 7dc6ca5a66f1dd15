"""Independent reader for open-compass/GTA docs/static/csv/gta.csv (stdlib only).

CSV (CRLF line ends), header:
  Model,InstAcc,ToolAcc,ArgAcc,SummAcc,P_F1,O_F1,L_F1,C_F1,AnsAcc,link,opensourced
One row per model. Tasks = the nine metric columns (accuracies / F1 in percent, higher is better;
none is computed from the others). link (URL) and opensourced (TRUE/FALSE) are not scores.
"""
import csv, os, sys

TASKS = ["InstAcc", "ToolAcc", "ArgAcc", "SummAcc", "P_F1", "O_F1", "L_F1", "C_F1", "AnsAcc"]

def main(set_dir):
    with open(os.path.join(set_dir, "raw/docs/static/csv/gta.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0].keys()) == ["Model"] + TASKS + ["link", "opensourced"], list(rows[0])
    out = []
    for r in rows:
        for t in TASKS:
            float(r[t])
            out.append((r["Model"].strip(), t, t, r[t].strip(), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for OATML-Markslab/ProteinGym
benchmarks/DMS_zero_shot/substitutions/Spearman/DMS_substitutions_Spearman_DMS_level.csv (stdlib only).

Transposed layout: one row per DMS assay ('DMS ID' = task), one column per zero-shot model;
the last five columns are assay metadata, not models ('Number of Mutants' is a count, the
others are text). Score = Spearman's rho between model score and DMS_score (higher is better);
empty cells (model not scored on that assay) are holes.
"""
import csv, os, sys

PATH = "raw/benchmarks/DMS_zero_shot/substitutions/Spearman/DMS_substitutions_Spearman_DMS_level.csv"
NOT_MODELS = {"DMS ID", "Number of Mutants", "Selection Type", "UniProt ID", "MSA_Neff_L_category", "Taxon"}


def main(set_dir):
    with open(os.path.join(set_dir, PATH), newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    assert header[0] == "DMS ID"
    models = [(i, h) for i, h in enumerate(header) if h not in NOT_MODELS]
    out = []
    for r in rows[1:]:
        task = r[0]
        for i, m in models:
            v = r[i].strip()
            if v == "":
                continue
            float(v)
            out.append((m, task, "Spearman", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({r[0] for r in out}), "models", len({r[1] for r in out}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

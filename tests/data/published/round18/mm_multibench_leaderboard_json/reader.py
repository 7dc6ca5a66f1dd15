"""Independent reader for OpenDFM/MULTI-Benchmark docs/leaderboard.json (stdlib only).

{"data": [ {Model, Creator, Version, Url, VersionUrl, Date, "# Paras", Form, Modality,
            "MULTI": {Overall, Education{JuH,SeH,Uni,Driv,AAT}, Image{NI,SI,MI}, Type{SA,MA,MAAcc,FB,OP}},
            "MULTI-Elite": {same, Type without OP}} , ... ]}
One entry per system (97, incl. the reference rows random / most / expert). '-' = not evaluated.
Kept: every leaf score under MULTI and MULTI-Elite, task = "<benchmark>/<group>/<leaf>"
(e.g. "MULTI-Elite/Image/SI"); metric "accuracy" for MAAcc (strict accuracy on multiple-answer
questions) and "score" for the rest (percentage points, partial credit for MA/FB, ROUGE-L for OP).
All higher is better. Left out: each benchmark's "Overall" (the score over all questions, which each
of the three groups partitions: an aggregate of the leaves), and the metadata fields.
"""
import csv
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "docs", "leaderboard.json")


def main():
    data = json.load(open(SRC, encoding="utf-8"))["data"]
    out = []
    for row in data:
        model = row["Model"]
        for bench in ("MULTI", "MULTI-Elite"):
            block = row[bench]
            for group in ("Education", "Image", "Type"):
                for leaf, val in block[group].items():
                    if val == "-" or val is None:
                        continue
                    assert isinstance(val, (int, float)), (model, bench, leaf, val)
                    metric = "accuracy" if leaf == "MAAcc" else "score"
                    out.append((model, f"{bench}/{group}/{leaf}", metric, repr(val), "true"))
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows;", len({r[0] for r in out}), "models;", len({r[1] for r in out}), "tasks")


if __name__ == "__main__":
    main()

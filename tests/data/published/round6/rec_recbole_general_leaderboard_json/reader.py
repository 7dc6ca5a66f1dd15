#!/usr/bin/env python3
"""Independent reader (standard library only) for rec_recbole_general_leaderboard_json.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/benchmark/js/leaderboard/<dataset>_general.json (RecBole website leaderboard data), each
{"data": [{"year", "pub", "model", "model_link", "ref_code", "hyper_md", "recall10", "mrr10", "ndcg10",
"hit10", "precision10", "parameters", "flops", "train_time", "eval_time", "train_gpu_memory",
"eval_gpu_memory", "contributor", "contributor_email", "tester"}, ...]}.
model = "model"; task = the dataset, the file name without "_general.json"/".json" suffix is kept whole as
the file stem (ml-1m_general, amazon-books_general, yelp_general); metrics = the five evaluation metrics
("Evaluation metric: Recall@10, NGCG@10, MRR@10, Hit@10, Precision@10"), values are the test results of the
best hyper-parameters, strings as published; all higher is better (top-k ranking metrics; "valid_score_bigger":
True in the linked hyper-parameter logs).
Not scores: year, pub, links, parameters ("586,112"), flops, train/eval time, GPU memory, contributor, tester.
"""
import csv
import json
import os
import sys

METRICS = ["recall10", "mrr10", "ndcg10", "hit10", "precision10"]


def main(set_dir):
    folder = os.path.join(set_dir, "raw", "benchmark", "js", "leaderboard")
    rows = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        task = name[: -len(".json")]
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            data = json.load(f)["data"]
        for rec in data:
            for m in METRICS:
                v = rec.get(m)
                if v is None or str(v).strip() == "":
                    continue
                rows.append((rec["model"], f"{task}/{m}", m, v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

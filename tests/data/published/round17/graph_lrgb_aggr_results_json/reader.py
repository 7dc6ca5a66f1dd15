"""Independent reader for vijaydwivedi75/lrgb aggr_results/*.json (stdlib only).

Each file is a list of records written by aggr_results/gather_results.py:
  {"Dataset", "Config", "Split": train|val|test, "score-<kw>": mean, "score-<kw>_std": std, ...}
where <kw> are the keys of GraphGym's aggregated best.json (quality metrics plus epoch,
params, time_epoch, time_iter). Only Split == "test" is read. Not read: *_std (spread over
seeds), epoch (best epoch), params (model size), time_epoch / time_iter (run time).
Model = the config's model part (the token after "<Dataset>-", e.g. "GatedGCN+RWSE") with
"-500k" appended when the config carries the ~500k-parameter budget tag; task = Dataset.
Scores kept as written in the JSON.
"""
import csv
import glob
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = {"epoch", "params", "time_epoch", "time_iter"}
HIGHER = {"accuracy", "ap", "auc", "f1", "precision", "recall", "hits@1", "hits@3",
          "hits@10", "mrr", "r2", "spearmanr"}
LOWER = {"mae", "mse", "rmse"}


def model_name(dataset, config):
    assert config.startswith(dataset + "-"), config
    rest = config[len(dataset) + 1:]
    name = rest.split("-")[0]
    return name + "-500k" if "-500k-" in config else name


def main():
    out, seen = [], set()
    for path in sorted(glob.glob(os.path.join(HERE, "raw", "aggr_results", "*.json"))):
        with open(path, encoding="utf-8") as f:
            records = json.load(f, parse_float=str, parse_int=str)
        for r in records:
            if r["Split"] != "test":
                continue
            model = model_name(r["Dataset"], r["Config"])
            assert (model, r["Dataset"]) not in seen, (model, r["Dataset"])
            seen.add((model, r["Dataset"]))
            for key, val in r.items():
                if not key.startswith("score-") or key.endswith("_std"):
                    continue
                kw = key[len("score-"):]
                if kw in SKIP:
                    continue
                hib = "true" if kw in HIGHER else "false" if kw in LOWER else None
                assert hib, kw
                float(val)
                out.append([model, r["Dataset"], kw, val, hib])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

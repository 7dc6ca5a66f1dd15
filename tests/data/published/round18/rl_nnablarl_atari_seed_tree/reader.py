"""Independent reader for sony/nnabla-rl reproduction results (Atari, 8 algorithms x 5 games) @d6c9999, stdlib only.

Folder layout (raw/reproductions/algorithms/atari/):
  <algorithm>/reproduction_results/<Game>NoFrameskip-v4_results/
      evaluation_result_average_scalar.tsv      iteration, mean, std_dev, min, max, median  (mean over 3 seeds,
                                                one row per evaluation every 250K steps)
      seed-<s>/best_score_scalar.tsv            one row: best_mean_iteration, mean, std_dev, best_median_iteration, median
      (munchausen_iqn only) compile_results/seed-10, seed-100/best_score_scalar.tsv  byte-identical copies
The READMEs' "nnabla_rl best mean score" for each game is the maximum of the `mean` column of
evaluation_result_average_scalar.tsv (checked against all 8 READMEs), so:
  system = algorithm folder, task = game (folder name without 'NoFrameskip-v4_results'),
  score = max over iterations of the seed-averaged mean evaluation return (higher is better).
Per-seed best_score files are the same runs seen seed by seed; not rows of their own.
"""
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "raw", "reproductions", "algorithms", "atari")


def main():
    out = []
    for algo in sorted(os.listdir(ROOT)):
        res = os.path.join(ROOT, algo, "reproduction_results")
        for envdir in sorted(os.listdir(res)):
            path = os.path.join(res, envdir, "evaluation_result_average_scalar.tsv")
            if not os.path.isfile(path):
                continue
            with open(path, encoding="utf-8") as f:
                rows = list(csv.DictReader(f, delimiter="\t"))
            best = max(rows, key=lambda r: float(r["mean"]))
            game = envdir.replace("NoFrameskip-v4_results", "")
            out.append([algo, game, "best mean evaluation return (max over iterations of 3-seed mean)", best["mean"], "true"])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

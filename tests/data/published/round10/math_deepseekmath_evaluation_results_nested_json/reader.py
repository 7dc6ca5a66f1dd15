"""Independent reader for deepseek-ai/DeepSeek-Math evaluation/evaluation_results.json (stdlib only).

Layout (written by evaluation/summarize_results.py): {model: {dataset: {"cot"|"tool": {"accuracy",
["program_accuracy"], "n_samples"}}}}. A mode that was not run holds only {"n_samples": 0} -> no cell.
Task = dataset + " / " + mode. Score = "accuracy" (final-answer accuracy, fraction 0-1), higher is better.
"program_accuracy" (accuracy of the program's output, tool mode only) is a secondary metric, left out.
miniF2F-Isabelle-* entries are left out: their accuracy comes from eval_minif2f_isabelle(), which
`return True` for every item (the real proof check needs --eval-atp and an Isabelle server).
"""
import csv, json, os, sys


def main(set_dir):
    d = json.load(open(os.path.join(set_dir, "raw/evaluation/evaluation_results.json"), encoding="utf-8"))
    out = []
    for model, datasets in d.items():
        for dataset, modes in datasets.items():
            for mode, m in modes.items():
                if "accuracy" not in m:
                    assert m["n_samples"] == 0, m
                    continue
                if "minif2f" in dataset.lower() and "isabelle" in dataset.lower():
                    assert m["accuracy"] == 1.0
                    continue
                out.append((model, f"{dataset} / {mode}", "accuracy", repr(m["accuracy"]), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    models = list(dict.fromkeys(o[0] for o in out))
    tasks = list(dict.fromkeys(o[1] for o in out))
    print(len(models), "models,", len(tasks), "tasks,", len(out), "rows")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

#!/usr/bin/env python3
"""Independent reader (standard library only) for bigcode-evaluation-harness metric files committed in
stovecat/bigcode-evaluation-harness at 6c699f7 (results/<generations name>/humaneval/*.json).

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules (quoted in notes.md):
* A metric file is {<task>: {"pass@1", "pass@10", "pass@100"}, "config": {...}} (main.py:
  results[task] = evaluator.evaluate(task); results["config"] = vars(args); json.dump(results, f, indent=2)).
* Model = the folder under results/ (the generations evaluated: config.load_generations_path
  /app/<name>/generations.json); config.model is "bigcode/santacoder" in every file, only the tokenizer
  used to re-evaluate loaded generations, not the model that wrote them.
* eval_v3.json = the task's own tests; eval_custom_<k>.json = the same generations run against the custom
  test suite config.custom_test (multiple_java-testcase_<k>.pkl): another test set, so another task.
* Metrics pass@1, pass@10, pass@100 (unbiased pass@k over n_samples=200), all higher is better; each
  (task, metric) is one column. Files that are not metric files (no "config" key: the test-case dump
  humaneval_java-testcase.json) are skipped.
"""
import csv, json, os, sys


def main(set_dir):
    base = os.path.join(set_dir, "raw", "results")
    rows = []
    for model in sorted(os.listdir(base)):
        d = os.path.join(base, model, "humaneval")
        for fn in sorted(os.listdir(d), key=lambda f: (f != "eval_v3.json", f)):
            doc = json.load(open(os.path.join(d, fn), encoding="utf-8"))
            if not isinstance(doc, dict) or "config" not in doc:
                continue
            custom = doc["config"].get("custom_test")
            for task, res in doc.items():
                if task == "config":
                    continue
                name = task if not custom else f"{task} custom_test={os.path.basename(custom)}"
                for metric, v in res.items():
                    rows.append([model, f"{name} {metric}", metric, repr(v), "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

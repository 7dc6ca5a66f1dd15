"""Independent reader for EvalScope report JSON files
(modenicheng/llm_eval_evalscope, data_process/eval_result/reports/<model>/<dataset>.json).
Standard library only. Writes expected.csv.

Report layout (EvalScope): {"name": "<model>@<dataset>", "dataset_name", "model_name", "score",
"metrics": [{"name", "num", "score", "macro_score",
             "categories": [{"name": ["default"], "num", "score", "macro_score",
                             "subsets": [{"name", "score", "num"}, ...]}]}]}

Reading (see notes.md):
  * model = the FOLDER name (the JSON "model_name" is "deepseek-reasoner" in three different folders);
  * per metric: every subset score -> task "<dataset>:<subset> [<metric>]"; when the only subset is
    "default", the subset is the whole dataset -> task "<dataset> [<metric>]"; when there are several
    subsets, the metric-level score (EvalScope micro mean over subsets) is also kept as "<dataset> [<metric>]";
  * left out: top-level "score" (= metrics[0].score), category-level score (single "default" category,
    equal to the metric score) and all macro_score values (unweighted mean over subsets);
  * direction: mean_is_incorrect -> false; mean_is_not_attempted -> unknown; everything else -> true.
Scores copied as written (JSON number text).
"""
import csv, glob, json, os

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.join(HERE, "raw", "data_process", "eval_result", "reports")


def direction(metric):
    if metric == "mean_is_incorrect":
        return "false"
    if metric == "mean_is_not_attempted":
        return "unknown"
    return "true"


rows = []
for model_dir in sorted(glob.glob(os.path.join(BASE, "*"))):
    model = os.path.basename(model_dir)
    for path in sorted(glob.glob(os.path.join(model_dir, "*.json"))):
        rep = json.load(open(path, encoding="utf-8"), parse_float=str, parse_int=str)
        ds = rep["dataset_name"]
        for m in rep["metrics"]:
            mname = m["name"]
            hib = direction(mname)
            subsets = [s for c in m["categories"] for s in c["subsets"]]
            if len(subsets) == 1 and subsets[0]["name"] == "default":
                rows.append([model, f"{ds} [{mname}]", mname, subsets[0]["score"], hib])
                continue
            rows.append([model, f"{ds} [{mname}]", mname, m["score"], hib])
            for s in subsets:
                rows.append([model, f"{ds}:{s['name']} [{mname}]", mname, s["score"], hib])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks")

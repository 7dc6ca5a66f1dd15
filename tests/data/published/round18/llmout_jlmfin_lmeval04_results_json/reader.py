"""Independent reader for lm-evaluation-harness 0.4 result files
(pfnet-research/japanese-lm-fin-harness, models/<org>/<model>/result-default.json). Standard library only.
Writes expected.csv next to this file.

Reading (see notes.md):
  * system = "<org>/<model>" from the folder path (every file is called result-default.json; the same name is in
    config.model_args "pretrained=...");
  * one task per (lm-eval task, metric): "<task> [<metric>]" for every key "<metric>,<filter>" of results[<task>]
    that is not a "*_stderr" key and not "alias" (filter is always "none" here and is dropped);
  * direction from the file's own configs[<task>].metric_list[].higher_is_better (all true here);
  * not scores: *_stderr (standard errors, some "N/A"), alias, versions, n-shot, config, dates, env info.
Scores copied as written (JSON number text).
"""
import csv, glob, json, os

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.join(HERE, "raw", "models")

rows = []
for path in sorted(glob.glob(os.path.join(BASE, "*", "*", "result-default.json"))):
    org, model = path.split(os.sep)[-3:-1]
    name = f"{org}/{model}"
    d = json.load(open(path, encoding="utf-8"), parse_float=str, parse_int=str)
    assert f"pretrained={name}," in d["config"]["model_args"] + ",", (name, d["config"]["model_args"])
    for task in sorted(d["results"]):
        hib = {m["metric"]: m.get("higher_is_better") for m in d["configs"][task]["metric_list"]}
        for key, val in d["results"][task].items():
            if key == "alias" or "_stderr" in key:
                continue
            metric, filt = key.split(",", 1)
            assert filt == "none", key
            h = hib.get(metric)
            rows.append([name, f"{task} [{metric}]", metric, val,
                         "true" if h is True else "false" if h is False else "unknown"])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks",
      "| directions:", sorted({r[4] for r in rows}))

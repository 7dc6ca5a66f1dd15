#!/usr/bin/env python3
"""Independent reader (standard library only) for inspect_starsim_agent_timelimit.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

The raw files are inspect-ai `.eval` logs (zip archives) of the task starsim_agent_benchmark.
Every log's eval.model is "none/none": the solver sends each problem to an A2A agent server,
and which agent was rated is the task argument agent_url (port 9100: agent without plugin,
9101: agent with the Starsim plugin, docker-compose.yml at the same time).

Reading defined by the source (starsimhub/scipy2026_starsim_ai @ cd2207d,
analysis/eval_performance.py, "Figure 1: Pass rate vs. allowed time to solve per problem for
agent benchmark"):
    df_task = df_task[np.logical_not(df_task['task_arg_with_background'])]
    df_task = df_task.rename(columns={'task_arg_agent_url': 'w/ Plugin', 'task_arg_request_timeout': 'Time limit'})
    sns.barplot(x='Time limit', y='score_headline_value', data=df_task, ax=ax, hue='w/ Plugin')
so: contestants = task_args.agent_url, tasks = task_args.request_timeout (the time limit),
logs with with_background=True are left out, score = inspect's headline (results.scores[0]'s
first metric: `mean` of agent_scorer), higher is better ("Pass rate").
"""
import csv
import json
import os
import sys
import zipfile


def main(set_dir):
    rows, seen = [], set()
    for dirpath, _, files in os.walk(os.path.join(set_dir, "raw")):
        for fn in sorted(files):
            if not fn.endswith(".eval"):
                continue
            with zipfile.ZipFile(os.path.join(dirpath, fn)) as z:
                h = json.loads(z.read("header.json"))
            if h["status"] != "success":
                raise SystemExit("%s: status %r" % (fn, h["status"]))
            ev = h["eval"]
            args = ev["task_args"]
            if ev["task"] != "starsim_agent_benchmark" or args["with_background"]:
                continue  # Figure 1 keeps with_background == False only
            model = args["agent_url"]
            task = "starsim_agent_benchmark(request_timeout=%d)" % args["request_timeout"]
            first = h["results"]["scores"][0]
            metric, m = next(iter(first["metrics"].items()))
            if (model, task) in seen:
                raise SystemExit("duplicate %r" % ((model, task),))
            seen.add((model, task))
            rows.append((model, task, first["name"] + "/" + metric, m["value"], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for r in sorted(rows):
            w.writerow([r[0], r[1], r[2], repr(float(r[3])), r[4]])
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])

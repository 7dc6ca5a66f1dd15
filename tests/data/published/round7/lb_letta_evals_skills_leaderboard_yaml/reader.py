"""Independent reader for letta-evals letta-leaderboard/leaderboard_skill_results.yaml (stdlib only).

The YAML is simple enough to read line by line: a `metrics:` mapping (metric key -> name,
description) and a `results:` list of flat mappings. As on the leaderboard site
(leaderboard-chart.liquid), every key of a result other than `model`, `average` and
`total_cost` is a metric column; `average` ("Overall average score across all evaluation
metrics") is an aggregate and is left out. Scores are rubric scores, sorted descending on
the site (sort_by_score_then_cost: scoreB - scoreA) -> higher is better.
"""
import csv, os, re, sys

NOT_TASKS = {"model", "average", "total_cost"}

def main(set_dir):
    path = os.path.join(set_dir, "raw/letta-leaderboard/leaderboard_skill_results.yaml")
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    section, metric_names, results, cur_metric = None, {}, [], None
    for line in lines:
        if not line.strip():
            continue
        if not line.startswith(" ") and not line.startswith("-"):
            section = line.split(":", 1)[0]
            continue
        if section == "metrics":
            m = re.match(r"^  (\S+):\s*$", line)
            if m:
                cur_metric = m.group(1)
                continue
            m = re.match(r"^    name:\s*(.+)$", line)
            if m:
                metric_names[cur_metric] = m.group(1).strip()
        elif section == "results":
            m = re.match(r"^(- |  )(\w+):\s*(.*)$", line)
            assert m, line
            if m.group(1) == "- ":
                results.append({})
            results[-1][m.group(2)] = m.group(3).strip()
    out = []
    for r in results:
        model = r["model"]
        for k, v in r.items():
            if k in NOT_TASKS:
                continue
            assert k in metric_names, k
            float(v)
            out.append((model, k, metric_names[k], v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len(results), "models")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Independent reader for sci_chemeleon_polaris_results (stdlib only).

Reading: folder analysis/polaris_results holds one Markdown report per model
(model = file stem; the H1 titles are unreliable, e.g. CheMeleon.md is titled
"ChemProp Baseline Results"). Each report has five "## Random Seed N"
sections. Inside a seed section, every "### `benchmark`" heading is a task
with a table of several metrics, and a final "### Summary" code block
`results_dict = {benchmark: score}` gives the one headline score per task for
that seed (the Polaris/TDC main metric). This is exactly what the repository's
own analysis (analysis/hsd.ipynb) reads: results_dict values per model,
benchmark and seed, compared by their mean.

Expected board: model x benchmark, score = arithmetic mean over the 5 seeds of
the results_dict value; metric = name of the table metric equal to the
results_dict value (checked in every seed); mean_squared_error and
mean_absolute_error are lower-is-better, all others higher-is-better.
"Global PCA Details" sections (PCA_MLP*) are preprocessing notes, not results.
"""
import ast, csv, os, re, sys

LOWER = {"mean_squared_error", "mean_absolute_error"}

def parse(path):
    text = open(path, encoding="utf-8").read()
    seeds = re.split(r"^## Random Seed (\d+)\s*$", text, flags=re.M)
    # seeds = [preamble, seed1, body1, seed2, body2, ...]
    out = []
    for i in range(1, len(seeds), 2):
        seed, body = seeds[i], seeds[i + 1]
        tables = {}
        cur = None
        for l in body.splitlines():
            m = re.match(r"^### `(.+)`\s*$", l)
            if m:
                cur = m.group(1)
                tables[cur] = {}
                continue
            if l.startswith("### "):
                cur = None
                continue
            s = l.strip()
            if cur and s.startswith("|"):
                cells = [c.strip() for c in s.strip("|").split("|")]
                if len(cells) == 5 and cells[3] not in ("Metric",) and not cells[3].startswith(":") and not cells[3].startswith("-"):
                    tables[cur][cells[3]] = float(cells[4])
        m = re.search(r"results_dict\s*=\s*(\{.*?\})", body, re.S)
        summary = ast.literal_eval(m.group(1))
        out.append((seed, tables, summary))
    return out

def main(set_dir):
    folder = os.path.join(set_dir, "raw", "analysis", "polaris_results")
    rows = []
    for fn in sorted(os.listdir(folder)):
        if not fn.endswith(".md"):
            continue
        model = fn[:-3]
        runs = parse(os.path.join(folder, fn))
        assert len(runs) == 5, (fn, len(runs))
        tasks = list(runs[0][2].keys())
        for task in tasks:
            vals, metrics = [], set()
            for seed, tables, summary in runs:
                v = summary[task]
                vals.append(v)
                hits = [k for k, x in tables[task].items() if abs(x - v) <= 1e-5 * max(1.0, abs(v))]
                assert hits, (model, seed, task, v, tables[task])
                # several metrics may coincide by value (e.g. f1=0=mcc); keep the candidates
                metrics.add(tuple(sorted(hits)))
            cand = set.intersection(*[set(h) for h in metrics])
            rows.append([model, task, cand, sum(vals) / len(vals)])
    # resolve the metric per task consistently across models
    by_task = {}
    for model, task, cand, _ in rows:
        by_task.setdefault(task, []).append(cand)
    task_metric = {}
    for task, cands in by_task.items():
        common = set.intersection(*cands)
        assert len(common) == 1, (task, common)
        task_metric[task] = common.pop()
    out = []
    for model, task, _, mean in rows:
        metric = task_metric[task]
        out.append((model, task, metric, repr(mean), "false" if metric in LOWER else "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(f"{len(out)} rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

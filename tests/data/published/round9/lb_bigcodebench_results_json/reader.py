"""Independent reader for bigcode-project/bigcodebench analysis/results.json (stdlib only).

{"<model name>": {"link": url, "open-data": "Full"/"Partial"/"None", "pass@1": {"instruct": x|null,
 "complete": y}, "prompted": bool, "size": number|null, "lazy": bool}, ...}
Tasks: the two pass@1 entries, BigCodeBench-Complete ("complete") and BigCodeBench-Instruct
("instruct"): percent of the 1,140 tasks passed (analysis/get_results.py: round(mean(status)*100, 1)),
higher is better. null = not evaluated (base models have no instruct run): no cell.
link, open-data, prompted, size, lazy are model descriptors / flags, not results.
"""
import csv, json, os, sys

def main(set_dir):
    with open(os.path.join(set_dir, "raw/analysis/results.json"), encoding="utf-8") as f:
        data = json.load(f)
    out = []
    for model, info in data.items():
        assert set(info) == {"link", "open-data", "pass@1", "prompted", "size", "lazy"}, info
        p = info["pass@1"]
        assert set(p) == {"complete", "instruct"}, p
        for task in ("complete", "instruct"):
            v = p[task]
            if v is None:
                continue
            out.append((model.strip(), task, "pass@1 (%)", repr(v) if isinstance(v, float) else str(v), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

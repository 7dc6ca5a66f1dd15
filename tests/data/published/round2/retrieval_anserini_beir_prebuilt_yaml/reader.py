#!/usr/bin/env python3
"""Independent reader (stdlib only) for an Anserini prebuilt-index reproduction config
(src/main/resources/reproduce/from-prebuilt-indexes/configs/*.yaml).

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source rules (quoted in notes.md):
  * `conditions:` is a list; each condition's `name` is the system (the model).
  * each condition has `topics:`, a list of {topic_key, eval_key, expected_scores, metric_definitions};
    `expected_scores` maps a metric name to the score the condition gets on that topic set
    (ReproduceFromPrebuiltIndexes.renderSummaryTable prints rows condition, topic, metric, expected).
  * every metric here is a trec_eval effectiveness measure (ndcg_cut, map, recall, recip_rank): higher is better.
  * a task is one (topic_key, metric) pair; where a config has a single metric the task is the topic_key alone.
  * `metric_definitions` (trec_eval flags), `display`, `short_name`, `command`, `eval_key` are not scores.
A small line-based reader of exactly this YAML shape (keys, not indentation, drive it: the
configs mix `topics:` lists indented by 4 and by 6 spaces).
"""
import csv, glob, os, re, sys

KEY = re.compile(r"^(\s*)(-\s+)?([A-Za-z0-9_@.]+):\s*(.*?)\s*$")


def parse(path):
    rows, cond, topic, in_scores, scores_indent = [], None, None, False, None
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            m = KEY.match(line)
            if not m:
                continue
            indent = len(m.group(1)) + (len(m.group(2)) if m.group(2) else 0)
            key, value = m.group(3), m.group(4)
            if in_scores:
                if indent > scores_indent:
                    rows.append((cond, topic, key, value))
                    continue
                in_scores = False
            if m.group(2) and key == "name":
                cond, topic = value.strip('"'), None
            elif key == "topic_key":
                topic = value.strip('"')
            elif key == "expected_scores":
                in_scores, scores_indent = True, indent
    return rows


def main(set_dir):
    (path,) = glob.glob(os.path.join(set_dir, "raw", "src", "main", "resources", "reproduce",
                                     "from-prebuilt-indexes", "configs", "*.yaml"))
    rows = parse(path)
    metrics = {r[2] for r in rows}
    out = []
    for cond, topic, metric, value in rows:
        task = topic if len(metrics) == 1 else f"{topic}/{metric}"
        out.append((cond, task, metric, repr(float(value)), "true"))
    seen = set()
    for r in out:
        assert (r[0], r[1]) not in seen, r
        seen.add((r[0], r[1]))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(sorted(out))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

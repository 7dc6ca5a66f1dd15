#!/usr/bin/env python3
"""Independent reader (standard library only) for tooluse_bfcl_v4_overall_csv.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/data_overall.csv is the Berkeley Function Calling Leaderboard (BFCL v4) table the website
(gorilla.cs.berkeley.edu, gh-pages: index_main.js `./data_${datasetName}.csv`, `init("overall")`)
shows, written by bfcl_eval/eval_checker/eval_runner_helper.py (`data_combined.append([...])`,
`write_score_csv_file(..., sort_column_index=...)`).  Every accuracy is written as a percentage
("Convert numeric value to percentage format"), rows sorted descending by Overall Acc
(`data.sort(..., reverse=True)`): higher is better.

Reading: model = `Model` (display name with the calling mode, "(FC)" / "(Prompt)"); tasks = the
19 leaf accuracy columns (the four Non-Live AST kinds, the four Live kinds, the four Multi Turn
kinds, the two Web Search kinds, the three Memory kinds, Relevance Detection, Irrelevance
Detection); score = the percentage as published (number without "%"), higher is better.
Left out: Rank, Model Link, Total Cost ($), the three Latency columns, the aggregates (Overall
Acc = weighted [10, 10, 10, 30, 40] mean of non-live, live, irrelevance, multi-turn, agentic;
Non-Live AST Acc, Live Acc, Multi Turn Acc, Web Search Acc, Memory Acc: means of their leaves),
the two Format Sensitivity columns (a spread of accuracies across prompt formats, N/A for most
models) and Organization, License.
"""
import csv
import os
import sys

TASKS = [
    "Non-Live Simple AST", "Non-Live Multiple AST", "Non-Live Parallel AST",
    "Non-Live Parallel Multiple AST",
    "Live Simple AST", "Live Multiple AST", "Live Parallel AST", "Live Parallel Multiple AST",
    "Multi Turn Base", "Multi Turn Miss Func", "Multi Turn Miss Param", "Multi Turn Long Context",
    "Web Search Base", "Web Search No Snippet",
    "Memory KV", "Memory Vector", "Memory Recursive Summarization",
    "Relevance Detection", "Irrelevance Detection",
]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "data_overall.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    out, seen = [], set()
    for r in rows:
        model = r["Model"]
        if model in seen:
            raise SystemExit("duplicate %r" % model)
        seen.add(model)
        for t in TASKS:
            v = r[t].strip()
            if v in ("", "N/A"):
                continue
            assert v.endswith("%"), (model, t, v)
            out.append((model, t, "accuracy_percent", repr(float(v[:-1])), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models" % (len(out), len(seen)))


if __name__ == "__main__":
    main(sys.argv[1])

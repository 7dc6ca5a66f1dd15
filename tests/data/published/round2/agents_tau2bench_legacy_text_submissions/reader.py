#!/usr/bin/env python3
"""Independent reader (standard library only) for agents_tau2bench_legacy_text_submissions.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/web/leaderboard/public/submissions/<model>_<org>_<date>/submission.json are the 16 directories
that manifest.json (not kept) lists under "legacy_submissions": the text τ²-bench (core) entries the
site shows as "v1" rows.  Each file: "model_name", optional "submission_type" ('standard' by default,
or 'custom'), "results": {domain: {"pass_1".."pass_4", optional "cost"}} for retail/airline/telecom.

The site (web/leaderboard/src/components/Leaderboard.jsx) loads pass_1..pass_4 per domain,
ranks by the selected pass^k (default `selectedPassK` 1) in `sortDirection` 'desc' (higher is
better), and by default shows standard rows only ("custom rows aren't comparable to the rest of the
board, so they're opt-in").  schema.json: pass_k = "Pass^k success rate percentage"; cost =
"Average cost in USD to run one trajectory in this domain".

Reading: contestant = model_name (one submission each; no name repeats here); tasks = retail,
airline, telecom; score = pass_1 (percent), higher is better; the one custom submission
(toolorchestra_nvidia, Nemotron-Orchestrator-8B) is left out; pass_2..pass_4 and cost left out.
"""
import csv
import glob
import json
import os
import sys

DOMAINS = ["retail", "airline", "telecom"]


def main(set_dir):
    paths = sorted(glob.glob(os.path.join(set_dir, "raw", "web", "leaderboard", "public",
                                          "submissions", "*", "submission.json")))
    out, seen = [], set()
    for p in paths:
        with open(p, encoding="utf-8") as f:
            sub = json.load(f)
        if sub.get("submission_type", "standard") != "standard":
            continue
        model = sub["model_name"]
        if model in seen:
            raise SystemExit("duplicate %r" % model)
        seen.add(model)
        for d in DOMAINS:
            res = sub["results"].get(d)
            if not res or res.get("pass_1") is None:
                continue
            out.append((model, d, "pass^1", repr(float(res["pass_1"])), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models" % (len(out), len(seen)))


if __name__ == "__main__":
    main(sys.argv[1])

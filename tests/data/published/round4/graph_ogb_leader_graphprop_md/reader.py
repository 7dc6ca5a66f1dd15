#!/usr/bin/env python3
"""Independent reader (stdlib only) for graph_ogb_leader_graphprop_md.

usage: python reader.py SET_DIR [--table DATASET]

Source: snap-stanford/ogb-web _docs/leaderboard/leader_graphprop.md, written by update_leaderboard.py
process_submissions(): one table per dataset, one row per *submission*, sorted by test performance
("## from large to small" unless the metric is RMSE), bold Method = submission['Official'] == 'Official'.
The page is four separate leaderboards.  Keyed by the Method column (bold stripped), the ogbg-molhiv table has
five rows named "GIN" (four submitters, one of them twice) with different scores, so no single models x tasks board
exists: without --table this reader prints that evidence and writes no expected.csv (see expected_refusal.md).
With --table DATASET it writes SET_DIR/expected_<DATASET>.csv for that one table, keyed by Method + Contact.
"""
import collections
import csv
import os
import re
import sys


def tables(path):
    out, sec = collections.OrderedDict(), None
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            m = re.match(r"^### Leaderboard for \[([^\]]+)\]", line)
            if m:
                sec = m.group(1)
                out[sec] = {"rows": []}
                continue
            if sec is None or not line.startswith("|"):
                continue
            c = [x.strip() for x in line.strip().strip("|").split("|")]
            if c[0] == "Rank":
                out[sec]["header"] = c
            elif c[0].isdigit():
                method = c[1].strip("*").strip()
                contact = re.sub(r"\]\(mailto:[^)]*\)", "]", c[5]).strip("[]")
                test = c[3].split("±")[0].strip()
                out[sec]["rows"].append((method, contact, test))
    return out


def main():
    d = sys.argv[1].rstrip("/")
    t = tables(os.path.join(d, "raw", "_docs", "leaderboard", "leader_graphprop.md"))
    if "--table" in sys.argv:
        name = sys.argv[sys.argv.index("--table") + 1]
        metric = t[name]["header"][3]
        rows = [(f"{m} ({c})", name, metric, s, "true") for m, c, s in t[name]["rows"]]
        keys = [r[0] for r in rows]
        assert len(keys) == len(set(keys)), "duplicate Method + Contact"
        with open(os.path.join(d, f"expected_{name}.csv"), "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, lineterminator="\n")
            w.writerow(["model", "task", "metric", "score", "higher_is_better"])
            w.writerows(rows)
        print(name, len(rows), "rows")
        return
    for name, tab in t.items():
        counts = collections.Counter(m for m, _, _ in tab["rows"])
        dups = {m: [s for mm, _, s in tab["rows"] if mm == m] for m, k in counts.items() if k > 1}
        print(f"{name}: {len(tab['rows'])} submissions, metric {tab['header'][3]!r}; Method names on several rows: {dups}")
    names = collections.Counter(m for tab in t.values() for m in {m for m, _, _ in tab["rows"]})
    print(f"{len(names)} distinct Method names, {sum(1 for k in names.values() if k > 1)} in more than one table")


if __name__ == "__main__":
    main()

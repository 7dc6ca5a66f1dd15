#!/usr/bin/env python3
"""Independent reader (standard library only) for agents_tau2bench_submissions_folder.

usage: python reader.py SET_DIR

The right outcome for this set is a refusal (see expected_refusal.md): the folder holds the
τ²-bench (text core), τ³-Banking and τ³-Voice leaderboards, legacy and custom entries and two
example templates, which the source never rates together.  This script writes no expected.csv;
it prints the tracks it finds (from manifest.json and each submission's modality/domains) and
exits non-zero with the reason.
"""
import json
import os
import sys


def main(set_dir):
    base = os.path.join(set_dir, "raw", "web", "leaderboard", "public", "submissions")
    with open(os.path.join(base, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    listed = set()
    for group, dirs in manifest.items():
        listed.update(dirs)
        kinds = {}
        for d in dirs:
            with open(os.path.join(base, d, "submission.json"), encoding="utf-8") as f:
                sub = json.load(f)
            domains = tuple(sorted(k for k, v in sub["results"].items() if v))
            key = (sub.get("modality", "text"), sub.get("submission_type", "standard"), domains)
            kinds[key] = kinds.get(key, 0) + 1
        print(group)
        for key, n in sorted(kinds.items()):
            print("   %2d x modality=%s type=%s domains=%s" % (n, key[0], key[1], ",".join(key[2])))
    unlisted = sorted(d for d in os.listdir(base)
                      if os.path.isdir(os.path.join(base, d)) and d not in listed)
    print("not in manifest.json:", ", ".join(unlisted))
    raise SystemExit("refusal expected: three separate boards (text core, banking, voice) plus "
                     "legacy/custom/example entries; see expected_refusal.md")


if __name__ == "__main__":
    main(sys.argv[1])

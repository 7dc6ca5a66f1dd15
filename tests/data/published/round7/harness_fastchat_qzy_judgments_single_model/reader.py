"""Independent reader for the refusal set: checks that no model x task board exists.

Reads every *_single.jsonl under the input folder, drops score == -1 (FastChat's failed-parse sentinel),
and counts distinct evaluated models (field "model"). Fewer than two models -> no board: prints the
reason and writes no expected.csv (the expected outcome is expected_refusal.md).
"""
import json
import os
import sys

REL = os.path.join("raw", "fastchat", "llm_judge", "data", "mt_bench", "model_judgment")


def main(set_dir):
    models, judges, usable = set(), {}, 0
    folder = os.path.join(set_dir, REL)
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".jsonl"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                r = json.loads(line)
                judges.setdefault(r["judge"][0], [0, 0])[0] += 1
                if r["score"] == -1:
                    continue
                judges[r["judge"][0]][1] += 1
                usable += 1
                models.add(r["model"])
    print(f"evaluated models with a usable score: {sorted(models)}; usable judgments: {usable}")
    print("judge: [lines, usable]", judges)
    if len(models) < 2:
        print("REFUSE: fewer than two evaluated models -- no board (see expected_refusal.md)")
        return
    raise SystemExit("unexpected: more than one model; the refusal reading does not hold")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

"""Independent reader for LLM-Game-Benchmark leaderboard/leaderboard-data.json (stdlib only).

Expected outcome: refusal (see expected_refusal.md). This reader checks the structure that
makes it so -- every record is a match between two LLMs (first player vs second player) on a
game type and prompt type, and every number in it belongs to that pair -- and writes no
expected.csv.
"""
import collections, json, os, sys

def main(set_dir):
    rows = json.load(open(os.path.join(set_dir, "raw/leaderboard/leaderboard-data.json"), encoding="utf-8"))
    players = sorted({r["LLM1stPlayer"] for r in rows} | {r["LLM2ndPlayer"] for r in rows})
    keys = collections.Counter((r["GameType"], r["PromptType"], r["LLM1stPlayer"], r["LLM2ndPlayer"]) for r in rows)
    assert all(v == 1 for v in keys.values())
    assert all(r["LLM1stPlayer"] != r["LLM2ndPlayer"] for r in rows)
    for r in rows:  # every record is 5 games between the two players
        games = int(r["Wins-1st"]) + int(r["Wins-2nd"]) + int(r["Draws"]) \
            + int(r["Disqualifications-1st"]) + int(r["Disqualifications-2nd"])
        assert games == 5, r
    print(len(rows), "match records;", len(players), "players:", players)
    print("game types:", sorted({r["GameType"] for r in rows}), "prompt types:", sorted({r["PromptType"] for r in rows}))
    print("refusal: head-to-head match results, no per-model score on a shared task; no expected.csv written")
    stale = os.path.join(set_dir, "expected.csv")
    if os.path.exists(stale):
        os.remove(stale)

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

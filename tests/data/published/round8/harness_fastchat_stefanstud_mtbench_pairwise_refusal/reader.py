"""Independent reader for the refusal set harness_fastchat_stefanstud_mtbench_pairwise_refusal.

Reads the FastChat pairwise judgment log and checks the facts that make a model x task board
impossible: every row is a verdict between two models (model_1, model_2) with categorical winners
(g1_winner / g2_winner in {model_1, model_2, tie, error}); there is no per-model numeric score.
FastChat's own summary (show_result.py, display_result_pairwise) turns the log into one
win/loss/tie count per model over the whole benchmark -- a single column, and with only two models
the two rows are mirror images. Prints the reason; writes no expected.csv (see expected_refusal.md).
"""
import collections, json, os, sys

REL = os.path.join("raw", "fastchat", "llm_judge", "data", "mt_bench", "model_judgment", "gpt-4_pair.jsonl")


def main(set_dir):
    rows = []
    with open(os.path.join(set_dir, REL), encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rows.append(json.loads(line))
    pairs = collections.Counter((r["model_1"], r["model_2"]) for r in rows)
    verdicts = {r["g1_winner"] for r in rows} | {r["g2_winner"] for r in rows}
    numeric = [k for r in rows for k, v in r.items()
               if isinstance(v, (int, float)) and k not in ("question_id", "turn", "tstamp")]
    models = {m for p in pairs for m in p}
    # FastChat's pairwise summary (errors dropped, disagreeing orders counted as tie)
    res = collections.defaultdict(lambda: [0, 0, 0])
    for r in rows:
        if "error" in (r["g1_winner"], r["g2_winner"]):
            continue
        if r["g1_winner"] == "tie" or r["g1_winner"] != r["g2_winner"]:
            res[r["model_1"]][2] += 1
            res[r["model_2"]][2] += 1
        else:
            w, l = (r["model_1"], r["model_2"]) if r["g1_winner"] == "model_1" else (r["model_2"], r["model_1"])
            res[w][0] += 1
            res[l][1] += 1
    print(f"{len(rows)} pairwise verdicts, pairs {dict(pairs)}, verdict values {sorted(verdicts)}")
    print(f"numeric per-model score fields: {numeric or 'none'}")
    print("FastChat-style summary (win, loss, tie):", dict(res))
    print(f"REFUSAL: {len(models)} models, one pairing, categorical verdicts only -> no model x task board.")
    path = os.path.join(set_dir, "expected.csv")
    if os.path.exists(path):
        os.remove(path)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

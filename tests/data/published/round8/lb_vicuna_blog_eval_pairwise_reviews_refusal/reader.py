"""Independent reader for lm-sys/vicuna-blog-eval eval/table/review/ (stdlib only).

Expected outcome: refusal (see expected_refusal.md). This reader checks the structure that makes it
so -- every line is one GPT-4 review of two answers to one question, with a score pair
[score of answer 1, score of answer 2]; the models are named only by the file names
(review_<model1>_<model2>.jsonl); and the same answer gets different scores depending on which
answer it was paired with -- and writes no expected.csv.
"""
import collections, glob, json, os, re, sys

def main(set_dir):
    root = os.path.join(set_dir, "raw/eval/table/review")
    files = sorted(glob.glob(os.path.join(root, "**", "*.jsonl"), recursive=True))
    assert len(files) == 13, files
    scores_of_answer = collections.defaultdict(set)
    pairs = []
    n = 0
    for f in files:
        name = os.path.basename(f)
        m = re.fullmatch(r"review_(.+?)_(vicuna-.+|alpaca-13b)\.jsonl", name)
        assert m, name
        pairs.append((os.path.relpath(f, root), m.group(1), m.group(2)))
        qids = []
        for line in open(f, encoding="utf-8"):
            r = json.loads(line)
            assert set(r) == {"review_id", "question_id", "answer1_id", "answer2_id", "text",
                              "score", "reviewer_id", "metadata"}, r.keys()
            assert len(r["score"]) == 2
            scores_of_answer[r["answer1_id"]].add(float(r["score"][0]))
            scores_of_answer[r["answer2_id"]].add(float(r["score"][1]))
            qids.append(r["question_id"]); n += 1
        assert sorted(qids) == list(range(1, 81)), f
    multi = [a for a, s in scores_of_answer.items() if len(s) > 1]
    print(n, "pairwise reviews in", len(files), "files;", len(scores_of_answer), "distinct answers;",
          len(multi), "answers scored differently in different pairings")
    for p in pairs:
        print("  ", p)
    assert len(multi) > 300
    print("refusal: pairwise judge reviews (score pair per two answers), no per-model score on a "
          "shared task; no expected.csv written")
    stale = os.path.join(set_dir, "expected.csv")
    if os.path.exists(stale):
        os.remove(stale)

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

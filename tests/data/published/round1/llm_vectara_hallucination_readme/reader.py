#!/usr/bin/env python3
"""Independent reader (standard library only) for llm_vectara_hallucination_readme.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/README.md is the repository's README; the leaderboard is the Markdown pipe table between
`<!-- LEADERBOARD_START -->` and `<!-- LEADERBOARD_END -->`:
    |Model|Hallucination Rate|Factual Consistency Rate|Answer Rate|Average Summary Length (Words)|
Cells are percentages written "1.8 %".

Reading defined by the source (README "Methodology"): "We then computed the overall factual
consistency rate (no hallucinations) and hallucination rate (100 - accuracy) for each model." The
board is ordered by Hallucination Rate ascending; the plot is "top25_hallucination_rates".
* model = `Model`;
* score = `Hallucination Rate` (percent of summaries with a hallucination), LOWER is better;
* `Factual Consistency Rate` = 100 - Hallucination Rate: the same measurement (not a second task);
* `Answer Rate` = "the percentage of documents summarized" (refusals), and `Average Summary Length
  (Words)`: reported so the reader can check the models did not game the score, not scores.
Scores are written as published, without the "%" sign (1.8 for "1.8 %").
"""
import csv
import os
import sys


def main(set_dir):
    text = open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8").read()
    block = text.split("<!-- LEADERBOARD_START -->", 1)[1].split("<!-- LEADERBOARD_END -->", 1)[0]
    lines = [l.strip() for l in block.splitlines() if l.strip().startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    assert header[0] == "Model" and header[1] == "Hallucination Rate", header
    out, seen = [], set()
    for l in lines[2:]:  # lines[1] is the |----|----:| rule
        cells = [c.strip() for c in l.strip("|").split("|")]
        model, hr = cells[0], cells[1]
        assert hr.endswith("%"), hr
        if model in seen:
            raise SystemExit("duplicate %r" % model)
        seen.add(model)
        out.append((model, "hallucination_leaderboard", "Hallucination Rate", hr[:-1].strip(), "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows" % len(out))


if __name__ == "__main__":
    main(sys.argv[1])

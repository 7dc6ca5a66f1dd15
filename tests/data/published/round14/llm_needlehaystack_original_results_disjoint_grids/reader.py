"""Reader for llm_needlehaystack_original_results_disjoint_grids (refusal set).

gkamradt/LLMTest_NeedleInAHaystack original_results/: two separate needle-in-a-haystack analyses.
- OpenAI_Original_Results/*.json: JSON lists of {"token_limit", "depth_percent", "score"}; no model
  field (the README names the run "OpenAI's GPT-4-128K (Run 11/8/2023)"); 15 context lengths
  1000..128000 x 15 depths 0..100 (linear), some cells run twice.
- Anthropic_Original_Results/*.json: one record per file {"model": "claude-2.1", "context_length",
  "depth_percent", "version", "score", ...}; 35 lengths 1000..200000 x 35 depths (sigmoid spacing),
  some cells with a version-2 rerun.
The natural task of this test is one (context length, depth) cell. This reader checks that the two
grids share only 3 cells (1000 tokens at depth 0, 50 and 100) and that both models score the maximum
10 there in every record, so no board can separate the two models: refusal, no expected.csv.
"""

import glob
import json
import os
import sys


def main(set_dir):
    root = os.path.join(set_dir, "raw", "original_results")
    gpt = {}
    for path in sorted(glob.glob(os.path.join(root, "OpenAI_Original_Results", "*.json"))):
        with open(path, encoding="utf-8") as f:
            for rec in json.load(f):
                gpt.setdefault((rec["token_limit"], float(rec["depth_percent"])), []).append(rec["score"])
    claude = {}
    models = set()
    for path in glob.glob(os.path.join(root, "Anthropic_Original_Results", "*.json")):
        with open(path, encoding="utf-8") as f:
            rec = json.load(f)
        models.add(rec["model"])
        claude.setdefault((rec["context_length"], float(rec["depth_percent"])), []).append(rec["score"])
    common = sorted(set(gpt) & set(claude))
    print("OpenAI cells:", len(gpt), "records:", sum(map(len, gpt.values())),
          "lengths:", len({k[0] for k in gpt}), "depths:", len({k[1] for k in gpt}))
    print("Anthropic cells:", len(claude), "records:", sum(map(len, claude.values())), "models:", sorted(models),
          "lengths:", len({k[0] for k in claude}), "depths:", len({k[1] for k in claude}))
    print("shared cells:", [(k, gpt[k], claude[k]) for k in common])
    assert len(common) == 3 and all(set(gpt[k]) == {10} and set(claude[k]) == {10} for k in common)
    shared_lengths = {k[0] for k in gpt} & {k[0] for k in claude}
    print("shared context lengths:", sorted(shared_lengths))
    print("refusal: the two runs share 3 of 225 / 1225 cells, all scored 10 by both; expected.csv not written")
    out = os.path.join(set_dir, "expected.csv")
    if os.path.exists(out):
        os.remove(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

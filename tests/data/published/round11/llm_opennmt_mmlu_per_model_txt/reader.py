"""Independent reader for llm_opennmt_mmlu_per_model_txt.

One plain-text output file per model (the stdout of eval_llm/MMLU/run_mmlu_opennmt.py); the model is
the file name without ".txt". Each file holds 57 lines "ACC-<subject>: <accuracy>", then
"ACC-all: <accuracy>" (aggregate, left out) and "total run time <seconds>" (not a score).
Extra lines left out: "Llama Paper 7B: 35.1" style notes (a number quoted from a paper), and in
flan-T5-xl-3B.txt a second, separate run "Run with Hendrycks script on HuggingFace Checkpoint ..."
whose "Average accuracy X - <subject>" lines are a reference run with another script, not the
OpenNMT-py result the folder reports (they also contain sub-category and category averages).
Accuracy: higher is better.
"""
import csv
import os
import re
import sys

LINE = re.compile(r"^ACC-([A-Za-z_]+): ([0-9.]+)\s*$")


def main(set_dir):
    folder = os.path.join(set_dir, "raw", "eval_llm", "MMLU")
    rows = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".txt"):
            continue
        model = name[: -len(".txt")]
        seen = set()
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for line in f:
                if line.startswith("Run with Hendrycks script"):
                    break  # the second (reference) run in flan-T5-xl-3B.txt: not part of the board
                m = LINE.match(line)
                if not m:
                    continue
                subject, value = m.group(1), m.group(2)
                if subject == "all":  # ACC-all: accuracy pooled over all subjects (aggregate)
                    continue
                task = "ACC-" + subject
                assert task not in seen, (name, task)
                seen.add(task)
                rows.append((model, task, "accuracy", value, "true"))
        assert len(seen) == 57, (name, len(seen))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

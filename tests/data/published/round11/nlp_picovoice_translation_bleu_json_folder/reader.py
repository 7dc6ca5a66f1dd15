"""Independent reader for results/data/ of Picovoice/translation-benchmark.

Layout: results/data/<engine>/<source>-<target>/<test set>.json, one flat JSON object per file with
input_sentences, input_words, output_words, translate_duration, bleu, chrf, peak_memory.

Reading: model = engine folder (helsinki, zebra); task = "<language pair>/<test set>" (file stem);
score = "bleu" (the README: "The accuracy of the model is measured using `BLEU`."), higher is better.
chrf is a secondary quality number that the README's metrics section and the current plotting /
comparison script do not use; translate_duration, peak_memory and the word/sentence counts are
performance measurements and sizes. None of them is a task here.

    python reader.py SET_DIR   ->  SET_DIR/expected.csv
"""

import csv
import json
import os
import sys

SRC = os.path.join("raw", "results", "data")


def main(set_dir):
    root = os.path.join(set_dir, SRC)
    rows = []
    for engine in sorted(os.listdir(root)):
        edir = os.path.join(root, engine)
        if not os.path.isdir(edir):
            continue
        for pair in sorted(os.listdir(edir)):
            pdir = os.path.join(edir, pair)
            if not os.path.isdir(pdir):
                continue
            for fn in sorted(os.listdir(pdir)):
                if not fn.endswith(".json"):
                    continue
                with open(os.path.join(pdir, fn), encoding="utf-8") as f:
                    doc = json.load(f)
                task = f"{pair}/{fn[:-len('.json')]}"
                rows.append((engine, task, "BLEU", float(doc["bleu"]), True))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, metric, score, hib in rows:
            w.writerow([model, task, metric, repr(score), "true" if hib else "false"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

#!/usr/bin/env python3
"""Independent reader (stdlib only) for NeMo's ASR score tables, docs/source/asr/data/scores/en/*.csv.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source rules (quoted in notes.md): one CSV per model family, all with the same header; the
docs page (docs/source/asr/scores.rst, section "EN") shows them one under the other, so the board
is the union of their rows. 'Model Name' is the model (checkpoint, with a decoder/lookahead suffix
where one checkpoint is scored several ways), 'Language' is metadata, every other column is an
evaluation set whose cell is a word error rate in percent ('4.2 % WER', '1.77 %', '3.6' are all
percent), lower is better. Empty cell = not evaluated (no row).
"""
import csv, glob, os, sys


def pct(cell):
    s = cell.strip()
    if s.endswith("WER"):
        s = s[: -len("WER")].strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    return s


def main(set_dir):
    out = []
    seen = set()
    for path in sorted(glob.glob(os.path.join(set_dir, "raw", "docs", "source", "asr", "data", "scores", "en", "*.csv"))):
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
        for r in rows:
            model = r["Model Name"].strip()
            assert model not in seen, model
            seen.add(model)
            for col, cell in r.items():
                if col in ("Model Name", "Language") or cell is None or cell.strip() == "":
                    continue
                out.append((model, col, "WER", repr(float(pct(cell))), "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

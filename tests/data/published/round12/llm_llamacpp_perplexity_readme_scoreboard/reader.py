"""Independent reader for llm_llamacpp_perplexity_readme_scoreboard.

Reads the "LLaMA 3 8b Scoreboard" table of llama.cpp's examples/perplexity/README.md
(the main board of that file) and writes expected.csv.

Model = "<Quantization> / <imatrix>" (the two leading columns together identify a row;
q4_K_M appears with imatrix "None" and "WT 10m", q2_K with six imatrix settings, ...).
Tasks = the five quality metrics PPL, ΔPPL, KLD, Mean Δp, RMS Δp.
Left out: "Model size [GiB]" (a size, not a result).
Cells are "value ± uncertainty" (some with a trailing "%"): the score is the value before "±".
"""

import csv
import os
import re
import sys

DIRECTION = {  # metric -> higher_is_better
    "PPL": False,       # "lower values being better"
    "ΔPPL": False,      # quantized PPL minus FP16 PPL: quality loss
    "KLD": False,       # "a value of 0 indicating that the distribution are the same"
    "Mean Δp": True,    # "Positive values mean the model gets better at prediction"
    "RMS Δp": False,    # standard deviation of the quantization noise on token probabilities
}
SKIP = {"Model size [GiB]"}


def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "examples", "perplexity", "README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.strip() == "## LLaMA 3 8b Scoreboard")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("## "))
    # the results table is the one whose header starts with "Quantization"
    hdr = next(i for i in range(start, end) if lines[i].startswith("| Quantization"))
    header = cells(lines[hdr])
    rows = []
    i = hdr + 2  # skip the |---| line
    while i < end and lines[i].startswith("|"):
        rows.append(cells(lines[i]))
        i += 1
    out = []
    for r in rows:
        rec = dict(zip(header, r))
        model = f"{rec['Quantization']} / {rec['imatrix']}"
        for col in header[2:]:
            if col in SKIP:
                continue
            m = re.match(r"^\s*([-+]?\d+(?:\.\d+)?)", rec[col])
            if not m:
                continue
            out.append((model, col, col, m.group(1), "true" if DIRECTION[col] else "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(f"{len(rows)} models, {len(out)} cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

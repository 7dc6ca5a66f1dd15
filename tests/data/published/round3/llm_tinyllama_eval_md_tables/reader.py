#!/usr/bin/env python3
"""Independent reader (standard library only) for TinyLlama's EVAL.md (jzhang38/TinyLlama at bf12224).

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules (quoted in notes.md): three Markdown tables. Tables 1 (base models) and 2 (chat models) have the
header | Model | Pretrain Tokens | HellaSwag | Obqa | WinoGrande | ARC_c | ARC_e | boolq | piqa | avg |:
GPT4All suite via lm-eval-harness, "We report the acc_norm by default", in percent. Table 3 (Instruct-Eval)
has | Model | MMLU | BBH | HumanEval | DROP |. Every score is higher-is-better (accuracy, pass@1, F1).
Not scores: "Pretrain Tokens" (training tokens: 300B, 1.5T) and "avg" (the row mean). Model = the Model
cell as written, a Markdown link [text](url) giving its text; a model in several tables is one model only
when the names are identical (two checkpoints are spelled differently in table 3 and stay separate).
"""
import csv, os, re, sys

NOT_SCORES = {"Pretrain Tokens", "avg"}


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "EVAL.md"), encoding="utf-8").read().splitlines()
    rows, i = [], 0
    while i < len(lines):
        if lines[i].lstrip().startswith("|") and i + 1 < len(lines) and re.match(r"^\s*\|[\s\-|:]+\|\s*$", lines[i + 1]):
            header = cells(lines[i])
            i += 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                row = cells(lines[i])
                model = re.sub(r"^\[(.*?)\]\(.*\)$", r"\1", row[0])
                for col, v in zip(header[1:], row[1:]):
                    if col in NOT_SCORES or v == "":
                        continue
                    rows.append([model, col, "acc_norm" if "Pretrain Tokens" in header else col, v, "true"])
                i += 1
        else:
            i += 1
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Independent reader (standard library only) for intel/auto-round docs/fp8_block_acc.md at b9f3d00.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules (quoted in notes.md):
* "Below accuracy results are got by lm-eval." One Markdown table per base model, under a '## <model>'
  heading; rows are quantisation schemes (BF16 = unquantised reference, FP8_BLOCK RTN, FP8_BLOCK Tuning);
  columns are lm-eval task names; 'Avg.' is the mean of the row (an aggregate, left out).
* A rated model = (base model heading, Scheme): the same scheme on two base models is two models.
* Task = the column header exactly: the Llama table uses gsm8k_llama, mmlu_llama, mmlu_pro_llama (run with
  --apply_chat_template --fewshot_as_multiturn), the Qwen table gsm8k, mmlu, mmlu_pro: different lm-eval
  tasks, so no shared column; the nine others are shared.
* All are accuracies, higher is better.
"""
import csv, os, sys


def main(set_dir):
    rows, heading, header = [], None, None
    with open(os.path.join(set_dir, "raw", "docs", "fp8_block_acc.md"), encoding="utf-8") as f:
        for line in f:
            s = line.strip()
            if s.startswith("## "):
                heading, header = s[3:].strip(), None
                continue
            if not s.startswith("|") or heading is None:
                header = None if not s.startswith("|") else header
                continue
            cells = [c.strip() for c in s.strip("|").split("|")]
            if header is None:
                header = cells
                continue
            if all(set(c) <= set(":-") for c in cells):
                continue
            model = f"{heading} / {cells[0]}"
            for col, val in zip(header[1:], cells[1:]):
                if col == "Avg." or val == "":
                    continue
                rows.append([model, col, "accuracy", val, "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

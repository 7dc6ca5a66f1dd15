#!/usr/bin/env python3
"""Independent reader (stdlib only) for an ESPnet2 recipe results README
(egs2/librispeech_100/asr1/README.md, the Markdown written by scripts/utils/show_asr_result.sh).

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source rules (quoted in notes.md):
  * `## <expdir>` (not `## Environments`) opens one experiment (a trained model);
  * `### WER` / `### CER` / `### TER` opens a table of that error-rate type;
  * table rows are `|<decode dir>/<test set>|Snt|Wrd|Corr|Sub|Del|Ins|Err|S.Err|` (sclite's Sum/Avg line):
    the system is the experiment decoded with that decode dir (`<expdir>/<decode dir>`), the task is the
    test set under that error-rate type (`<test set>/<WER|CER|TER>`), the score is `Err` (percent,
    = Sub + Del + Ins), lower is better.
  * Snt, Wrd are counts; Corr, Sub, Del, Ins are the parts of Err; S.Err is the sentence error rate: not rated.
"""
import csv, os, sys

PATH = ("raw", "egs2", "librispeech_100", "asr1", "README.md")


def main(set_dir):
    out, exp, kind, header = [], None, None, None
    with open(os.path.join(set_dir, *PATH), encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if line.startswith("## "):
                title = line[3:].strip()
                exp = None if title == "Environments" else title
                kind = header = None
            elif line.startswith("### "):
                kind, header = line[4:].strip(), None
            elif line.startswith("|") and exp and kind:
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                if cells[0] == "dataset":
                    header = cells
                elif set(cells[0]) <= {"-", ":"}:
                    continue
                elif header:
                    rec = dict(zip(header, cells))
                    decode, test = rec["dataset"].rsplit("/", 1)
                    out.append((f"{exp}/{decode}", f"{test}/{kind}", kind,
                                repr(float(rec["Err"])), "false"))
    seen = set()
    for r in out:
        assert (r[0], r[1]) not in seen, r
        seen.add((r[0], r[1]))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

#!/usr/bin/env python3
"""Independent reader (standard library only) for audio_demucs_readme_sdr_mos_extra_data.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/README.md (facebookresearch/demucs), "### Comparison of accuracy": one pipe table
`| Model | Domain | Extra data? | Overall SDR | MOS Quality | MOS Contamination |` on MUSDB HQ.
The text above defines the three scores, all higher-is-better: "`Overall SDR` is the mean of the SDR
for each of the 4 sources, `MOS Quality` is a rating from 1 to 5 ... (5 = no artifacts),
`MOS Contamination` is a rating from 1 to 5 with 5 being zero contamination by other sources".
A system is Model + Extra data? (D3Net and Band-Spit RNN appear twice, without and with extra
training data); written "<Model>" when Extra data? is "no", else "<Model> (extra data: <value>)".
Model cells are reference-style links `[D3Net][d3net]` or bold `**Hybrid Demucs (v3)**`.
"-" and empty cells are missing.  Domain and Extra data? are descriptions, not scores.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    i = next(k for k, l in enumerate(lines) if l.startswith("| Model ") and "Overall SDR" in l)
    header = cells(lines[i])
    assert header == ["Model", "Domain", "Extra data?", "Overall SDR", "MOS Quality", "MOS Contamination"], header
    out, seen = [], set()
    for line in lines[i + 2:]:
        if not line.startswith("|"):
            break
        c = cells(line)
        name = c[0].replace("*", "")
        m = re.match(r"\[([^\]]+)\]\[[^\]]*\]$", name)
        if m:
            name = m.group(1)
        model = name if c[2] == "no" else "%s (extra data: %s)" % (name, c[2])
        assert model not in seen, model
        seen.add(model)
        for j in (3, 4, 5):
            v = c[j].replace("*", "").strip()
            if v in ("", "-"):
                continue
            float(v)
            out.append((model, header[j], header[j], v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models, %d tasks" % (len(out), len({o[0] for o in out}), len({o[1] for o in out})))


if __name__ == "__main__":
    main(sys.argv[1])

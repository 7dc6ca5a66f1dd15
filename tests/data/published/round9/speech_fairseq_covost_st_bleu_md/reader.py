"""Independent reader for speech_fairseq_covost_st_bleu_md (Python standard library only).

facebookresearch/fairseq examples/speech_to_text/docs/covost_example.md ("S2T Example: ST on
CoVoST"). Two "#### Results" tables: the first (under "## ASR") is En ASR WER of 4 models, the
second (under "## ST") is speech-translation BLEU of 7 models on 8 CoVoST 2 directions. The ST
table is the page's main result and the board read here. A model is identified by --arch,
--pos-enc-type and ASR PT (pre-trained ASR encoder yes/no); named "<arch> / <pos-enc-type> /
ASR PT=<Yes|No>". Cells are Markdown links whose text is the BLEU score (higher is better).
Params and the Model (download) column are left out.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "examples", "speech_to_text", "docs", "covost_example.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    st = lines.index("## ST")
    table = []
    for line in lines[st:]:
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    header = cells(table[0])
    assert header[:4] == ["--arch", "--pos-enc-type", "Params", "ASR PT"], header
    assert header[-1] == "Model"
    tasks = header[4:-1]
    assert len(tasks) == 8
    out, models = [], []
    for line in table[2:]:
        c = cells(line)
        assert len(c) == len(header), c
        model = f"{c[0]} / {c[1]} / ASR PT={c[3]}"
        assert model not in models
        models.append(model)
        for task, cell in zip(tasks, c[4:-1]):
            m = re.fullmatch(r"\[([0-9.]+)\]\([^)]*\)", cell)
            v = m.group(1) if m else cell
            float(v)
            out.append((model, task, "BLEU", v, "true"))
    assert len(models) == 7
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

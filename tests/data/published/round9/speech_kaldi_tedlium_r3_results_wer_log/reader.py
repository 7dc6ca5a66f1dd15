"""Independent reader for speech_kaldi_tedlium_r3_results_wer_log (Python standard library only).

kaldi-asr/kaldi egs/tedlium/s5_r3/RESULTS: a bash script ("bash ./results.sh; exit 0") followed by
the pasted output of results.sh, one line per decoding directory in Kaldi compute-wer format:
  %WER 28.32 [ 5037 / 17783, 615 ins, 1171 del, 3251 sub ] exp/tri1/decode_nosp_dev/wer_10
The decoding directory name is decode[_nosp]_<dev|test>[_rescore|.si|_rnnlm_lstm_tdnn_a_averaged].
Task = the TED-LIUM 3 set (dev / test); model = the experiment directory plus the decoding
variant with the set name taken out (exp/tri1/decode_nosp_rescore, exp/tri3/decode.si, ...).
Score = %WER, lower is better. Counts, ins/del/sub and the wer_<lmwt> suffix are left out.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys

LINE = re.compile(r"^%WER (\S+) \[ \d+ / \d+, \d+ ins, \d+ del, \d+ sub \] (\S+)/wer_\d+\s*$")
DECODE = re.compile(r"^(decode(?:_nosp)?)_(dev|test)((?:_rescore|\.si|_rnnlm_lstm_tdnn_a_averaged)?)$")


def main(set_dir):
    path = os.path.join(set_dir, "raw", "egs", "tedlium", "s5_r3", "RESULTS")
    out, seen = [], set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("%WER"):
                continue
            m = LINE.match(line)
            assert m, line
            wer, decode_dir = m.groups()
            exp, dname = decode_dir.rsplit("/", 1)
            d = DECODE.match(dname)
            assert d, dname
            model = f"{exp}/{d.group(1)}{d.group(3)}"
            task = d.group(2)
            assert (model, task) not in seen
            seen.add((model, task))
            float(wer)
            out.append((model, task, "%WER", wer, "false"))
    models = {m for m, *_ in out}
    assert len(out) == 38 and len(models) == 19, (len(out), len(models))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

#!/usr/bin/env python3
"""Independent reader (stdlib only) for google/wmt-mqm-human-evaluation
newstest2021/ende/mqm_newstest2021_ende.avg_seg_scores.tsv.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source rules (quoted in notes.md):
  * header `system mqm_avg_score seg_id` (space-separated); each row `SYSTEM<TAB>SCORE<SPACE>SEG_ID`;
  * one row = one segment of one system's translation: the segment's MQM score averaged over raters,
    written NEGATED (0 = no error, -5 = one Major error, ...): higher (closer to 0) is better;
  * `None` = the segment was not rated (the same 475 of 1002 segments for every system): no score;
  * the system-level MQM score is the mean over the rated segments (the README's newstest2021 en-de
    table shows it, un-negated and rounded: ref-C 0.51(1), VolcTrans-GLAT 1.04(2), ...);
  * one task: newstest2021 English->German; all 17 systems (4 human references, 5 'metricsystem's, 8 WMT21
    submissions) are models.
"""
import csv, os, sys

PATH = ("raw", "newstest2021", "ende", "mqm_newstest2021_ende.avg_seg_scores.tsv")


def main(set_dir):
    sums, order = {}, []
    with open(os.path.join(set_dir, *PATH), encoding="utf-8") as fh:
        header = fh.readline().split()
        assert header == ["system", "mqm_avg_score", "seg_id"], header
        for line in fh:
            if not line.strip():
                continue
            system, score, seg = line.split()
            if system not in sums:
                sums[system] = [0.0, 0]
                order.append(system)
            if score == "None":
                continue
            sums[system][0] += float(score)
            sums[system][1] += 1
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for s in order:
            total, n = sums[s]
            w.writerow([s, "newstest2021 en-de", "MQM (negated, mean over rated segments)", repr(total / n), "true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

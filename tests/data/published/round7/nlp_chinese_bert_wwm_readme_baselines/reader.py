"""Independent reader for nlp_chinese_bert_wwm_readme_baselines (standard library only).

Board = section "## 中文基线系统效果" (Chinese baseline results) of README.md, up to the
"### 小参数量模型" (small models) subsection. Each dataset has its own heading
("### 简体中文阅读理解：CMRC 2018", "#### LCQMC", ...), a line "评测指标为：EM / F1" or
"评测指标为：Accuracy" (metrics), and a table | 模型 | 开发集 | 测试集 [| 挑战集] |.
A cell is "max (mean)" or "EMmax (EMmean) / F1max (F1mean)"; the source: "括号内表示平均值，括号外表示
最大值" (in brackets: mean; outside: maximum) over 10 runs. The score taken is the maximum (the
number outside the brackets, the headline number the README carries into its later tables).
Task = "<dataset> <split> <metric>". The learning-rate table inside the same section (header
| 模型 | BERT | ERNIE | BERT-wwm* |, rows = datasets) holds hyper-parameters, not scores.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys

SPLITS = {"开发集", "测试集", "挑战集"}


def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def max_of(part):
    part = part.replace("**", "").strip()
    m = re.fullmatch(r"([0-9.]+)\s*[（(]\s*([0-9.]+)\s*[)）]", part)
    if not m:
        raise ValueError("unexpected cell part: %r" % part)
    return m.group(1)


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == "## 中文基线系统效果")
    end = next(i for i, l in enumerate(lines) if i > start and l.strip() == "### 小参数量模型")
    dataset, metrics, header = None, None, None
    out = []
    for line in lines[start + 1:end]:
        s = line.strip()
        if s.startswith("#"):
            title = s.lstrip("#").strip()
            dataset = title.split("：")[-1].strip()   # "简体中文阅读理解：CMRC 2018" -> "CMRC 2018"
            metrics, header = None, None
            continue
        m = re.match(r"评测指标为：(.+)$", s)
        if m:
            metrics = [x.strip() for x in m.group(1).split("/")]
            continue
        if not s.startswith("|"):
            header = None
            continue
        c = cells(s)
        if header is None:
            header = c
            continue
        if all(re.fullmatch(r":?-+:?", x) for x in c if x):
            continue
        if not (set(header[1:]) <= SPLITS) or metrics is None:
            continue                                   # learning-rate table
        model = c[0].replace("**", "").strip()
        for split, cell in zip(header[1:], c[1:]):
            parts = [p for p in cell.split("/")]
            assert len(parts) == len(metrics), (dataset, model, cell)
            for metric, part in zip(metrics, parts):
                out.append((model, "%s %s %s" % (dataset, split, metric), metric, max_of(part)))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, metric, score in out:
            w.writerow([model, task, metric, score, "true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

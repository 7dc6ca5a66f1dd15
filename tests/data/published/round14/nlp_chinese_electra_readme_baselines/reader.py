#!/usr/bin/env python3
"""Independent reader for ymcui/Chinese-ELECTRA README.md, section '## 基线系统效果' (baselines).

The section compares the ELECTRA models with BERT-base, BERT-wwm, BERT-wwm-ext, RoBERTa-wwm-ext
and RBT3 "on the following six tasks" (包括以下六个任务); each task is a '###' sub-section whose
heading names the dataset after a full-width colon ('### 简体中文阅读理解：CMRC 2018'), with its
own table. The six tables are joined into one board. The seventh sub-section '### 司法任务效果'
(legal ELECTRA on CAIL 2018 crime prediction) is a separate evaluation of other models and is
not read.

Models: 'Model' (模型) cell with **bold** removed. LCQMC and BQ Corpus write 'BERT' where the
other four tables write 'BERT-base'; the section introduction names the compared model 'BERT-base',
so 'BERT' is read as 'BERT-base'.
Tasks: dataset x split x metric, e.g. 'CMRC 2018 开发集 EM', 'XNLI 测试集 Accuracy'. Splits are
the column headers 开发集 (dev), 测试集 (test), 挑战集 (challenge). Metric per sub-section from
'评价指标为：EM / F1' or '评价指标为：Accuracy'.
Score: the maximum over 10 seeds, i.e. the number outside the brackets ("汇报模型性能的最大值和平均
值（括号内为平均值）" - report max and mean, mean in brackets); the bracketed mean is left out.
All metrics higher is better. '参数量' (#params) is left out.
"""
import csv, os, re, sys

def cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]

SAME_MODEL = {'BERT': 'BERT-base'}

def main(setdir):
    lines = open(os.path.join(setdir, 'raw', 'README.md'), encoding='utf-8').read().split('\n')
    a = lines.index('## 基线系统效果')
    b = next(k for k in range(a + 1, len(lines)) if lines[k].startswith('## '))
    rows = []
    k = a
    while k < b:
        line = lines[k]
        if line.startswith('### ') and '：' in line:
            dataset = line[4:].split('：', 1)[1].strip()
            k += 1
            metrics = None
            while not lines[k].startswith('|'):
                m = re.match(r'^评价指标为：(.+)$', lines[k].strip())
                if m:
                    metrics = [x.strip() for x in m.group(1).split('/')]
                k += 1
            header = cells(lines[k])
            splits = header[1:-1]   # last column is 参数量
            k += 2
            while k < b and lines[k].startswith('|'):
                c = cells(lines[k])
                model = c[0].replace('**', '').strip()
                model = SAME_MODEL.get(model, model)
                for split, v in zip(splits, c[1:-1]):
                    parts = [p.strip() for p in v.split('/')]
                    assert len(parts) == len(metrics), (v, metrics)
                    for metric, p in zip(metrics, parts):
                        mm = re.match(r'^([0-9.]+)(\s*\(([0-9.]+)\))?$', p)
                        rows.append((model, f'{dataset} {split} {metric}', metric, mm.group(1), 'true'))
                k += 1
        elif line.startswith('### 司法任务效果'):
            break
        else:
            k += 1
    with open(os.path.join(setdir, 'expected.csv'), 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f)
        w.writerow(['model', 'task', 'metric', 'score', 'higher_is_better'])
        w.writerows(rows)

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

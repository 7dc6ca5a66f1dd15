"""Independent reader for harness_scandeval_site_english_nlg_html_md (standard library only).

raw/english-nlg.md is a Jekyll page whose body is one HTML table. Header cells (<th>) name the
columns; each body row (<tr class="not-merged-model"> or <tr class="merged-model">) has 21 <td>:
Model ID, Parameters, Vocabulary size, Context, Commercial, Speed, Rank, 7 task cells, 7 version
cells. A task cell reads "78.06 ± 2.73 / 70.76 ± 3.80": primary metric ± 95% CI / secondary metric
± 95% CI. Expected: one row per (model, task) with the primary metric (first number), higher is
better. Left out: Rank (aggregate), Speed, metadata, versions, secondary metrics, CI half-widths.
"""
import csv, html, os, re, sys

TASKS = ["CoNLL-en", "SST5", "ScaLA-en", "SQuAD", "CNN-DailyMail", "MMLU", "HellaSwag"]
CELL = re.compile(r"^\s*(-?\d+(?:\.\d+)?) ± (\d+(?:\.\d+)?) / (-?\d+(?:\.\d+)?) ± (\d+(?:\.\d+)?)\s*$")


def strip_tags(s):
    return html.unescape(re.sub(r"<[^>]+>", "", s)).strip()


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "english-nlg.md"), encoding="utf-8") as f:
        text = f.read()
    head = text[text.index("<thead>"):text.index("</thead>")]
    header = [strip_tags(h) for h in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)]
    body = text[text.index("<tbody>"):text.index("</tbody>")]
    rows = []
    models = []
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = [strip_tags(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        if len(cells) != len(header):
            raise SystemExit(f"row with {len(cells)} cells, header has {len(header)}")
        rec = dict(zip(header, cells))
        model = rec["Model ID"]
        models.append(model)
        for task in TASKS:
            m = CELL.match(rec[task])
            if not m:
                raise SystemExit(f"{model} {task}: cannot read {rec[task]!r}")
            rows.append((model, task, "primary", m.group(1), "true"))
    if len(set(models)) != len(models):
        raise SystemExit("duplicate model names")
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len(rows), "cells,", len(models), "models,", len(TASKS), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

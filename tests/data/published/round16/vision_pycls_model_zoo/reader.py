"""Independent reader for pycls MODEL_ZOO.md (HTML tables inside Markdown).

Standard library only. Writes expected.csv next to this script.
Reading: one system per <tr> row (model name = text of the first <td>),
one score per row: the 'error (top-1)' column, ImageNet-1k, lower is better.
flops/params/acts/batch size are model properties, infer/train are timing
statistics, model id is an identifier and download is a link: not scores.
"""
import csv, os, re, html

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "MODEL_ZOO.md")

text = open(SRC, encoding="utf-8").read()
rows_out = []
# Each table lies between <!-- START X TABLE --> and <!-- END X TABLE -->
for m in re.finditer(r"<!-- START (.+?) TABLE -->(.*?)<!-- END \1 TABLE -->", text, re.S):
    family, body = m.group(1), m.group(2)
    headers = [re.sub(r"<br\s*/?>", " ", h).strip() for h in re.findall(r"<th[^>]*>(.*?)</th>", body, re.S)]
    err_idx = headers.index("error (top-1)")
    for tr in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        cells = [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in cells]
        if len(cells) != len(headers):
            raise SystemExit(f"bad row in {family}: {cells}")
        rows_out.append([cells[0], "ImageNet-1k", "top-1 error", cells[err_idx], "false"])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows_out)
print(len(rows_out), "rows")

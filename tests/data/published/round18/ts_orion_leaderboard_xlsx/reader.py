"""Independent reader for sintel-dev/Orion benchmark/leaderboard.xlsx @7bd8140 (stdlib only).

The workbook has two sheets (written by orion/results.py::write_results):
  * "0.7.1-Overview": Pipeline | # Wins | # Anomalies | Average F1 Score | Failure Rate
  * "0.7.1-F1-Scores": two header rows (row 1 = dataset family, merged B1:C1 NASA, D1 UCR,
    E1:H1 YAHOO, I1:M1 NAB; row 2 = dataset abbreviation), then one row per pipeline with the
    F1 score per dataset, and the source-computed 'mean' and 'std' columns (N, O).
Systems: the 14 pipelines. Tasks kept:
  * the 12 datasets of the F1 sheet (F1, higher is better), named by their row-2 abbreviation;
  * "Failure Rate" from the Overview sheet (mean fraction of runs with status ERROR; lower is better).
Left out: 'mean'/'std' and 'Average F1 Score' (aggregates of the 12 F1 columns), '# Wins' (count of
datasets on which the pipeline's F1 beats arima's, derived from the same F1 table; blank for
arima), '# Anomalies' (tp+fp count of detected anomalies, not a quality score).
"""
import csv
import os
import re
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "benchmark", "leaderboard.xlsx")


def col_index(ref):
    letters = re.match(r"[A-Z]+", ref).group(0)
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


def read_sheet(z, name, strings):
    xml = z.read(name).decode("utf-8")
    rows = []
    for row in re.findall(r"<row[^>]*>(.*?)</row>", xml, re.S):
        cells = {}
        for attrs, inner in re.findall(r"<c ([^>]*?)(?:/>|>(.*?)</c>)", row, re.S):
            ref = re.search(r'r="([A-Z]+\d+)"', attrs).group(1)
            typ = re.search(r't="(\w+)"', attrs)
            v = re.search(r"<v>(.*?)</v>", inner or "", re.S)
            val = v.group(1) if v else ""
            if typ and typ.group(1) == "s" and val != "":
                val = strings[int(val)]
            cells[col_index(ref)] = val
        width = max(cells) + 1 if cells else 0
        rows.append([cells.get(i, "") for i in range(width)])
    return rows


def main():
    z = zipfile.ZipFile(SRC)
    strings = [re.sub(r"<[^>]+>", "", s) for s in
               re.findall(r"<si>(.*?)</si>", z.read("xl/sharedStrings.xml").decode("utf-8"), re.S)]
    overview = read_sheet(z, "xl/worksheets/sheet1.xml", strings)
    f1 = read_sheet(z, "xl/worksheets/sheet2.xml", strings)
    out = []
    # F1 sheet: row 0 = families (merged), row 1 = dataset abbreviations
    abbrev = f1[1]
    for row in f1[2:]:
        pipeline = row[0]
        for j in range(1, len(row)):
            name = abbrev[j] if j < len(abbrev) else ""
            if not name:  # 'mean' / 'std' columns have their name only in the merged row 0
                continue
            if row[j] == "":
                continue
            out.append([pipeline, name, "F1 from tp, fp, fn summed over the dataset signals", row[j], "true"])
    header = overview[0]
    k = header.index("Failure Rate")
    for row in overview[1:]:
        if len(row) > k and row[k] != "":
            out.append([row[0], "Failure Rate", "fraction of runs with status ERROR", row[k], "false"])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()

"""Independent reader for isri-aist/RoboManipBaselines doc/evaluation_results.md (stdlib only).

One Markdown table: first header cell '<nobr>Policy \\\\ Task</nobr>', then 9 task columns whose
headers are links ('[Cable](./environment_catalog.md#...)') and an 'Average' column. Rows are
policies ('[**ACT**](../robo_manip_baselines/policy/act)'); cells 'NN<br>(&plusmn;SS)' = success
rate (%) and its spread. Models = link text without bold; tasks = link text of the 9 task headers;
score = the number before '<br>'; higher is better. Left out: 'Average' and the (&plusmn;...) part.
"""
import csv, os, re, sys

LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def clean(s):
    s = LINK.sub(r"\1", s)
    s = re.sub(r"<[^>]+>", "", s)
    return s.replace("**", "").strip()


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    lines = [l for l in open(os.path.join(set_dir, "raw/doc/evaluation_results.md"), encoding="utf-8").read().splitlines()
             if l.startswith("|")]
    header = [clean(c) for c in cells(lines[0])]
    assert header[-1] == "Average", header
    out = []
    for line in lines[2:]:
        c = cells(line)
        model = clean(c[0])
        for task, v in zip(header[1:-1], c[1:-1]):
            m = re.match(r"\s*(\d+(?:\.\d+)?)\s*<br>\s*\(&plusmn;\s*\d+(?:\.\d+)?\)\s*$", v)
            assert m, v
            out.append((model, task, "success rate (%)", m.group(1), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", header)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

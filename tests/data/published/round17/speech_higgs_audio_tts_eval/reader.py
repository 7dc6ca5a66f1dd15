"""Independent reader for the three evaluation tables in boson-ai/higgs-audio README.md.

Standard library only. Writes expected.csv next to this script.
Tables: under '## Evaluation', one pipe table under each '####' heading.
  * Tables 1 and 3 have a two-level header: the Markdown header row holds dataset/subset labels
    ('SeedTTS-Eval', '', 'ESD', ''), each spanning the empty cell to its right, and the FIRST BODY ROW
    holds the metric names with arrows ('WER ↓', 'SIM ↑', ...). Task = dataset/subset label,
    metric = column name without the arrow, direction = the arrow.
  * Table 2: ordinary header 'Model | Emotions (%) ↑ | Questions (%) ↑'; task = 'EmergentTTS-Eval',
    metric = the column name without the arrow; '75.71%' -> 75.71.
System names: link text instead of '[text](url)', bold '**' and the 'BASELINE:' label removed, the '†'
footnote marker removed (it marks the strong-prompting setting; no system appears both with and
without it), spaces trimmed; spelling variants of one system across tables are unified (first
spelling kept): 'ElevenLabs Multilingual v2' -> 'ElevenLabs Multilingual V2',
'Qwen 2.5 Omni' -> 'Qwen2.5-omni'. '-' and '\\-' are missing cells.
"""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "README.md"), encoding="utf-8").read().splitlines()
SAME = {"ElevenLabs Multilingual v2": "ElevenLabs Multilingual V2", "Qwen 2.5 Omni": "Qwen2.5-omni"}

def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]

def clean_name(s):
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)
    s = s.replace("**", "").replace("BASELINE:", "").replace("†", "")
    s = " ".join(s.split())
    return SAME.get(s, s)

def metric_dir(m):
    m = m.replace("**", "").strip()
    if m.endswith("↑"):
        return m[:-1].strip(), "true"
    if m.endswith("↓"):
        return m[:-1].strip(), "false"
    raise SystemExit("no arrow in " + repr(m))

def number(v):
    v = v.replace("**", "").strip()
    if v in ("-", "\\-", ""):
        return None
    v = v.rstrip("%").strip()
    float(v)
    return v

rows, in_eval, heading, i = [], False, None, 0
while i < len(lines):
    ln = lines[i]
    if ln.startswith("## "):
        in_eval = ln.strip() == "## Evaluation"
    elif in_eval and ln.startswith("#### "):
        heading = ln[5:].strip()
    elif in_eval and ln.startswith("|"):
        header = cells(ln)
        body = []
        i += 2
        while i < len(lines) and lines[i].startswith("|"):
            body.append(cells(lines[i]))
            i += 1
        if header[0] == "" and body and body[0][0] == "":
            # two-level header: groups in header, metrics in the first body row
            groups, g = [], None
            for h in header[1:]:
                g = h if h else g
                groups.append(g)
            cols = [(grp, *metric_dir(m)) for grp, m in zip(groups, body[0][1:])]
            body = body[1:]
        else:
            cols = [("EmergentTTS-Eval", *metric_dir(m)) for m in header[1:]]
        for r in body:
            system = clean_name(r[0])
            for (task, metric, hib), v in zip(cols, r[1:]):
                n = number(v)
                if n is not None:
                    rows.append([system, task, metric, n, hib])
        continue
    i += 1

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows;", len({r[0] for r in rows}), "systems;", len({(r[1], r[2]) for r in rows}), "task x metric columns")

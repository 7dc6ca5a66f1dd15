"""Independent reader for the AQLM README 'Models' tables (AQLM without PV-tuning, and PV-tuned).
Standard library only. System = base model + quantisation scheme; the 'FP16' half of the
'FP16→AQLM' MMLU cells becomes a separate system '<model> FP16'."""
import csv, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
lines = open(os.path.join(HERE, "raw", "README.md"), encoding="utf-8").read().splitlines()

def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]

def clean(s):
    return re.sub(r"\s+", " ", s.replace("**", "")).strip()

NUM = re.compile(r"^-?\d+(\.\d+)?$")
rows = []
fp16_seen = set()
table_no = 0
i = 0
while i < len(lines):
    ln = lines[i]
    if ln.startswith("| Model") and "AQLM scheme" in ln:
        table_no += 1
        family = "AQLM" if table_no == 1 else "AQLM+PV"
        head = cells(ln)
        j = i + 2
        while j < len(lines) and lines[j].startswith("|"):
            r = dict(zip(head, cells(lines[j])))
            base = clean(r["Model"])
            scheme = clean(r["AQLM scheme"]).replace("(New!)", "").strip()  # drop the "(**New!**)" badge
            system = f"{base} {family} {scheme}"
            ppl = clean(r.get("WikiText-2 PPL", "-"))
            if NUM.match(ppl):
                rows.append([system, "WikiText-2", "perplexity", ppl, "false"])
            mm = clean(r.get("MMLU (5-shot) FP16→AQLM", "-"))
            m = re.fullmatch(r"(\d+(?:\.\d+)?)→(\d+(?:\.\d+)?)", mm)
            if m:
                if base not in fp16_seen:
                    rows.append([f"{base} FP16", "MMLU (5-shot)", "accuracy", m.group(1), "true"])
                    fp16_seen.add(base)
                rows.append([system, "MMLU (5-shot)", "accuracy", m.group(2), "true"])
            j += 1
        i = j
        continue
    i += 1

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows")

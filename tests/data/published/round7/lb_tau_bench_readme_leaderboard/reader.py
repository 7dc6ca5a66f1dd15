"""Independent reader for sierra-research/tau-bench README.md "## Leaderboard" (stdlib only).

Two tables, each under a "### <Domain>" heading (Airline, Retail); rows are strategies
(agent strategy + model), columns Pass^1..Pass^4. Task = "<Domain>, Pass^k".
Names: Markdown links reduced to their text; **bold** removed. "??" = not run -> no cell.
All Pass^k are success probabilities, higher is better.
"""
import csv, os, re, sys

def clean(s):
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)
    s = re.sub(r"\*\*(.*?)\*\*", r"\1", s)
    return re.sub(r"\s+", " ", s).strip()

def cells(line):
    line = line.strip()
    assert line.startswith("|") and line.endswith("|"), line
    return [c.strip() for c in line[1:-1].split("|")]

def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index("## Leaderboard") + 1
    out, domain = [], None
    while i < len(lines) and not lines[i].startswith("## "):
        line = lines[i]
        if line.startswith("### "):
            domain = line[4:].strip()
        elif line.startswith("|"):
            header = cells(line)
            assert header[0] == "Strategy"
            i += 2                                    # skip the ---- row
            while i < len(lines) and lines[i].startswith("|"):
                r = cells(lines[i]); i += 1
                model = clean(r[0])
                for h, v in zip(header[1:], r[1:]):
                    v = clean(v)
                    if v == "??":
                        continue
                    float(v)
                    out.append((model, f"{domain}, {h}", h, v, "true"))
            continue
        i += 1
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

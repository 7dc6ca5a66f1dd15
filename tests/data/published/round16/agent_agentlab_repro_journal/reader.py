"""Independent reader for AgentLab's reproducibility_journal.csv (standard library only).

The journal is an append-only CSV written by agentlab's append_to_journal(): one record per
(agent, study run). Two problems make a plain csv.reader unreliable on this file:
  * quoted multi-line cells (the '*__local_modifications' columns list modified files, one per line);
  * from the 2025-01-31 o3-mini record on, a record ends with a lone '"' opening a cell that is
    never closed, so a strict CSV parser swallows the following records into one cell.
This reader therefore groups physical lines into records itself: a continuation line starts with
whitespace (the '  M: path' lines); every other non-empty line starts a new record. The first ten
columns of a record (git_user .. n_completed) never contain commas or quotes, so they are taken by
splitting the record's first line on ','.

Output: one row per journal record, model = agent_name, task = benchmark, metric = avg_reward
(mean cumulative reward over the benchmark's episodes; higher is better). std_err, n_err and
n_completed are not scores and are left out. Repeated runs of the same agent on the same
benchmark stay as separate rows, in file order.
"""
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "reproducibility_journal.csv")
OUT = os.path.join(HERE, "expected.csv")


def main():
    text = open(SRC, encoding="utf-8", newline="").read()
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    header = lines[0].split(",")
    idx = {h: i for i, h in enumerate(header)}
    records = []
    for l in lines[1:]:
        if not l.strip():
            continue
        if l[0] in " \t":
            continue  # continuation of a multi-line cell of the previous record
        records.append(l)
    rows = []
    for r in records:
        f = r.split(",")
        agent = f[idx["agent_name"]]
        bench = f[idx["benchmark"]]
        score = f[idx["avg_reward"]]
        float(score)  # must be a number
        rows.append([agent, bench, "avg_reward", score, "true"])
    with open(OUT, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"wrote {len(rows)} rows")


if __name__ == "__main__":
    main()

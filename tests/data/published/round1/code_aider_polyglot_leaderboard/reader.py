#!/usr/bin/env python3
"""Independent reader (stdlib only) for aider's polyglot leaderboard data,
aider/website/_data/polyglot_leaderboard.yml.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

The file is a YAML list of flat mappings (benchmark/benchmark.py --stats output, one per run); parsed
here by hand (stdlib only): '- key: value' starts a record, '  key: value' continues it, a
double-quoted value is taken verbatim, otherwise ' #' starts a comment.
Source rules (quoted in notes.md): one task (the polyglot benchmark, 225 Exercism exercises); the
leaderboard's score is pass_rate_2 ("Percent correct", sorted descending), higher is better; the
entry is the record's `model`; where two records share a `model` they are told apart by
`edit_format` (README: "the `model`, `edit_format` and `commit_hash` should be enough to reliably
reproduce any benchmark run"): every row is named here by the pair, 'model:edit_format' (the source
shows the two side by side and names no row otherwise).
"""
import collections, csv, os, re, sys

LINE = re.compile(r"^(- |  )([A-Za-z_0-9]+):(.*)$")


def value(raw):
    s = raw.strip()
    if s.startswith('"'):
        return s[1:s.index('"', 1)]
    if " #" in s:
        s = s[: s.index(" #")].rstrip()
    return s


def records(path):
    out = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            continue
        m = LINE.match(line)
        if not m:
            raise ValueError(f"unexpected line: {line!r}")
        if m.group(1) == "- ":
            out.append({})
        out[-1][m.group(2)] = value(m.group(3))
    return out


def main(set_dir):
    recs = records(os.path.join(set_dir, "raw", "aider", "website", "_data", "polyglot_leaderboard.yml"))
    rows = []
    for r in recs:
        name = f"{r['model']}:{r['edit_format']}"
        rows.append((name, "polyglot", "pass_rate_2", repr(float(r["pass_rate_2"])), "true"))
    assert len({r[0] for r in rows}) == len(rows)
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))

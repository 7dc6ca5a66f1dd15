"""Independent reader for BurntSushi/rebar record/curated/2023-05-20/ (stdlib only).

One CSV per regex engine (15 of the 32 CSVs are empty, 0 bytes: engines not recorded that day).
Header: name,model,rebar_version,engine,engine_version,err,haystack_len,iters,total,median,mad,mean,
stddev,min,max. Models = `engine` (e.g. rust/regex, pcre2/jit) — NOT the `model` column, which is
rebar's benchmark model (count, grep, compile...). Tasks = `name` (e.g. curated/01-literal/sherlock-en).
Score = `median` (rebar's principal statistic), a duration written with a unit suffix (ns, us, ms, s),
converted exactly to seconds; lower is better. Rows with a non-empty `err` would be failures (none here).
README.md (a generated throughput report of the same measurements) and lscpu.txt are not data rows.
"""
import csv, glob, os, re, sys
from decimal import Decimal

UNIT = {"ns": Decimal("1e-9"), "us": Decimal("1e-6"), "µs": Decimal("1e-6"), "ms": Decimal("1e-3"), "s": Decimal(1)}


def seconds(s):
    m = re.fullmatch(r"([\d.]+)(ns|us|µs|ms|s)", s.strip())
    assert m, s
    v = Decimal(m.group(1)) * UNIT[m.group(2)]
    return format(v.normalize(), "f")


def main(set_dir):
    folder = os.path.join(set_dir, "raw/record/curated/2023-05-20")
    out, seen = [], set()
    for path in sorted(glob.glob(os.path.join(folder, "*.csv"))):
        with open(path, encoding="utf-8", newline="") as f:
            for r in csv.DictReader(f):
                if r["err"].strip():
                    continue
                key = (r["engine"], r["name"])
                assert key not in seen, key
                seen.add(key)
                out.append((r["engine"], r["name"], "median time (s)", seconds(r["median"]), "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len({o[0] for o in out}), "models,", len({o[1] for o in out}), "tasks,", len(out), "rows")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

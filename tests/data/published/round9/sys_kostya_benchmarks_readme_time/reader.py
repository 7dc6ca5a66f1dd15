"""Independent reader for kostya/benchmarks README.md (stdlib only).

Results: one Markdown table per test, each headed by the nearest Markdown heading: '### bench.b',
'### mandel.b' (under '## Brainfuck'), '## Base64', '## Json', '## Matmul', '## Primes'. Header:
'Language | Time, s | Memory, MiB | Energy, J'. The table under '## Environment' (Language | Version)
is not a result.

Model = the Language cell (an implementation: language/compiler, optionally '(library)').
Task = the test heading. Score = Time, s: the median before '<sub>±MAD</sub>'; lower is better.
Memory ('base + increase', MiB) and Energy (J) are resource costs, left out, like the ±MAD parts.
A language missing from a test's table has no cell there.
"""
import csv, os, re, sys

TESTS = ["bench.b", "mandel.b", "Base64", "Json", "Matmul", "Primes"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8").read().splitlines()
    heading, in_code, tables = None, False, []
    i = 0
    while i < len(lines):
        l = lines[i]
        if l.startswith("```"):
            in_code = not in_code
        elif not in_code and re.match(r"#{1,6} ", l):
            heading = l.lstrip("#").strip()
        elif not in_code and l.startswith("|"):
            block = []
            while i < len(lines) and lines[i].startswith("|"):
                block.append(lines[i]); i += 1
            tables.append((heading, block))
            continue
        i += 1
    out, seen, models = [], set(), []
    result_tables = [(h, b) for h, b in tables if cells(b[0])[1:2] == ["Time, s"]]
    other = [(h, cells(b[0])) for h, b in tables if cells(b[0])[1:2] != ["Time, s"]]
    assert other == [("Environment", ["Language", "Version"])], other
    assert [h for h, _ in result_tables] == TESTS, [h for h, _ in result_tables]
    for task, block in result_tables:
        assert cells(block[0]) == ["Language", "Time, s", "Memory, MiB", "Energy, J"], block[0]
        for line in block[2:]:
            c = cells(line)
            assert len(c) == 4, c
            model = c[0]
            m = re.fullmatch(r"(\d+\.\d+)<sub>±(\d+\.\d+)</sub>", c[1])
            assert m, c[1]
            assert (model, task) not in seen, (model, task)
            seen.add((model, task))
            if model not in models:
                models.append(model)
            out.append((model, task, "time (s), median of 10 runs", m.group(1), "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    per_task = {t: sum(1 for r in out if r[1] == t) for t in TESTS}
    print(len(models), "models,", len(out), "rows of", len(models) * len(TESTS), per_task)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

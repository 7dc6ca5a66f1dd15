"""Independent reader for miloyip/nativejson-benchmark
sample/performance_Corei7-4980HQ@2.80GHz_mac64_clang7.0.csv (stdlib only).

Long format: Type,Library,Filename,Time (ms),Memory (byte),MemoryPeak (byte),AllocCount,FileSize (byte).
Models = Library. Tasks = Type + ' / ' + Filename for the timed benchmarks (types 1-6: Parse, Stringify,
Prettify, Statistics, Sax Round-trip, SaxStatistics x canada.json / citm_catalog.json / twitter.json).
Score = Time (ms), lower is better. Memory columns are secondary measurements (0 = not measured) and
'7. Code size' has Time 0 (only FileSize measured) -> both left out.
"""
import csv, os, sys

PATH = "raw/sample/performance_Corei7-4980HQ@2.80GHz_mac64_clang7.0.csv"


def main(set_dir):
    with open(os.path.join(set_dir, PATH), encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    out, seen, models = [], set(), []
    for r in rows:
        if r["Type"] == "7. Code size":
            assert float(r["Time (ms)"]) == 0
            continue
        assert r["Type"][0] in "123456", r["Type"]
        model = r["Library"].strip()
        task = r["Type"].strip() + " / " + r["Filename"].strip()
        assert (model, task) not in seen, (model, task)
        seen.add((model, task))
        v = r["Time (ms)"].strip()
        assert float(v) > 0, r
        if model not in models:
            models.append(model)
        out.append((model, task, "Time (ms)", v, "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(models), "models,", len({t for _, t, *_ in out}), "tasks,", len(out), "rows")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

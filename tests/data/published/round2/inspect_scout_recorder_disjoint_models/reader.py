#!/usr/bin/env python3
"""Independent reader (standard library only) for inspect-ai .eval logs (zip archives).

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv (the board as defined; see notes.md:
                                     the right outcome for this set is nevertheless a refusal)

Rules (quoted in notes.md, same as the corpus's inspect reader):
* A .eval log is a zip archive whose header.json is the EvalLog header (eval, results, stats ...).
* Model = eval.model; task = eval.task, qualified by eval.task_args when any were given
  ("theory_of_mind(critique=false)").
* Score = inspect's headline: results.scores[0] (first scorer) and its first metric (accuracy here);
  stderr is an uncertainty, not a score. Only status "success" logs count. accuracy: higher is better.
"""
import csv, glob, json, os, sys, zipfile


def task_name(ev):
    args = ev.get("task_args") or {}
    if not args:
        return ev["task"]
    return "%s(%s)" % (ev["task"], ",".join("%s=%s" % (k, json.dumps(args[k])) for k in sorted(args)))


def main(set_dir):
    rows = []
    for path in sorted(glob.glob(os.path.join(set_dir, "raw", "**", "*.eval"), recursive=True)):
        with zipfile.ZipFile(path) as z:
            h = json.load(z.open("header.json"))
        if h["status"] != "success":
            continue
        s0 = h["results"]["scores"][0]
        metric, m = next(iter(s0["metrics"].items()))
        rows.append([h["eval"]["model"], task_name(h["eval"]), f"{s0['name']}/{metric}", repr(m["value"]), "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])

"""Independent reader for the VLMEvalKit output folder (vila_13b / vila_8b, commit c03bc04).

Standard library only. Reads every *_acc.csv, *_score.csv and *_score.json under
raw/assets/benchmarks/<model>/ and writes expected.csv (model,task,metric,score,higher_is_better).

Reading rules (see notes.md):
  * model  = the folder name (vila_13b, vila_8b); the file name is "<model>_<Benchmark>_<kind>.<ext>".
  * one-row csv files whose columns are data subsets (Overall + categories):
        task = "<Benchmark>:<column>", metric = "accuracy" (0-1 fraction in *_acc.csv of MCQ
        benchmarks, percent in VQA benchmarks -- written as in the file).
  * multi-row csv files with a "split" column (HallusionBench, POPE): task = "<Benchmark>:<split> (<metric>)",
        metric = column name (POPE's "Overall" column is F1).
  * MMT-Bench_VAL_acc.csv has two rows, "VAL" and "ALL", identical here (only one split exists);
        only the "VAL" row is read (ALL is the tool's all-splits aggregate, a duplicate).
  * MME_score.csv: task = "MME:<column>", metric = "score" (0-200 per subtask, sums for
        perception / reasoning).
  * COCO_VAL_score.json: "Bleu" is a list of Bleu_1..Bleu_4 (names from the tool's scorer);
        task = "COCO_VAL (<metric>)".
  Task names are unique per (benchmark, subset, metric), so one task = one score column.
  * OCRBench_score.json: counts of correct answers per category plus "Final Score";
        "Final Score Norm" (= Final Score / 10) is left out as a duplicate.
Scores are copied as written (JSON numbers keep their literal text).
"""
import csv, glob, json, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.join(HERE, "raw", "assets", "benchmarks")

rows = []


def add(model, task, metric, score, hib="true"):
    rows.append([model, task, metric, score, hib])


for model_dir in sorted(glob.glob(os.path.join(BASE, "*"))):
    model = os.path.basename(model_dir)
    for path in sorted(glob.glob(os.path.join(model_dir, "*"))):
        name = os.path.basename(path)
        m = re.fullmatch(re.escape(model) + r"_(.+)_(acc|score)\.(csv|json)", name)
        if not m:
            continue
        bench, kind, ext = m.groups()
        if ext == "json":
            data = json.load(open(path, encoding="utf-8"), parse_float=str, parse_int=str)
            if bench == "COCO_VAL":
                for i, v in enumerate(data["Bleu"], 1):
                    add(model, f"COCO_VAL (Bleu_{i})", f"Bleu_{i}", v)
                add(model, "COCO_VAL (ROUGE_L)", "ROUGE_L", data["ROUGE_L"])
                add(model, "COCO_VAL (CIDEr)", "CIDEr", data["CIDEr"])
            elif bench == "OCRBench":
                for k, v in data.items():
                    if k == "Final Score Norm":
                        continue
                    add(model, f"OCRBench:{k}", "correct answers (count)", v)
            continue
        table = list(csv.reader(open(path, newline="", encoding="utf-8")))
        head, body = table[0], table[1:]
        if bench in ("HallusionBench", "POPE"):
            for r in body:
                for col, v in zip(head[1:], r[1:]):
                    metric = "F1 (Overall)" if (bench == "POPE" and col == "Overall") else col
                    add(model, f"{bench}:{r[0]} ({metric})", metric, v)
            continue
        if bench == "MME":
            for col, v in zip(head, body[0]):
                add(model, f"MME:{col}", "score", v)
            continue
        if bench == "MMT-Bench_VAL":
            body = [r for r in body if r[0] == "VAL"]
        assert len(body) == 1, (path, len(body))
        r = body[0]
        for col, v in zip(head, r):
            if col == "split":
                continue
            add(model, f"{bench}:{col}", "accuracy", v)

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows")

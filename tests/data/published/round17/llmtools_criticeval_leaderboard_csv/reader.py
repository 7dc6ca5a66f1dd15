"""Independent reader for CriticEval's leaderboard data files docs/scores_obj.csv and docs/scores_sub.csv
(open-compass/CriticEval, commit ce55306). Standard library only. Writes expected.csv.

scores_obj.csv: Model,feedback,correction,comparison,meta_feedback,overall,opensourced,link
scores_sub.csv: Model,feedback,correction,comparison,overall,opensourced,link
(the leaderboard pages label them 'Feedback (-100,100)', 'Correction (0,100)', 'Comparison (0,100)',
'Meta-Feedback (-100,100)', 'Overall (0,100)' and 'Feedback (0-10)', ... 'Overall (0-10)').

Reading (see notes.md):
  * task = "<dimension> [objective]" or "<dimension> [subjective]"; all higher is better;
  * a 0 in correction / comparison / meta_feedback for the reward/critic models whose scores the
    leaderboard says are "not recorded" (Auto-J-13B, UltraCM-13B, UltraRM-13B, Ziya-7B, SteamSHP) is a
    placeholder, not a score -> left out;
  * 'overall' (the leaderboard's average), 'opensourced', 'link' are left out;
  * two models are spelled differently in the subjective file; they are mapped to the objective spelling
    (same Hugging Face link, same name stem): Mixtral-8x7B -> Mixtral-8x7B-instruct-v0.1,
    Mistral-7B-ins-v0.2 -> Mistral-7B-instruct-v0.2.
Scores copied as written (whitespace stripped).
"""
import csv, os

HERE = os.path.dirname(os.path.abspath(__file__))
DOCS = os.path.join(HERE, "raw", "docs")
ALIAS = {"Mixtral-8x7B": "Mixtral-8x7B-instruct-v0.1", "Mistral-7B-ins-v0.2": "Mistral-7B-instruct-v0.2"}
NOT_RECORDED = {"Auto-J-13B", "UltraCM-13B", "UltraRM-13B", "Ziya-7B", "SteamSHP"}

rows = []
for fname, kind, dims in (("scores_obj.csv", "objective", ["feedback", "correction", "comparison", "meta_feedback"]),
                          ("scores_sub.csv", "subjective", ["feedback", "correction", "comparison"])):
    with open(os.path.join(DOCS, fname), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            model = ALIAS.get(r["Model"].strip(), r["Model"].strip())
            for d in dims:
                v = r[d].strip()
                if model in NOT_RECORDED and d != "feedback" and float(v) == 0:
                    continue
                rows.append([model, f"{d} [{kind}]", d, v, "true"])

with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["model", "task", "metric", "score", "higher_is_better"])
    w.writerows(rows)
print(len(rows), "rows,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks")

"""Round 15's classes (issue 51): a refusal in the one table of several that the reading picked, names
repeated across a table's sections, a row of the columns' metrics under the header, model attributes
among the scores, a long table of one model, timing samples logged without a run id, and a sentence
that says which way the scores point.

Video-ChatGPT's and ALBERT's READMEs (the refused table was not the one meant; ``V2`` / ``V1`` sections
repeating the names), ELECTRA's ``| Metrics | MCC | Acc |`` row, HELMET's ``Context Window (K)`` and
AgentBench's ``VER``, DrQ-v2's learning curves (one agent), ripgrep's benchsuite ``raw.csv`` (five
samples of each tool and benchmark; ``env`` set for some tools), MiDaS's "Lower error values are
better". The published files are in ``tests/data/published/round15``; the tests here pin each rule on
a few lines, and follow each refusal's advice.
"""

from __future__ import annotations

import pytest

from jaxrate import io


def _read(tmp_path, text: str, name: str = "README.md", **options):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return io.read(str(path), io.ReadOptions(cli=True, **options))


_TWO_TABLES = """# Results

| Model | Correctness | Detail | Context |
|---|---|---|---|
| video-a | 2.4 | 2.5 | 2.9 |
| video-b | 2.5 | 2.6 | 3.0 |

## Zero-shot

| Model | MSVD | MSRVTT | TGIF | ActivityNet | Avg |
|---|---|---|---|---|---|
| model-a | 32.2 | 16.8 | 41.0 | 24.7 | 28.7 |
| model-b | 64.9 | 49.3 | - | 35.2 | 49.8 |
| model-c | 65.3 | 53.1 | 51.4 | 42.8 | 53.2 |
"""


def test_a_refusal_in_the_table_picked_says_which_and_how_to_read_another(tmp_path):
    with pytest.raises(ValueError, match=r"--missing .*\(read table 2, at line 10.*--table N") as refused:
        _read(tmp_path, _TWO_TABLES, higher_better=["*"])
    assert len(str(refused.value).splitlines()) == 1
    reading = _read(tmp_path, _TWO_TABLES, higher_better=["*"], table="1")
    assert reading.models == ["video-a", "video-b"] and reading.tasks == ["Correctness", "Detail", "Context"]
    with pytest.raises(ValueError, match="--missing") as given:  # a table named: nothing to add
        _read(tmp_path, _TWO_TABLES, higher_better=["*"], table="2")
    assert "read table" not in str(given.value)


_SECTIONS = """| | Average | SQuAD1.1 | MNLI | RACE |
|---|---|---|---|---|
|V2 |
|ALBERT-base | 82.3 | 90.2/83.2 | 84.6 | 66.8 |
|ALBERT-large | 85.7 | 91.8/85.2 | 86.5 | 75.2 |
|V1 |
|ALBERT-base | 80.1 | 89.3/82.3 | 81.6 | 64.0 |
|ALBERT-large | 82.4 | 90.6/83.9 | 83.5 | 68.5 |
"""


def test_names_repeated_across_sections_stay_refused_as_repeated(tmp_path):
    """Sections may be versions of the models (ALBERT's V2 / V1) or the tasks they were scored on: the
    names are not joined to them, and the refusal offers no column of scores as the names."""
    with pytest.raises(ValueError, match="duplicate model name 'ALBERT-base'") as refused:
        _read(tmp_path, _SECTIONS, higher_better=["*"], cells="1", exclude=["Average"])
    assert "--model-col 'SQuAD1.1'" not in str(refused.value)


def test_a_column_of_compound_scores_is_never_offered_as_the_models_names(tmp_path):
    text = "| | SQuAD1.1 | MNLI |\n|---|---|---|\n| base | 90.2/83.2 | 84.6 |\n| base | 89.3/82.3 | 81.6 |\n"
    with pytest.raises(ValueError, match="duplicate model name 'base'") as refused:
        _read(tmp_path, text, higher_better=["*"])
    assert "--model-col 'SQuAD1.1'" not in str(refused.value)


_METRICS_ROW = """| | CoLA | SST | STS | SQuAD 2.0 |
| --- | --- | --- | --- | --- |
| Metrics | MCC | Acc | Spearman | EM |
| ELECTRA-Large | 69.1 | 96.9 | 92.6 | 88.1 |
| ELECTRA-Small | 57.0 | 91.2 | 87.5 | -- |
"""


def test_a_row_naming_the_columns_metrics_is_joined_to_the_header(tmp_path):
    reading = _read(tmp_path, _METRICS_ROW, missing="drop-tasks")
    assert reading.models == ["ELECTRA-Large", "ELECTRA-Small"]
    assert reading.tasks == ["CoLA (MCC)", "SST (Acc)", "STS (Spearman)"]  # by their metrics: higher
    assert any("named 'Metrics'" in str(n) for n in reading.notes)
    # a first row named like a model is a model's, whatever its cells hold
    with pytest.raises(ValueError, match="not a number"):
        _read(tmp_path, _METRICS_ROW.replace("| Metrics |", "| Baseline |"), missing="drop-tasks")


def test_a_models_context_window_and_version_are_not_scores(tmp_path):
    text = (
        "Model,Context Window (K),VER,RAG,ICL\na,128,v1.3,60.1,70.2\nb,32,0613,55.0,72.9\nc,8,-,41.3,50.0\n"
    )
    reading = _read(tmp_path, text, "agg.csv", higher_better=["RAG", "ICL"])
    assert reading.tasks == ["RAG", "ICL"]


def test_a_long_table_of_one_model_is_refused_saying_so(tmp_path):
    text = "agent,task,seed,frame,episode_reward\n" + "".join(
        f"DrQ-v2,walker_walk,{s},{f},{100 * f + s}\n" for s in (1, 2) for f in (1, 2)
    )
    with pytest.raises(ValueError, match=r"every row's 'agent' is 'DrQ-v2': one model") as refused:
        _read(tmp_path, text, "curves.csv")
    assert len(str(refused.value).splitlines()) == 1


_SAMPLES = """benchmark,name,command,duration,lines,env
literal,rg,rg PM_RESUME,0.12,19,
literal,rg,rg PM_RESUME,0.14,19,
literal,rg,rg PM_RESUME,0.13,19,
literal,ag,ag PM_RESUME,0.50,19,
literal,ag,ag PM_RESUME,0.40,19,
literal,ag,ag PM_RESUME,0.45,19,
literal,grep,grep PM_RESUME,0.90,19,LC_ALL=C
literal,grep,grep PM_RESUME,0.80,19,LC_ALL=C
literal,grep,grep PM_RESUME,0.70,19,LC_ALL=C
word,rg,rg -w PM_RESUME,0.20,19,
word,rg,rg -w PM_RESUME,0.22,19,
word,ag,ag -w PM_RESUME,0.60,19,
word,ag,ag -w PM_RESUME,0.62,19,
word,grep,grep -w PM_RESUME,1.00,19,LC_ALL=C
word,grep,grep -w PM_RESUME,1.20,19,LC_ALL=C
"""


def test_rows_repeated_but_for_their_score_are_repeated_measurements(tmp_path):
    with pytest.raises(ValueError, match=r"--task-col 'benchmark' names the tasks by 'benchmark' alone"):
        _read(tmp_path, _SAMPLES, "raw.csv", metric="duration")
    reading = _read(tmp_path, _SAMPLES, "raw.csv", metric="duration", task="benchmark")
    assert reading.models == ["rg", "ag", "grep"] and reading.tasks == ["literal", "word"]
    assert -reading.scores[:, 0] == pytest.approx([0.13, 0.45, 0.80])  # seconds: lower is better
    assert -reading.scores[:, 1] == pytest.approx([0.21, 0.61, 1.10])
    said = [n for n in reading.assumed if "repeated measurements" in n.decision]
    assert said and "2 to 3 rows" in said[0].decision
    assert reading.replicates is not None  # --bootstrap resamples the samples
    assert reading.replicates.replicates().paired is False  # run r of rg is no pair of run r of ag
    # rows that differ in anything else are not averaged: the refusal names the column
    with pytest.raises(ValueError, match="they differ in 'command'"):
        changed = _SAMPLES.replace("rg -w PM_RESUME,0.22", "rg -x PM_RESUME,0.22")
        _read(tmp_path, changed, "raw.csv", metric="duration", task="benchmark")


def test_a_sentence_that_lower_values_are_better_says_the_direction(tmp_path):
    table = "\n\n| Model | DIW | Sintel |\n|---|---|---|\n| a | 0.11 | 0.24 |\n| b | 0.13 | 0.29 |\n"
    reading = _read(tmp_path, "Lower error values are better." + table)
    assert any("lower is better" in str(n) for n in reading.notes)
    assert (reading.scores < 0).all()  # negated: lower is better
    for text in ("Models with lower values are better calibrated.", "Lower scores are better than expected."):
        other = _read(tmp_path, text + table)  # not a sentence about the direction: nothing read from it
        assert not any("lower is better" in str(n) for n in other.notes) and (other.scores > 0).all()


_SPLIT = """## Summary
| Model | Avg. | Retrieval | STS |
|:--|:--|:--|:--|
| a | 70.0 | 75.0 | 65.0 |
| b | 60.0 | 55.0 | 65.0 |

## Retrieval
| Model | Avg. | jaqket<br>(ndcg@10) | mrtydi<br>(ndcg@10) |
|:--|:--|:--|:--|
| a | **75.0** | 80.0 | 70.0 |
| b | 55.0 | 60.0 | 50.0 |

## STS
| Model | Avg. | jsick<br>(spearman) | jsts<br>(spearman) |
|:--|:--|:--|:--|
| b | 65.0 | 66.0 | 64.0 |
| a | 65.0 | 60.0 | 70.0 |
"""


def test_a_board_split_in_one_table_per_category_is_joined_without_its_summary_and_averages(tmp_path):
    with pytest.raises(ValueError, match="parts of one board.*--table all"):
        _read(tmp_path, _SPLIT)
    reading = _read(tmp_path, _SPLIT, table="all")
    assert reading.models == ["a", "b"]
    assert reading.tasks == ["jaqket (ndcg@10)", "mrtydi (ndcg@10)", "jsick (spearman)", "jsts (spearman)"]
    assert reading.scores.tolist() == [[80.0, 70.0, 60.0, 70.0], [60.0, 50.0, 66.0, 64.0]]
    notes = " ".join(map(str, reading.notes))
    assert "other tables' headings (their summary)" in notes and "own 'Avg.'" in notes


def test_partial_runs_are_warned_of_in_counts_not_in_the_fields_tasks_leaves_out(tmp_path):
    rows = [(m, 50 + k, 1000 if m != "e" else 16, 8 if m != "a" else 5) for k, m in enumerate("abcdef")]
    text = "model,score,n_questions,answer_104\n" + "".join(f"{m},{s},{n},{a}\n" for m, s, n, a in rows)
    reading = _read(tmp_path, text, "board.csv", tasks=["score"])
    warned = [str(n) for n in reading.notes if "partial runs?" in str(n)]
    assert len(warned) == 1 and "'n_questions' is 1000 for all but 1 of the 6 models ('e' 16)" in warned[0]


def test_rows_repeated_whole_or_without_scores_are_not_measurements(tmp_path):
    with pytest.raises(ValueError, match=r"repeats \('A', 't1'\)"):  # a file written twice over
        _read(tmp_path, "model,task,score\nA,t1,1\nA,t1,1\nB,t1,2\nB,t1,2\n", "twice.csv")
    empty = _read(tmp_path, "model,task,score\nA,t1,1\nA,t1,\nB,t1,2\nB,t1,\n", "e.csv", higher_better=["*"])
    assert empty.scores.tolist() == [[1.0], [2.0]] and empty.replicates is None  # the empty rows dropped
    joined = _read(tmp_path, "family,size,task,score\nllama,7b,t1,1\nllama,13b,t1,2\n", "f.csv",
                   model="family,size", higher_better=["*"])  # fmt: skip
    assert joined.models == ["llama:7b", "llama:13b"]  # one family, two models: not one model


def test_a_metric_under_each_heading_stays_that_headings_task(tmp_path):
    head = "| Model | Valid (MAE) | Test (MAE) |\n|---|---|---|\n"
    text = f"## ZINC\n\n{head}| GCN | 0.4 | 0.5 |\n| GIN | 0.3 | 0.4 |\n"
    text += f"\n## QM9\n\n{head}| GCN | 0.1 | 0.2 |\n| GIN | 0.2 | 0.1 |\n"
    try:
        reading = _read(tmp_path, text, table="all")
    except ValueError as refused:  # asked which metric: the per-heading reading
        assert "metric" in str(refused)
    else:
        assert sorted(reading.models) == ["GCN", "GIN"]  # never 'ZINC/GCN' and 'QM9/GCN'


def test_timing_samples_written_as_durations_are_read_in_seconds(tmp_path):
    text = "benchmark,tool,time\n" + "".join(
        f"{b},{t},{v}\n"
        for b, t, vs in (("lit", "rg", ("120ms", "140ms")), ("lit", "ag", ("0.5s", "0.4s")),
                         ("word", "rg", ("200ms", "220ms")), ("word", "ag", ("600ms", "620ms")))
        for v in vs
    )  # fmt: skip
    reading = _read(tmp_path, text, "raw.csv", model="tool", task="benchmark", score="time")
    assert -reading.scores[:, 0] == pytest.approx([0.13, 0.45]) and -reading.scores[:, 1] == pytest.approx(
        [0.21, 0.61]
    )
    assert any("seconds" in str(n) for n in reading.notes)

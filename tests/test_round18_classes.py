"""Round 18's classes (issue 51), and round 17's left over: tables of one header whose rows are tasks
read together (FEDOT's AMLB tables: datasets under ``Task``, the systems the columns, one table per
kind of task with its metric in its heading).

The published files are in ``tests/data/published``; the tests here pin each rule on a few lines or
on the published file itself.
"""

from __future__ import annotations

import os

import pytest

from jaxrate import io

HERE = os.path.dirname(__file__)
FEDOT = os.path.join(
    HERE, "data/published/round17/tab_fedot_amlb_rst_tables/raw/docs/source/benchmarks/tabular.rst"
)


def _read(tmp_path, text: str, name: str = "README.md", **options):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return io.read(str(path), io.ReadOptions(cli=True, **options))


def test_turned_tables_of_one_header_are_more_tasks_of_the_same_models(tmp_path):
    page = (
        "## Classification (AUC)\n\n| Task | autogluon | h2o |\n|---|---|---|\n"
        "| adult | 0.93 | 0.92 |\n| credit | 0.78 | 0.80 |\n| empty | - | - |\n\n"
        "## Regression (RMSE)\n\n| Task | autogluon | h2o |\n|---|---|---|\n"
        "| boston | 3.1 | 3.4 |\n| abalone | 2.1 | 2.0 |\n"
    )
    reading = _read(tmp_path, page, table="all")
    assert sorted(reading.models) == ["autogluon", "h2o"]
    table = reading.table()
    assert len(reading.tasks) == 4 and table.shape == (2, 4)
    boston = next(t for t in reading.tasks if "boston" in t)
    assert table.loc["autogluon", boston] == pytest.approx(-3.1)  # RMSE: lower is better, from the heading
    adult = next(t for t in reading.tasks if "adult" in t)
    assert table.loc["h2o", adult] == pytest.approx(0.92)
    said = " ".join(map(str, reading.notes))
    assert "their columns the models and their rows more tasks" in said and "no score ('empty')" in said


def test_fedots_three_amlb_tables_read_together(tmp_path):
    reading = io.read(FEDOT, io.ReadOptions(cli=True, table="all", missing="drop-tasks"))
    assert len(reading.models) == 8 and "FEDOT" in reading.models
    # 100 datasets with a score, less those some system lacks (drop-tasks): none rated twice
    assert 80 <= len(reading.tasks) <= 100 and len(set(reading.tasks)) == len(reading.tasks)
    table = reading.table()
    assert table.loc["FEDOT", next(t for t in reading.tasks if t.endswith("car"))] < 0  # LogLoss, negated


ROUND18 = os.path.join(HERE, "data/published/round18")
ORION = os.path.join(ROUND18, "ts_orion_leaderboard_xlsx/raw/benchmark/leaderboard.xlsx")
SPACY = os.path.join(ROUND18, "nlp_spacy_benchmarks_models_mdx")


def test_a_workbook_of_several_sheets_is_refused_naming_them_and_read_by_the_one_picked():
    pytest.importorskip("openpyxl")
    with pytest.raises(
        ValueError, match=r"holds 2 sheets with cells .*'0.7.1-F1-Scores'.*--table"
    ) as refused:
        io.read(ORION, io.ReadOptions(cli=True))  # the first sheet is a summary: never read alone unsaid
    assert len(str(refused.value).splitlines()) == 1
    reading = io.read(ORION, io.ReadOptions(cli=True, table="0.7.1-F1-Scores", higher_better=["*"]))
    assert len(reading.models) == 14 and "aer" in reading.models
    # the top header row's merged cells over the row under them: 'NASA/MSL', 'NASA/SMAP', 'YAHOO/A1'
    assert {"NASA/MSL", "NASA/SMAP", "UCR", "YAHOO/A1", "NAB/Tweets"} <= set(reading.tasks)
    assert "std" not in reading.tasks and "mean" not in reading.tasks  # a spread, an aggregate
    assert reading.table().loc["aer", "NASA/MSL"] == pytest.approx(0.6571)
    assert any("two header rows as one" in str(n) for n in reading.notes)
    by_number = io.read(ORION, io.ReadOptions(cli=True, table="2", higher_better=["*"]))
    assert list(by_number.tasks) == list(reading.tasks)


_RUNS = """Benchmark,Size,Solver,Status,Runtime (s)
pypsa,2-1h,cbc,ok,1237.2
pypsa,2-1h,gurobi,ok,15.9
pypsa,2-1h,highs,ok,80.1
pypsa,4-1h,cbc,TO,86400.0
pypsa,4-1h,gurobi,ok,40.2
pypsa,4-1h,highs,warning,3.0
"""


def test_runs_whose_status_says_they_did_not_end_are_refused_naming_the_where_that_keeps_the_others(
    tmp_path,
):
    options = dict(model="Solver", task="Size", score="Runtime (s)")
    with pytest.raises(ValueError, match=r"'Status' says 2 of 6 rows did not end") as refused:
        _read(tmp_path, _RUNS, "runs.csv", **options)
    message = str(refused.value)
    assert "--where 'Status=ok'" in message and "'TO': 1" in message and len(message.splitlines()) == 1
    reading = _read(tmp_path, _RUNS, "runs.csv", where=["Status=ok"], missing="drop-tasks", **options)
    assert sorted(reading.models) == ["cbc", "gurobi", "highs"]
    every = _read(tmp_path, _RUNS, "runs.csv", where=["Status=ok|TO|warning"], **options)
    assert every.table().loc["cbc", "4-1h"] == pytest.approx(-86400.0)  # the user said every row counts
    # a status of one kind only, or of no word for a run that ended, is no refusal
    assert (
        len(_read(tmp_path, _RUNS.replace("TO", "ok").replace("warning", "ok"), "ok.csv", **options).models)
        == 3
    )


def test_a_percent_mean_with_a_percent_spread_is_its_mean(tmp_path):
    page = "| model | Hits@20 |\n|---|---|\n| GCN | 48.22% ± 7.00% |\n| SAGE | 61.50% ± 0.80% |\n"
    reading = _read(tmp_path, page)
    assert reading.table().loc["GCN", "Hits@20"] == pytest.approx(48.22)
    assert any("'mean ± spread'" in str(n) for n in reading.notes)


def test_an_mdx_page_is_read_as_markdown():
    with open(os.path.join(SPACY, "input.txt"), encoding="utf-8") as f:
        given = f.readline().strip()
    reading = io.read(os.path.join(SPACY, given), io.ReadOptions(cli=True))
    assert "en_core_web_lg (spaCy v2)" in reading.models and "en_core_web_lg (spaCy v3)" in reading.models


def test_headings_that_differ_only_in_case_do_not_tell_tables_apart(tmp_path):
    page = "".join(
        f"## {dataset}\n\n### {perf}\n\n| model | acc |\n|---|---|\n| a | 0.{k}1 |\n| b | 0.{k}2 |\n\n"
        for k, (dataset, perf) in enumerate([("ddi", "performance"), ("collab", "Performance")], 1)
    )
    reading = _read(tmp_path, page, table="all")
    assert sorted(reading.models) == ["a", "b"] and len(reading.tasks) == 2
    assert all(t.split("/")[0] in ("ddi", "collab") for t in reading.tasks), reading.tasks


def test_end_point_error_is_lower_is_better_by_name(tmp_path):
    reading = _read(
        tmp_path, "model,PCK,EPE\nres50,0.98,19.2\nhrnet,0.99,18.1\n", "pose.csv", higher_better=["PCK"]
    )
    assert reading.table().loc["hrnet", "EPE"] == pytest.approx(-18.1)


def test_a_dataset_named_in_mixed_case_is_not_a_metric_inside_it(tmp_path):
    # spaCy's "CoNLL '03" was lower-is-better by name: 'nll' read inside 'CoNLL'
    table = "model,CoNLL '03,OntoNotes,val_NLL\nen_core_web_lg,91.6,89.8,0.3\nen_core_web_trf,92.2,90.1,0.2\n"
    with pytest.raises(ValueError, match=r"nothing says whether higher or lower is better on \"CoNLL '03\""):
        _read(tmp_path, table, "ner.csv")
    reading = _read(tmp_path, table, "ner.csv", higher_better=["CoNLL '03", "OntoNotes"])
    assert reading.table().loc["en_core_web_trf", "val_NLL"] == pytest.approx(-0.2)  # still lower by name

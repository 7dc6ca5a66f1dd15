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

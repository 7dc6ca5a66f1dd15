"""Round 13's classes (issue 51): summaries found by their values, units in names and cells, words that
mean "not run", and tables joined under their headings turned with their headings on the tasks.

RPBench-Auto's ``Avg. Win Rate`` beside ``Character`` and ``Scene``, MDPBench's group ``Avg.`` columns
and its ``Overall / ...`` group, anomalib's ``Average`` row under its categories, regex-benchmark's
``Email(ms)`` and ``Total(ms)``, xxHash's ``31.5 GB/s``, code-eval's ``pending``. The published files
are in ``tests/data/published/round13``; the tests here pin each rule on a page of a few lines.
"""

from __future__ import annotations

import numpy as np
import pytest

from jaxrate import io
from jaxrate.io._assumed import assumed_in
from jaxrate.io._averages import aggregate_of
from jaxrate.io._roles import direction


def _read(tmp_path, text: str, name: str = "page.csv", **options):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return io.read(str(path), io.ReadOptions(cli=True, **options))


_WIN_RATES = """Rank,Model,Character,Scene,Avg. Win Rate
1,model-a,68.25%,73.68%,70.97%
2,model-b,56.68%,63.17%,59.92%
3,model-c,57.00%,61.68%,59.34%
4,model-d,54.00%,62.81%,58.41%
5,model-e,41.10%,47.30%,44.20%
6,model-f,30.02%,35.51%,32.77%
"""


def test_a_column_that_is_the_mean_of_the_others_in_every_row_is_left_out_and_said(tmp_path):
    reading = _read(tmp_path, _WIN_RATES)
    assert reading.tasks == ["Character", "Scene"]
    said = [n for n in assumed_in(reading.notes) if n.topic == "columns"]
    assert any("'Avg. Win Rate'" in n and "in every row the mean of 'Character', 'Scene'" in n for n in said)
    with pytest.raises(ValueError, match="--strict"):
        _read(tmp_path, _WIN_RATES, strict=True, higher_better="*")
    kept = _read(tmp_path, _WIN_RATES, tasks="Character,Scene,Avg. Win Rate", higher_better="*")  # as said
    assert kept.tasks == ["Character", "Scene", "Avg. Win Rate"]


def test_a_sum_and_a_group_mean_beside_their_parts_are_found_and_chance_agreement_is_not():
    rng = np.random.default_rng(5)
    parts = np.round(rng.uniform(0, 100, size=(8, 4)), 1)
    group = np.round(parts[:, 1:4].mean(axis=1), 1)  # a group's "Avg." before its three members
    found = aggregate_of(
        ["A", "G / Avg.", "G / x", "G / y", "G / z"],
        np.column_stack([parts[:, :1], group, parts[:, 1:]]),
        [1] * 5,
    )
    assert list(found) == ["G / Avg."] and "mean of 'G / x', 'G / y', 'G / z'" in found["G / Avg."]
    total = np.round(parts.sum(axis=1), 1)  # regex-benchmark's "Total(ms)"
    found = aggregate_of(["a", "b", "c", "d", "Total"], np.column_stack([parts, total]), [1] * 5)
    assert list(found) == ["Total"] and "sum of 'a', 'b', 'c', 'd'" in found["Total"]
    # ToolBench's G3 lies within the rounding of G1's and G2's mean in all four of its rows, one of them
    # the reference model's 0.5 everywhere: too few rows to say anything
    toolbench = np.array([[0.67, 0.8, 0.74], [0.66, 0.86, 0.76], [0.51, 0.65, 0.57], [0.5, 0.5, 0.5]])
    assert aggregate_of(["G1", "G2", "G3"], toolbench, [2, 2, 2]) == {}
    noise = np.round(rng.uniform(0, 1, size=(40, 12)), 2)
    assert aggregate_of([f"t{j}" for j in range(12)], noise, [2] * 12) == {}


_CATEGORIES = """### Image-Level AUC

|            | ResNet-18 | Wide ResNet50 | DeiT  | CaiT  |
| ---------- | :-------: | :-----------: | :---: | :---: |
| Bottle     |   1.000   |     1.000     | 0.905 | 0.986 |
| Cable      |   0.891   |     0.962     | 0.942 | 0.839 |
| Capsule    |   0.900   |     0.963     | 0.819 | 0.913 |
| Carpet     |   0.979   |     0.994     | 0.999 | 1.000 |
| Grid       |   0.988   |     1.000     | 0.991 | 0.979 |
| Average    |   0.952   |     0.984     | 0.931 | 0.943 |

### Pixel-Level AUC

|            | ResNet-18 | Wide ResNet50 | DeiT  | CaiT  |
| ---------- | :-------: | :-----------: | :---: | :---: |
| Bottle     |   0.977   |     0.987     | 0.931 | 0.960 |
| Cable      |   0.964   |     0.972     | 0.983 | 0.949 |
| Capsule    |   0.987   |     0.990     | 0.973 | 0.983 |
| Carpet     |   0.986   |     0.992     | 0.983 | 0.990 |
| Grid       |   0.992   |     0.994     | 0.957 | 0.966 |
| Average    |   0.981   |     0.987     | 0.965 | 0.970 |
"""


def test_architectures_as_columns_turn_the_table_and_its_average_row_is_left_out(tmp_path):
    reading = _read(tmp_path, _CATEGORIES, name="README.md", table=1)
    assert reading.models == ["ResNet-18", "Wide ResNet50", "DeiT", "CaiT"]
    assert reading.tasks == ["Bottle", "Cable", "Capsule", "Carpet", "Grid"]
    assert any(
        n.topic == "orientation" and "the column names are model names" in n
        for n in assumed_in(reading.notes)
    )


def test_tables_joined_under_their_headings_turn_with_the_headings_on_the_tasks(tmp_path):
    reading = _read(tmp_path, _CATEGORIES, name="README.md", table="all")
    assert reading.models == ["ResNet-18", "Wide ResNet50", "DeiT", "CaiT"]
    assert reading.tasks[:2] == ["Image-Level/Bottle", "Image-Level/Cable"] and len(reading.tasks) == 10
    assert not any("Average" in t for t in reading.tasks)
    said = [n for n in assumed_in(reading.notes) if n.topic == "orientation"]
    assert said, "a joined table is turned with a word, as one table is"
    scores = dict(zip(reading.models, reading.scores))
    np.testing.assert_allclose(scores["DeiT"][[0, 5]], [0.905, 0.931])


def test_an_average_row_under_models_is_left_out_only_where_it_is_their_average(tmp_path):
    rows = "model,a,b,c\nm1,1.0,2.0,3.0\nm2,3.0,1.0,2.0\nm3,2.0,4.0,1.0\nm4,6.0,1.0,2.0\nm5,3.0,2.0,22.0\n"
    averaged = rows + "Average,3.0,2.0,6.0\n"  # three columns suffice for a row so named
    reading = _read(tmp_path, averaged)
    assert "Average" not in reading.models and len(reading.models) == 5
    assert any("left out the row 'Average': in every column the mean" in n for n in reading.notes)
    baseline = rows + "Mean,9.0,0.5,4.0\n"  # a model named Mean (predicts the mean): kept
    assert "Mean" in _read(tmp_path, baseline).models


@pytest.mark.parametrize(
    ("name", "higher"),
    [("Email(ms)", False), ("Build [sec]", False), ("Bandwidth (GB/s)", True), ("Decode (tok/s)", True),
     ("STS-B (S)", None), ("Model(s)", None), ("Small Data Velocity", True)],
)  # fmt: skip
def test_a_unit_closing_a_name_says_its_direction(name, higher):
    assert direction(name) is higher


def test_rates_with_their_unit_are_numbers_and_pending_is_not_run(tmp_path):
    page = (
        "| Hash | Bandwidth | Small Data Velocity |\n|---|---|---|\n| h1 | 31.5 GB/s | 133.1 |\n"
        "| h2 | 29.6 GB/s | 118.1 |\n| h3 | 900 MB/s | 76.6 |\n| h4 | pending | pending |\n"
    )
    reading = _read(tmp_path, page, name="README.md", missing="drop-models", higher_better="Bandwidth")
    scores = dict(zip(reading.models, reading.scores))
    np.testing.assert_allclose(scores["h3"], [0.9, 76.6])
    assert "h4" not in scores and any("read the rates of 'Bandwidth'" in n for n in reading.notes)
    with pytest.raises(ValueError, match="no score for 'h4'"):
        _read(tmp_path, page, name="README.md", higher_better="Bandwidth")

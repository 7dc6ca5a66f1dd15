"""Round 16's classes (issue 51): a folder of pages whose picked table repeats a column name, summary
columns of a rank average and a count of wins, an error named with its variant in brackets, one
unnamed text column, score cells marked with a picture, and a judge table's Chinese count and average
columns.

cvpods' COCO logs (``| category | AP | category | AP |``: a traceback), dl-4-tsc's
``Average_Rank`` and ``Wins`` rows (rated higher-is-better without a word), pycls's ``error (top-1)``
(read as an accuracy by its ``top``), MS MARCO's leaderboard (an unnamed emoji column refused before
``--tasks``), Chinese-LLaMA-Alpaca's ``👍🏻82.0`` cells and its ``样例数`` / ``💯总平均分`` columns. The
published files are in ``tests/data/published/round16``; the tests here pin each rule on a few lines.
"""

from __future__ import annotations

import pytest

from jaxrate import io


def _read(tmp_path, text: str, name: str = "README.md", **options):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return io.read(str(path), io.ReadOptions(cli=True, **options))


_LOG = """# {name}

| AP | AP50 |
|---|---|
| {ap} | {ap50} |

### Per-category bbox AP:

| category | AP | category | AP | category | AP |
|---|---|---|---|---|---|
| person | {ap} | bicycle | 28.9 | car | 42.9 |
| motorcycle | 41.0 | airplane | 63.7 | bus | 64.2 |
"""


def test_a_folder_whose_picked_tables_repeat_a_column_name_is_refused_naming_the_table(tmp_path):
    for name, ap, ap50 in (("atss", 39.4, 57.5), ("fcos", 38.7, 57.4), ("retina", 36.4, 55.9)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "README.md").write_text(_LOG.format(name=name, ap=ap, ap50=ap50), encoding="utf-8")
    options = io.ReadOptions(cli=True, higher_better=["*"])
    with pytest.raises(
        ValueError, match=r"'category' is written 3 times.*read table 2.*--table N"
    ) as refused:
        io.read(str(tmp_path), options)
    assert len(str(refused.value).splitlines()) == 1
    reading = io.read(
        str(tmp_path), io.ReadOptions(cli=True, higher_better=["*"], table="1")
    )  # advice followed
    assert len(reading.models) == 3 and reading.tasks == ["AP", "AP50"]


_SUMMARY_ROWS = """,MLP,FCN,ResNet
AUSLAN,93.3,97.5,97.4
ECG,83.5,87.2,86.7
Wafer,89.4,98.2,98.9
Average_Rank,3.0,1.33,1.67
Wins,0,2,1
"""


def test_a_rank_average_and_a_count_of_wins_are_no_tasks(tmp_path):
    with pytest.raises(ValueError, match=r"also holds 'Wins', which are not scores"):
        _read(tmp_path, _SUMMARY_ROWS, "results.csv", models="columns")
    reading = _read(
        tmp_path, _SUMMARY_ROWS, "results.csv", models="columns", higher_better=["AUSLAN", "ECG", "Wafer"]
    )
    assert reading.models == ["MLP", "FCN", "ResNet"] and reading.tasks == ["AUSLAN", "ECG", "Wafer"]
    said = " ".join(map(str, reading.notes))
    assert "'Average_Rank': an average rank over the other columns" in said and "'Wins'" in said


def test_an_error_named_with_its_variant_in_brackets_is_lower_is_better():
    from jaxrate.io._roles import direction

    assert direction("error (top-1)") is False and direction("Top-1 error") is False
    assert direction("acc (top5)") is True and direction("Accuracy (top-1)") is True
    assert direction("STS-B (S)") is None and direction("Time (ms)") is False


def test_one_unnamed_text_column_is_named_by_its_place_and_left_out(tmp_path):
    text = (
        "id,,description,eval,dev\nr1,\U0001f3c6,RocketQA,0.426,0.439\nr2,,BM25,0.187,0.184\n"
        "r3,,ColBERT,0.360,0.368\n"
    )
    given = {"higher_better": ["eval", "dev"], "exclude": ["description"]}
    reading = _read(tmp_path, text, "leaderboard.csv", **given)
    assert reading.models == ["r1", "r2", "r3"] and reading.tasks == ["eval", "dev"]
    with pytest.raises(ValueError, match=r"agent 2 has an empty name; .*--model-col"):  # a blank name: advice
        _read(tmp_path, text.replace("r2,", ",", 1), "blank.csv", higher_better=["eval", "dev"])


def test_score_cells_marked_with_a_picture_are_their_numbers():
    from jaxrate.io._cells import value

    assert value("\U0001f44d\U0001f3fb82.0", ".") == 82.0 and value("\U0001f947 90.1", ".") == 90.1
    assert value("82.0 \U0001f525", ".") == 82.0
    for text in ("\u2705", "\U0001f947 gold", "82.0 x"):
        with pytest.raises(ValueError):
            value(text, ".")


_JUDGE = """| 测试任务 | 样例数 | Alpaca-Plus-7B | Alpaca-Plus-13B | Alpaca-33B |
|---|---|---|---|---|
| 💯总平均分 | 200 | 75.3 | 79.4 | \U0001f44d\U0001f3fb82.5 |
| 知识问答 | 20 | 70.5 | 79.5 | \U0001f44d\U0001f3fb82.3 |
| 开放式问答 | 20 | \U0001f44d\U0001f3fb80.5 | 80.0 | 78.5 |
| 数值计算、推理 | 20 | 51.0 | 61.5 | \U0001f44d\U0001f3fb84.5 |
"""


def test_a_judge_table_s_count_and_average_in_chinese_are_no_model_and_no_task(tmp_path):
    reading = _read(tmp_path, _JUDGE, higher_better=["*"])
    assert reading.models == ["Alpaca-Plus-7B", "Alpaca-Plus-13B", "Alpaca-33B"]
    assert reading.tasks == ["知识问答", "开放式问答", "数值计算、推理"]
    said = " ".join(map(str, reading.notes))
    assert "样例数" in said and "总平均分" in said


def test_the_rules_leave_alone_what_looks_like_them_and_is_not():
    # A review of the rules above: a tally with no summary beside it, a bracket that is the only
    # direction, an arrow that signs a change, a mean rank beside retrieval metrics, whole Chinese
    # names only, and a blank header over numbers (a spread): each read or refused as before.
    from jaxrate.io._cells import value
    from jaxrate.io._roles import _by_name, _shared, direction

    names = ["Wins", "Avg reward", "Success rate"]
    assert _by_name("Wins", _shared(names)) is None
    names = ["x", "y", "Average_Rank", "Wins"]
    assert _by_name("Wins", _shared(names))[0] == "count"
    assert direction("ImageNet (top-1)") is True
    for text in ("\u25bc1.3", "30.0 \u25b2", "\U0001f53b52.5"):
        with pytest.raises(ValueError):
            value(text, ".")
    names = ["MRR", "Hits@1", "Hits@10", "Avg Rank"]
    assert _by_name("Avg Rank", _shared(names)) is None
    assert _by_name("通过题数", _shared(["MMLU", "通过题数"])) is None
    assert _by_name("平均精度", _shared(["准确率", "平均精度"])) is None


def test_a_blank_header_over_numbers_is_still_refused(tmp_path):
    text = "model,MMLU acc,,GSM8K acc\na,61.2,0.4,55.0\nb,58.3,0.5,60.1\nc,70.2,0.3,65.5\n"
    with pytest.raises(ValueError, match="task 2 has an empty name"):
        _read(tmp_path, text, "blank.csv")

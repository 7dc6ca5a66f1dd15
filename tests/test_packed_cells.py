"""Cells and rows that reports pack their results into (issue 51, round 10's classes).

Two results in one cell (WeatherBench's ``154 / 334`` under ``Z500 RMSE (3 / 5 days)``, Magicoder's
``60.4 (55.5)`` under ``HumanEval (+)``), durations written with their unit (rebar's ``58.76us``
beside ``1.51ms``), a row of settings under the header (Yi's ``5-shot``), a column of group labels
beside the names (InternLM's ``General``), HTML group rows across the table (MiniCPM-V's
``Proprietary``). The published files are in ``tests/data/published/round10``; the tests here pin
each rule on a page of a few lines.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from jaxrate import io
from jaxrate.cli import main
from jaxrate.io._assumed import assumed_in
from jaxrate.io._roles import direction


def _read(tmp_path, text: str, name: str = "page.md", **options):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return io.read(str(path), io.ReadOptions(cli=True, **options))


_LEAD_TIMES = (
    "| Model | Z500 RMSE (3 / 5 days) [m<sup>2</sup>/s<sup>2</sup>] | T850 RMSE (3 / 5 days) [K] | Note |\n"
    """|---|---|---|---|
| Operational IFS | 154 / 334 | 1.36 / 2.03 | physical model |
| IFS T63 | **268 / 463** | 1.85 / 2.52 | lower resolution |
| Weekly climatology | 816 | 3.50 | one number for both |
| Persistence | 936 / 1033 | 4.23 / 5.17 | the last state |
"""
)


def test_cells_split_where_the_header_names_their_parts_said_and_refused_by_strict(tmp_path):
    reading = _read(tmp_path, _LEAD_TIMES)
    assert reading.tasks == [
        "Z500 RMSE (3 days) [m2/s2]",
        "Z500 RMSE (5 days) [m2/s2]",
        "T850 RMSE (3 days) [K]",
        "T850 RMSE (5 days) [K]",
    ]
    scores = dict(zip(reading.models, np.abs(reading.scores)))
    np.testing.assert_array_equal(scores["Operational IFS"], [154, 334, 1.36, 2.03])
    np.testing.assert_array_equal(scores["IFS T63"], [268, 463, 1.85, 2.52])
    np.testing.assert_array_equal(scores["Weekly climatology"], [816, 816, 3.5, 3.5])  # said, below
    assert (reading.scores < 0).all()  # RMSEs: lower is better, rated negated
    said = [n for n in assumed_in(reading.notes) if n.topic == "cells"]
    assert len(said) == 2 and "one number taken for every part" in said[0] and "--cells 1" in said[0]
    with pytest.raises(ValueError, match="--strict: reading it would assume read the 'Z500"):
        _read(tmp_path, _LEAD_TIMES, strict=True)
    pinned = _read(tmp_path, _LEAD_TIMES, strict=True, cells="split", lower_better="*RMSE*")
    np.testing.assert_array_equal(pinned.scores, reading.scores)
    first = _read(tmp_path, _LEAD_TIMES, cells=1)
    assert first.tasks == ["Z500 RMSE (3 / 5 days) [m2/s2]", "T850 RMSE (3 / 5 days) [K]"]
    np.testing.assert_array_equal(np.abs(first.scores[:, 0]), [154, 268, 816, 936])
    second = _read(tmp_path, _LEAD_TIMES, cells="2")
    np.testing.assert_array_equal(np.abs(second.scores[:, 1]), [2.03, 2.52, 3.5, 5.17])


_PLUS = """| Model | Size | HumanEval (+) | MBPP (+) |
|---|---|---|---|
| Magicoder-CL-7B | 7B | 60.4 (55.5) | 64.2 (52.6) |
| Magicoder-*S*-CL-7B | 7B | 70.7 (66.5) | 68.4 (56.6) |
| Magicoder-S-DS-6.7B | 6.7B | **76.8** (**70.7**) | **75.7** (**64.4**) |
"""


def test_cells_whose_parts_the_header_does_not_name_are_refused_naming_both_readings(tmp_path):
    with pytest.raises(ValueError) as err:
        _read(tmp_path, _PLUS)
    message = str(err.value)
    assert "'HumanEval (+)' holds 2 numbers ('60.4 (55.5)')" in message and "\n" not in message
    assert "--cells split rates each as its own task ('HumanEval', 'HumanEval (+)')" in message
    assert "--cells 1 the first only" in message
    split = _read(tmp_path, _PLUS, cells="split")  # the advice, followed
    assert split.tasks == ["HumanEval", "HumanEval (+)", "MBPP", "MBPP (+)"]
    got = dict(zip(split.models, split.scores))
    np.testing.assert_array_equal(got["Magicoder-S-DS-6.7B"], [76.8, 70.7, 75.7, 64.4])
    first = _read(tmp_path, _PLUS, cells=1)
    np.testing.assert_array_equal(first.scores[:, 0], [60.4, 70.7, 76.8])
    assert _read(tmp_path, _PLUS, exclude="MBPP*", cells=1).tasks == ["HumanEval (+)"]
    with pytest.raises(ValueError, match="'MBPP \\(\\+\\)' holds 2 numbers"):
        _read(tmp_path, _PLUS, exclude="HumanEval*")  # the column left is still packed


def test_a_bracketed_spread_is_not_a_task_and_parts_that_are_not_scores_are_left_out_said(tmp_path):
    spread = "| model | Acc (std) | F1 |\n|---|---|---|\n| a | 67.1 (2.9) | 0.5 |\n| b | 70.2 (1.1) | 0.6 |\n"
    reading = _read(tmp_path, spread)
    assert reading.tasks == ["Acc (std)", "F1"]
    np.testing.assert_array_equal(reading.scores[:, 0], [67.1, 70.2])
    assert any(n.topic == "cells" and "number 1 of their 2" in n for n in assumed_in(reading.notes))
    speeds = (
        "| model | NDCG@10 | Queries (GPU / CPU) |\n|---|---|---|\n| a | 67.5 | 18000 / 750 |\n"
        "| b | 65.1 | 11000 / 400 |\n"
    )
    reading = _read(tmp_path, speeds)
    assert reading.tasks == ["NDCG@10"]
    assert any(
        "left out 'Queries (GPU / CPU)': 2 numbers a cell ('18000 / 750')" in n and "--cells split" in n
        for n in reading.notes
    )
    both = _read(tmp_path, speeds, cells="split", higher_better="Queries*")
    assert both.tasks == ["NDCG@10", "Queries (GPU)", "Queries (CPU)"]


def test_cells_option_is_checked_before_reading_and_a_turned_table_is_not_split(tmp_path):
    for bad in ("0", "first", "1.5", -1):
        with pytest.raises(ValueError, match="cells must be split or a part number"):
            io.ReadOptions(cells=bad)
    assert main(["read", str(tmp_path / "none.csv"), "--cells", "x"]) == 2
    turned = (
        "| Benchmark | GPT-4 | Llama |\n|---|---|---|\n| MMLU | 86.4 (84.1) | 69.8 (68.0) |\n"
        "| GSM8K | 92.0 (90.1) | 56.8 (55.0) |\n| MATH | 52.9 (50.3) | 13.5 (12.0) |\n"
    )
    with pytest.raises(ValueError, match="this table's models are its columns; --cells 1"):
        _read(tmp_path, turned, cells="split")
    reading = _read(tmp_path, turned, cells=1)
    assert sorted(reading.models) == ["GPT-4", "Llama"] and reading.tasks == ["MMLU", "GSM8K", "MATH"]


def test_durations_with_units_are_seconds_and_times(tmp_path):
    rows = [
        "name,engine,median,iters",
        "literal/en,re2,80.29us,37320",
        "literal/en,pcre2,1.51ms,400",
        "literal/en,hyperscan,294.00ns,90000",
        "date/compile,re2,4.57s,3",
        "date/compile,pcre2,2.1s,3",
        "date/compile,hyperscan,1min,1",
    ]
    path = tmp_path / "bench.csv"
    path.write_text("\n".join(rows) + "\n")
    reading = io.read(str(path), io.ReadOptions(model="engine", task="name", score="median"))
    got = dict(zip(reading.models, -reading.scores))  # times: lower is better, rated negated
    np.testing.assert_allclose(got["re2"], [80.29e-6, 4.57], rtol=1e-15)
    np.testing.assert_allclose(got["hyperscan"], [294e-9, 60.0], rtol=1e-15)
    assert any(
        "read the durations of 'median' in seconds" in n and "'80.29us' is 8.029e-05 s" in n
        for n in reading.notes
    )
    beside = (
        "| model | HR@5 | Time/iter |\n|---|---|---|\n| a | 0.35 | 2.5s |\n| b | 0.37 | 6.1s |\n"
        "| c | 0.30 | 120ms |\n"
    )
    wide = _read(tmp_path, beside)
    assert wide.tasks == ["HR@5"] and any("left out 'Time/iter': durations ('2.5s')" in n for n in wide.notes)
    rated = _read(tmp_path, beside, tasks="HR@5,Time/iter", higher_better="HR@5")
    np.testing.assert_allclose(rated.scores[:, 1], [-2.5, -6.1, -0.12])
    mixed = "| model | t |\n|---|---|\n| a | 2.5s |\n| b | 6.1 |\n"
    with pytest.raises(ValueError, match="no column of numbers|not a number"):
        _read(tmp_path, mixed)  # a plain number beside durations: its unit is unknown


def test_a_time_in_its_unit_is_lower_is_better():
    assert direction("Time (ms)") is False and direction("Latency (ms)") is False
    assert direction("Time") is False and direction("ms_marco") is None


_SHOTS = """| Model | MMLU | CMMLU | BBH | Math & Code |
| :-- | :-: | :-: | :-: | :-: |
|  | 5-shot | 5-shot | 3-shot@1 | - |
| LLaMA2-34B | 62.6 | 60.0 | 44.1 | 26.0 |
| Qwen-14B | 66.3 | 71.0 | 53.4 | 39.8 |
| Yi-34B | 76.3 | 83.7 | 54.3 | 41.2 |
"""


def test_a_row_of_settings_under_the_header_is_not_a_model(tmp_path):
    reading = _read(tmp_path, _SHOTS)
    assert reading.models == ["LLaMA2-34B", "Qwen-14B", "Yi-34B"]
    assert any("as the columns' settings" in n and "'5-shot'" in n for n in reading.notes)
    nameless = _SHOTS.replace("|  | 5-shot | 5-shot | 3-shot@1 | - |", "|  | 61.0 | 60.0 | 40.0 | 20.0 |")
    with pytest.raises(ValueError, match="empty name"):
        _read(tmp_path, nameless)  # numbers with no name: a model whose name is missing, not settings


_GROUPED = """| Benchmark |  | InternLM3-8B | Qwen2.5-7B | GPT-4o-mini |
| --- | --- | --- | --- | --- |
| General | CMMLU(0-shot) | **83.1** | 75.8 | 66.0 |
|  | MMLU(0-shot) | 76.6 | **76.8** | 82.7 |
|  | MMLU-Pro(0-shot) | **57.6** | 56.2 | 64.1 |
| Reasoning | GPQA-Diamond(0-shot) | **37.4** | 33.3 | 42.9 |
|  | DROP(0-shot) | **83.1** | 80.4 | 85.2 |
| Long Context | RULER(4-128K Average) | 87.9 | 81.4 | 78.5 |
"""


def test_a_column_of_group_labels_beside_the_names_is_left_out_said(tmp_path):
    reading = _read(tmp_path, _GROUPED, higher_better="*")
    assert sorted(reading.models) == ["GPT-4o-mini", "InternLM3-8B", "Qwen2.5-7B"]
    assert "MMLU(0-shot)" in reading.tasks and "General" not in reading.tasks
    assert "RULER(4-128K Average)" in reading.tasks  # a benchmark's own average, not the table's
    assert any(
        "the first ('Benchmark') labels groups of rows ('General', 'Reasoning'" in n for n in reading.notes
    )
    got = dict(zip(reading.models, reading.scores))
    np.testing.assert_array_equal(got["InternLM3-8B"], [83.1, 76.6, 57.6, 37.4, 83.1, 87.9])


def test_html_group_rows_across_the_table_are_section_rows(tmp_path):
    page = (
        "<table>\n<thead><tr><th>Model</th><th>OCRBench</th><th>MME</th></tr></thead>\n<tbody>\n"
        '<tr><td colspan="3">Proprietary</td></tr>\n'
        "<tr><td>GPT-4V</td><td>645</td><td>1926.6</td></tr>\n"
        "<tr><td>Gemini Pro</td><td>680</td><td>2148.9</td></tr>\n"
        '<tr><td colspan="3">Open-source</td></tr>\n'
        "<tr><td>LLaVA</td><td>574</td><td>1867.6</td></tr>\n</tbody></table>\n"
    )
    reading = _read(tmp_path, page)
    assert reading.models == ["GPT-4V", "Gemini Pro", "LLaVA"] and reading.tasks == ["OCRBench", "MME"]
    assert any("section headings" in n and "'Proprietary', 'Open-source'" in n for n in reading.notes)


def test_a_joined_tables_own_average_is_an_aggregate_and_a_reference_row_is_said(tmp_path):
    page = (
        "## MRR@100\n\n|  | Ar | Bn | avg |\n|---|---|---|---|\n| BM25 | 0.368 | 0.418 | 0.393 |\n"
        "| mDPR | 0.260 | 0.258 | 0.259 |\n| hybrid | 0.491 | 0.535 | 0.513 |\n\n"
        "## Recall@100\n\n|  | Ar | Bn | avg |\n|---|---|---|---|\n| BM25 | 0.793 | 0.869 | 0.831 |\n"
        "| mDPR | 0.620 | 0.671 | 0.645 |\n| hybrid | 0.863 | 0.937 | 0.900 |\n"
    )
    reading = _read(tmp_path, page, table="all")
    assert reading.tasks == ["MRR@100/Ar", "MRR@100/Bn", "Recall@100/Ar", "Recall@100/Bn"]
    assert any("left out 'MRR@100/avg'" in n for n in reading.notes)
    own = "| Model | Hopper/average | Walker/average |\n|---|---|---|\n| a | 1.0 | 2.0 |\n| b | 2.0 | 1.0 |\n"
    assert _read(tmp_path, own).tasks == ["Hopper/average", "Walker/average"]  # each task's own
    rows = (
        "| Model | FCD | SNN |\n|---|---|---|\n| *Train* | 0.008 | 0.64 |\n| VAE | 0.099 | 0.62 |\n"
        "| AAE | 0.556 | 0.60 |\n"
    )
    reading = _read(tmp_path, rows)
    assert "Train" in reading.models
    assert any("rated 'Train' as a model" in n and "--where 'Model!=Train'" in n for n in reading.notes)
    left = _read(tmp_path, rows, where="Model!=Train")  # the advice, followed
    assert left.models == ["VAE", "AAE"]
    with pytest.raises(ValueError, match="no row has that"):
        _read(tmp_path, rows, where="Model!=GAN")


def test_one_systems_statistics_are_not_models(tmp_path):
    page = (
        "| Game | Mean | Std | MAX | Completion % |\n|---|---|---|---|---|\n"
        "| 905.z5 | 0.0 | 0.0 | 1 | 0.0 |\n"
        "| acorncourt.z5 | 10.0 | 0.0 | 30 | 33.3 |\n| advent.z5 | 73.7 | 8.0 | 350 | 21.1 |\n"
    )
    with pytest.raises(ValueError, match="are statistics of one system's results, not systems"):
        _read(tmp_path, page)
    reading = _read(tmp_path, page, models="columns", tasks="*")  # said otherwise: rated as asked
    assert len(reading.models) >= 3


def test_an_unnamed_last_row_and_a_prefix_all_row_are_aggregates(tmp_path):
    page = (
        "|  | **MPT7B** | **Falcon7B** | **xgen7B** |\n|---|---|---|---|\n"
        "| ACC-all | **0.2958** | **0.2765** | **0.3468** |\n|  |  |  |  |\n"
        "| ACC-abstract_algebra | 0.2500 | 0.2400 | 0.2900 |\n| ACC-anatomy | 0.3259 | 0.2963 | 0.3704 |\n"
        "| ACC-astronomy | 0.3224 | 0.2895 | 0.3816 |\n|  | 0.2994 | 0.2753 | 0.3473 |\n"
    )
    reading = _read(tmp_path, page)
    assert sorted(reading.models) == ["Falcon7B", "MPT7B", "xgen7B"]
    assert reading.tasks == ["ACC-abstract_algebra", "ACC-anatomy", "ACC-astronomy"]
    assert any("left out the last row, which has no name ('0.2994'" in n for n in reading.notes)
    assert any("'ACC-all'" in n and "aggregate" in n for n in reading.notes)
    from jaxrate.io._documents import _unnamed_last

    lm_eval = [
        ["arc", "acc", "0.5"],
        ["", "acc_norm", "0.6"],
        ["piqa", "acc", "0.7"],
        ["", "acc_norm", "0.8"],
    ]
    assert _unnamed_last(lm_eval) == (lm_eval, [])  # rows without names throughout: continuations


def test_a_line_under_a_table_saying_its_numbers_are_error_rates_sets_the_direction(tmp_path):
    page = (
        "| Model | IMDB | Yelp-2 |\n|---|---|---|\n| BERT | 4.51 | 1.89 |\n| XLNet | 3.79 | 1.55 |\n"
        "| ULMFiT | 4.6 | 2.16 |\n\nThe above numbers are error rates.\n"
    )
    reading = _read(tmp_path, page)
    assert (reading.scores < 0).all()  # error rates: lower is better, rated negated
    assert any("the text around it does: 'above numbers are error rates.'" in n for n in reading.notes)
    assert direction("error rates") is False and direction("Word Error Rate") is False


def test_packed_cells_of_a_table_whose_models_are_its_columns_are_refused_naming_a_part(tmp_path):
    page = (
        "|  | **BCQ** | **CQL** | **IQL** |\n|---|---|---|---|\n"
        "| **HalfCheetah-Medium** | 46.8% (5535) | 46.7% (5516) | 45.6% (5379) |\n"
        "| **Hopper-Medium** | 63.9% (2059) | 59.2% (1908) | 53.7% (1729) |\n"
        "| **Walker2d-Medium-Replay** | 74.6% (3426) | 79.7% (3659) | 77.0% (3537) |\n"
    )
    with pytest.raises(ValueError) as err:
        _read(tmp_path, page)
    assert "--cells 1 rates the first of each, --cells 2 the second" in str(err.value)
    assert "--cells split" not in str(err.value)  # a column's numbers are a model's, not tasks
    reading = _read(tmp_path, page, cells=1)  # the advice, followed
    assert sorted(reading.models) == ["BCQ", "CQL", "IQL"]  # D4RL datasets' names: the rows are tasks
    got = dict(zip(reading.models, reading.scores))
    np.testing.assert_array_equal(got["CQL"], [46.7, 59.2, 79.7])
    assert any(
        n.startswith("the models are the columns (the row names are metric or benchmark names)")
        for n in reading.notes
    )


def test_a_folder_of_one_yaml_per_benchmark_with_an_empty_file(tmp_path):
    folder = tmp_path / "benchmarks"
    folder.mkdir()
    scores = {
        "aider-polyglot": (84.9, 81.3, 79.6),
        "gpqa-diamond": (83.0, 82.1, 87.5),
        "mmlu-pro": (85, 84, 86),
    }
    for bench, values in scores.items():
        lines = [
            f"{m}:\n  score: {v}\n  cost: {v / 100}\n"
            for m, v in zip(("o3-high", "claude-4", "grok-4"), values)
        ]
        (folder / f"{bench}.yaml").write_text("".join(lines))
    (folder / "matharena-imc-2025.yaml").write_text("{}\n")
    with pytest.raises(ValueError, match="matharena-imc-2025.yaml: YAML holding nothing.*--skip-unreadable"):
        io.read(str(folder), io.ReadOptions(cli=True))
    with pytest.raises(ValueError) as err:
        io.read(str(folder), io.ReadOptions(cli=True, skip_unreadable=True))
    assert "--model-col key --task-col file --score-col COLUMN" in str(err.value)  # the benchmarks are files
    reading = io.read(
        str(folder), io.ReadOptions(cli=True, skip_unreadable=True, model="key", task="file", score="score")
    )
    assert sorted(reading.models) == ["claude-4", "grok-4", "o3-high"] and len(reading.tasks) == 3
    assert any(n.topic == "files" and "matharena-imc-2025.yaml" in n for n in assumed_in(reading.notes))
    got = dict(zip(reading.models, reading.scores))
    np.testing.assert_array_equal(got["grok-4"], [79.6, 87.5, 86.0])


def test_some_tables_of_a_page_together(tmp_path):
    page = (
        "## Gemma\n\n| models | AE2 LC | AE2 WR | AH | GSM |\n|---|---|---|---|---|\n"
        "| gemma-2-9b-it | 51.1 | 38.1 | 40.8 | 87.4 |\n"
        "| gemma-2-9b-it-SimPO | 72.4 | 65.9 | 59.1 | 88.0 |\n\n"
        "## v0.2\n\n| models |  | AE2 LC | AE2 WR | AH |\n|---|---|---|---|---|\n"
        "| Llama 3 DPO v0.2 | [link](x) | 48.2 | 47.5 | 35.2 |\n"
        "| Llama 3 SimPO v0.2 | [link](y) | 53.7 | 47.5 | 36.5 |\n"
        "| Llama 3 ORPO v0.2 | [link](z) | 38.1 | 33.8 | 28.2 |\n\n"
        "## Hyper-parameters\n\n| models | β | lr |\n|---|---|---|\n| Llama 3 SimPO v0.2 | 10 | 1e-6 |\n"
        "| gemma-2-9b-it-SimPO | 10 | 8e-7 |\n"
    )
    reading = _read(tmp_path, page, table="1,2", higher_better="AE2*,AH,GSM", missing="drop-tasks")
    assert len(reading.models) == 5 and sorted(reading.tasks) == [
        "AE2 LC",
        "AE2 WR",
        "AH",
    ]  # GSM: Gemma's only
    got = dict(zip(reading.models, reading.scores))
    np.testing.assert_array_equal(got["Llama 3 ORPO v0.2"], [38.1, 33.8, 28.2])
    assert any("read tables of other models as more models" in n for n in reading.notes)
    with pytest.raises(ValueError, match="--table '1,4': no table 4 \\(3 tables: 1 to 3\\)"):
        _read(tmp_path, page, table="1,4")


def test_a_long_tables_minus_one_is_its_placeholder_and_one_row_named_by_a_number_is_refused(tmp_path):
    judged = [(81, "gpt-4", 9), (81, "unify", 8), (82, "gpt-4", 10), (82, "unify", -1), (83, "gpt-4", 7)]
    judged.append((83, "unify", 6))
    rows = [json.dumps({"question_id": q, "model": m, "judge": "single", "score": v}) for q, m, v in judged]
    path = tmp_path / "judgments.jsonl"
    path.write_text("\n".join(rows) + "\n")
    options = dict(cli=True, model="model", task="question_id", score="score")
    with pytest.raises(
        ValueError, match="no score for 'unify' on '82' \\(its -1 is the source's placeholder"
    ):
        io.read(str(path), io.ReadOptions(**options))
    reading = io.read(str(path), io.ReadOptions(**options, missing="drop-tasks"))
    assert reading.tasks == ["81", "83"]
    page = "## Results\n\n| OSQP | GUROBI | MOSEK |\n|---|---|---|\n| 1.46 | 1.0 | 6.12 |\n"
    with pytest.raises(ValueError, match="the one row's name is a number \\('1.46'\\): one row of scores"):
        _read(tmp_path, page)
    two = page + "\n## More\n\n| OSQP | GUROBI | MOSEK |\n|---|---|---|\n| 1.0 | 1.63 | 1.74 |\n"
    with pytest.raises(ValueError, match="first columns hold numbers \\('1.46', '1.0'\\), not names"):
        _read(tmp_path, two, table="all")
    named = page.replace("| OSQP |", "| problems | OSQP |").replace("|---|", "|---|---|", 1)
    reading = _read(
        tmp_path, named.replace("| 1.46 |", "| geomean | 1.46 |"), models="columns", lower_better="*"
    )
    assert sorted(reading.models) == [
        "GUROBI",
        "MOSEK",
        "OSQP",
    ]  # the advice, followed: a column naming the row


def test_ascii_spreads_and_tilde_or_slash_marks(tmp_path):
    page = (
        "| Model | BBBP (ROC-AUC) | Tox21 (ROC-AUC) |\n|---|---|---|\n| GraphConv | 0.8851 +- 0.0292 | ~ |\n"
        "| Weave | 0.8497 +- 0.0129 | 0.7513 +- 0.0090 |\n| RF | 0.8806+-0.0118 | / |\n"
    )
    with pytest.raises(ValueError, match="no score for 'GraphConv' on 'Tox21 \\(ROC-AUC\\)' \\(2 missing"):
        _read(tmp_path, page)  # "~" and "/": not run, a hole for the missing rule to say
    reading = _read(tmp_path, page, missing="drop-tasks")
    np.testing.assert_array_equal(reading.scores[:, 0], [0.8851, 0.8497, 0.8806])
    assert any("read the 'mean ± spread' cells of 'BBBP (ROC-AUC)'" in n for n in reading.notes)

"""Round 17's classes (issue 51): a model column of packed keys, a column of measurements offered as part
of names, one group's tasks leaving the other group's models as holes, a CSV without a header row,
tables read together (a metrics row under a header, a list item naming a table, one name for two
tables, one model spelt two ways), and pandas' index column.

DevBench's SubEval output (``Metric;Model,WinRateWithTie``, cells ``criterion;model;opponent``: each
key rated as a model without a word), CTranslate2's benchmark tables (``- int8:529MB`` names),
mmgeneration's and SpatialVLA's groups, JuliaLang's ``benchmarks.csv``, Mol-Instructions' nine tables
(pandas' ``suffixes`` message), Higgs Audio's ``Qwen2.5-omni†`` / ``Qwen 2.5 Omni``, DETR's model zoo.
The published files are in ``tests/data/published/round17``; the tests here pin each rule on a few
lines, and the cases a review of the rules found.
"""

from __future__ import annotations

import pytest

from jaxrate import io


def _read(tmp_path, text: str, name: str = "README.md", **options):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return io.read(str(path), io.ReadOptions(cli=True, **options))


_PACKED = """Metric;Model,WinRateWithTie
general;gpt-4;llama-7b,0.71
general;llama-7b;gpt-4,0.29
faithfulness;gpt-4;llama-7b,0.66
faithfulness;llama-7b;gpt-4,0.34
"""


def test_a_model_column_of_packed_keys_is_refused_naming_its_fields(tmp_path):
    with pytest.raises(
        ValueError, match=r"3 fields joined by ';' \('general', 'gpt-4', 'llama-7b'"
    ) as refused:
        _read(tmp_path, _PACKED, "win_rate.csv")
    assert len(str(refused.value).splitlines()) == 1 and "not model names" in str(refused.value)
    # the header need not be packed: a value in two fields (a model, then an opponent) makes them keys
    bare = _PACKED.replace("Metric;Model", "key")
    with pytest.raises(ValueError, match="joined by ';'"):
        _read(tmp_path, bare, "bare.csv")


def test_names_that_hold_a_bar_but_no_repeated_field_are_still_names(tmp_path):
    reading = _read(tmp_path, "model,acc,f1\nbert|base,0.81,0.7\nroberta|large,0.86,0.74\n", "board.csv")
    assert list(reading.models) == ["bert|base", "roberta|large"]
    sizes = "model,acc\nbert|base,0.81\nbert|large,0.84\nroberta|base,0.83\nroberta|large,0.86\n"
    assert len(_read(tmp_path, sizes, "sizes.csv").models) == 4  # a name and its size: one model each
    # an agent and its model (MLE-bench), even one that is its own agent: two fields are a name
    agents = "| Agent \\| LLM | medals |\n|---|---|\n| AIDE \\| o1-preview | 16.9 |\n"
    agents += "| AIDE \\| gpt-4o | 8.7 |\n| gpt-4o \\| gpt-4o | 4.4 |\n"
    assert len(_read(tmp_path, agents, "agents.md").models) == 3


def test_packed_keys_beside_a_summary_row_are_still_refused(tmp_path):
    with pytest.raises(ValueError, match="fields joined by ';'"):
        _read(tmp_path, _PACKED + "average,0.5\n", "with_average.csv")


_GROUPS = """model,cifar_fid,cifar_is,imagenet_fid
a,12.1,8.2,
b,11.4,8.6,
c,13.0,7.9,
d,,,30.2
e,,,28.9
"""


def test_the_tasks_of_one_group_rate_that_groups_models_and_say_the_others_were_left_out(tmp_path):
    # mmgeneration's SNGAN metafile and SpatialVLA's tables: a board of groups that share no task is
    # refused with "rate one group: --tasks ..."; followed, the other group's models have no score at
    # all, and were refused as holes. A model with nothing on the tasks picked is left out, said.
    with pytest.raises(ValueError, match=r"2 groups of models that share no task.*rate one group: --tasks"):
        _read(tmp_path, _GROUPS, "gans.csv", lower_better=["*fid"])
    reading = _read(tmp_path, _GROUPS, "gans.csv", lower_better=["*fid"], tasks=["cifar*"])
    assert list(reading.models) == ["a", "b", "c"] and list(reading.tasks) == ["cifar_fid", "cifar_is"]
    assert any(
        "left out 2 model(s) with no score on the tasks picked (--tasks): d, e" in str(n)
        for n in reading.notes
    )
    # a rule the user chose wins (filled, rated); --exclude leaves no model out; nor does no pick
    filled = _read(tmp_path, _GROUPS, "gans.csv", lower_better=["*fid"], tasks=["cifar*"], missing="fill:0")
    assert len(filled.models) == 5
    with pytest.raises(ValueError, match="2 groups of models that share no task"):
        _read(tmp_path, _GROUPS, "gans.csv", lower_better=["*fid"], exclude=["cifar_is"])
    with pytest.raises(ValueError, match="no score for 'd'"):
        _read(tmp_path, "model,x,y\na,1,2\nb,3,4\nd,,\n", "holes.csv")


def test_a_repeated_name_is_never_told_apart_by_a_column_of_measurements(tmp_path):
    # CTranslate2's benchmark: '- int8' repeats under several engines; its memory column ('2653MB')
    # told the rows apart, and the advice joined it to the names (29 models like '- int8:529MB').
    table = "| Library | Tokens per second | Max. memory | BLEU |\n|---|---|---|---|\n"
    table += "| engine A | 100.1 | 2653MB | 26.1 |\n| - int8 | 120.3 | 1359MB | 26.0 |\n"
    table += "| engine B | 300.2 | 900MB | 26.3 |\n| - int8 | 330.5 | 529MB | 26.2 |\n"
    with pytest.raises(ValueError, match="duplicate model name '- int8'") as refused:
        _read(tmp_path, table)
    said = str(refused.value)
    assert "--model-col 'Max. memory'" not in said and "told apart by 'Max. memory'" not in said
    # a size in parameters is part of a name, as before: 'llama-2' told apart by '7b', '13b'
    sizes = "model,size,acc\nllama-2,7b,0.5\nllama-2,13b,0.6\nmistral,7b,0.62\n"
    with pytest.raises(ValueError, match=r"--model-col model,size"):
        _read(tmp_path, sizes, "sizes.csv")


def test_a_delimited_file_without_a_header_row_is_refused_not_read_by_its_first_row(tmp_path):
    # JuliaLang's microbenchmarks: 'c,iteration_pi_sum,27.368069' is the first of the rows, not a
    # header: read as one, C lost its first score and the advice named data values as columns.
    rows = "c,pi_sum,27.37\nc,fib,0.04\njulia,pi_sum,27.41\njulia,fib,0.05\n"
    rows += "python,pi_sum,1010.2\npython,fib,2.1\n"
    with pytest.raises(
        ValueError, match=r"holds numbers and values of the rows below: .*no header row"
    ) as refused:
        _read(tmp_path, rows, "benchmarks.csv")
    assert len(str(refused.value).splitlines()) == 1
    named = dict(model="language", task="benchmark", score="ms", lower_better=["*"])
    reading = _read(tmp_path, "language,benchmark,ms\n" + rows, "named.csv", **named)
    assert sorted(reading.models) == ["c", "julia", "python"] and len(reading.tasks) == 2
    # a header of quantiles is a header: 'model' is no value of its column
    quantiles = _read(
        tmp_path, "model,0.1,0.5,0.9\na,0.2,0.4,0.8\nb,0.3,0.5,0.7\n", "q.csv", lower_better=["*"]
    )
    assert list(quantiles.tasks) == ["0.1", "0.5", "0.9"]
    # ... with a missing score marked '-' and a cell equal to its header (a review's case): a header
    marked = "model,0.5,0.75\na,0.2,0.75\nb,0.3,-\nc,0.4,0.6\n"
    with pytest.raises(ValueError, match="no score for 'b'"):
        _read(tmp_path, marked, "m.csv", lower_better=["*"])
    # whole numbers: every word column's header is one of its values
    with pytest.raises(ValueError, match="no header row"):
        _read(tmp_path, "c,fib,27\nc,pi,3\njulia,fib,28\njulia,pi,4\n", "whole.csv")
    joined = "model,0.5,0.75\na,0.2,0.7\nmodel,0.5,0.75\nb,0.3,0.6\n"
    with pytest.raises(ValueError, match="header line .* is written again among the rows"):
        _read(tmp_path, joined, "joined.csv")


_BULLETED = """## Molecular generation tasks

- Description-guided Molecule Design

| Metric | Exact↑ | Levenshtein↓ |
|---|---|---|
| Alpaca | 0.000 | 51.1 |
| MolT5 | 0.112 | 38.3 |

- Forward Reaction Prediction

| Metric | Exact↑ | Levenshtein↓ |
|---|---|---|
| Alpaca | 0.000 | 42.0 |
| MolT5 | 0.239 | 20.4 |

## Protein understanding

| Task | Protein Function | Catalytic Activity |
|---|---|---|
| Metric | ROUGE-L↑ | ROUGE-L↑ |
| Alpaca | 0.20 | 0.23 |
| MolT5 | 0.15 | 0.13 |
"""


def test_tables_named_by_a_bullet_and_a_metrics_row_under_a_header_are_read_together(tmp_path):
    # Mol-Instructions: each table named by the list item above it, and one table's metric written in
    # the row under its header. Together (--table all) they were a pandas message ("Passing 'suffixes'
    # which cause duplicate columns"), and the metrics row a model whose scores were not numbers.
    reading = _read(tmp_path, _BULLETED, table="all")
    assert sorted(reading.models) == ["Alpaca", "MolT5"]
    tasks = [str(t) for t in reading.tasks]
    assert len(tasks) == 6 and any("Forward Reaction Prediction" in t and "Exact" in t for t in tasks)
    assert any("Protein Function (ROUGE-L↑)" in t for t in tasks)
    levenshtein = [j for j, t in enumerate(tasks) if "Levenshtein" in t]
    assert len(levenshtein) == 2 and not any(reading.columns[j].higher for j in levenshtein)
    assert any("table at line" in str(n) and "settings" in str(n) for n in reading.notes)


def test_a_list_of_several_items_above_a_table_names_no_table(tmp_path):
    # BEIR's reranking README: '- MiniLM', '- TinyBERT' list the architectures above the first table;
    # the last item taken as its name would have renamed every MiniLM model 'TinyBERT'
    listed = _BULLETED.replace("- Description-guided Molecule Design", "- MiniLM\n- TinyBERT")
    listed = listed.replace("- Forward Reaction Prediction", "- Git hash: 919f07c")
    from jaxrate.io._documents import markdown_tables

    tables = markdown_tables("x.md", listed.splitlines())
    assert [t.caption for t in tables] == ["", "", ""]


def test_tables_of_one_name_and_columns_in_common_are_refused_in_one_line(tmp_path):
    # two tables of one header under one heading with nothing naming them apart, beside another table
    same = _BULLETED.replace("- Description-guided Molecule Design", "Results first.")
    same = same.replace("- Forward Reaction Prediction", "Results again.")
    refusal = r"--table all: the tables at lines 5 and 12 have one name"
    with pytest.raises(ValueError, match=refusal) as refused:
        _read(tmp_path, same, table="all")
    assert len(str(refused.value).splitlines()) == 1 and "suffixes" not in str(refused.value)


_SPELT = """## WER

| Model | SeedTTS (WER ↓) |
|---|---|
| Qwen2.5-omni† | 2.3 |
| ElevenLabs V2 | 1.9 |
| Higgs | 1.6 |

## Win rate

| Model | Emotions ↑ |
|---|---|
| Qwen 2.5 Omni | 41.2 |
| ElevenLabs v2 | 50.0 |
| Higgs | 55.3 |
"""


def test_one_model_spelt_two_ways_in_two_tables_read_together_is_one_model_said(tmp_path):
    # Higgs Audio's and Mol-Instructions' READMEs: 'Qwen2.5-omni†' / 'Qwen 2.5 Omni', 'LLaMa' / 'LLama'
    # were two models each (15 for 13), without a word, once their tables were read together
    ways = dict(table="all", lower_better=["WER"], higher_better=["Win rate"])
    reading = _read(tmp_path, _SPELT, **ways)
    assert sorted(reading.models) == ["ElevenLabs V2", "Higgs", "Qwen2.5-omni"]
    assert any("as an earlier table spells them" in str(n) for n in reading.notes)
    # a table holding both spellings says they are two models: kept apart
    both = _SPELT.replace("| Higgs | 55.3 |", "| Higgs | 55.3 |\n| Qwen2.5-omni | 40.0 |")
    with pytest.raises(ValueError, match="no score for"):
        _read(tmp_path, both, **ways)


_INDEXED = """| | name | backbone | inf_time | box AP |
|---|---|---|---|---|
| 0 | DETR | R50 | 0.036 | 42.0 |
| 1 | DETR-DC5 | R50 | 0.083 | 43.3 |
| 2 | DETR | R101 | 0.050 | 43.5 |
| 3 | DETR-DC5 | R101 | 0.097 | 44.9 |
"""


def test_pandas_index_column_is_no_models_names(tmp_path):
    # DETR's model zoo (pandas' to_html; to_markdown writes the same): a first column 0, 1, 2, ... under
    # no header was read as the names ('Model Zoo/0'), and the advice ended in nothing left to rate
    with pytest.raises(ValueError, match=r"duplicate model name 'DETR'.*--model-col name,backbone"):
        _read(tmp_path, _INDEXED, higher_better=["box AP"])
    reading = _read(tmp_path, _INDEXED, model="name,backbone", higher_better=["box AP"])
    assert sorted(reading.models) == ["DETR-DC5:R101", "DETR-DC5:R50", "DETR:R101", "DETR:R50"]
    assert sorted(reading.tasks) == ["box AP", "inf_time"]
    assert any("pandas' index" in str(n) for n in reading.notes)
    # ranks under a '#' header are not pandas' index: the models are named by the column beside them
    ranked = "| # | model | acc |\n|---|---|---|\n| 1 | a | 0.9 |\n| 2 | b | 0.8 |\n"
    assert sorted(_read(tmp_path, ranked, "ranked.md").models) == ["a", "b"]


def test_a_report_wrapping_its_one_tree_of_results_is_read_by_that_tree(tmp_path):
    # temporalcv's benchmark report: {metadata, report: {results: [{dataset_name, models: [{model_name,
    # metrics, model_params: {model}}]}], summary}}: the records beside the metadata were read, and the
    # advice pointed at the summary's means (the one part not to rate)
    import json

    def models(scale):
        return [
            {
                "model_name": n,
                "metrics": {"mae": scale * k},
                "model_params": {"model": n.upper(), "n_jobs": 1},
            }
            for k, n in enumerate(["naive", "ets", "theta"], start=1)
        ]

    report = {
        "metadata": {"run_id": "13f3", "cpu_count": 2, "models": ["naive", "ets", "theta"]},
        "report": {
            "results": [
                {"dataset_name": d, "models": models(s)} for d, s in (("yearly", 1.0), ("daily", 3.0))
            ],
            "summary": {"n_datasets": 2, "mean_metrics_by_model": {"naive": {"mae": 2.0}}},
        },
    }
    (tmp_path / "results.json").write_text(json.dumps(report), encoding="utf-8")
    reading = io.read(str(tmp_path / "results.json"), io.ReadOptions(cli=True, lower_better=["*"]))
    assert sorted(reading.models) == ["ets", "naive", "theta"] and sorted(reading.tasks) == [
        "daily",
        "yearly",
    ]
    assert any("listed under 'report/results'" in str(n) for n in reading.notes)

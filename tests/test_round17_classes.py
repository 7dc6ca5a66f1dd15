"""Round 17's classes (issue 51): a model column of packed keys, and what the round's re-measurement
found next.

DevBench's SubEval output (``Metric;Model,WinRateWithTie`` with cells ``criterion;model;opponent``:
each key rated as a model without a word). The published files are in
``tests/data/published/round17``; the tests here pin each rule on a few lines.
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
    # without a pick, a model without a score is a hole, as before
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


def test_a_delimited_file_without_a_header_row_is_refused_not_read_by_its_first_row(tmp_path):
    # JuliaLang's microbenchmarks: 'c,iteration_pi_sum,27.368069' is the first of the rows, not a
    # header: read as one, C lost its first score and the advice named data values as columns.
    rows = "c,pi_sum,27.37\nc,fib,0.04\njulia,pi_sum,27.41\njulia,fib,0.05\n"
    rows += "python,pi_sum,1010.2\npython,fib,2.1\n"
    with pytest.raises(ValueError, match=r"holds the number 27.37 .*no header row; add one") as refused:
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


def test_tables_of_one_name_and_columns_in_common_are_refused_in_one_line(tmp_path):
    # two tables of one header under one heading with nothing naming them apart, beside another table
    same = _BULLETED.replace("- Description-guided Molecule Design", "Results first.")
    same = same.replace("- Forward Reaction Prediction", "Results again.")
    refusal = r"--table all: the tables at lines 5 and 12 have one name"
    with pytest.raises(ValueError, match=refusal) as refused:
        _read(tmp_path, same, table="all")
    assert len(str(refused.value).splitlines()) == 1 and "suffixes" not in str(refused.value)

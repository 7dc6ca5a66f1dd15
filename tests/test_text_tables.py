"""Tables aligned by spaces (tabulate's ``simple`` format, a tool's printed report) in a ``.txt`` or in a
README's code block, and rows named by the section rows above them where their names repeat.

The published file is ``tests/data/published/round17/llmtools_shisa_jamtbench_judge_table``: a
FastChat MT-Bench report printed with tabulate (one block per model, ``--- Turn 1 ---`` sections); it
was refused with "the header has no task columns" and ``--sep ' '`` was refused too.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from jaxrate import io
from jaxrate.io._text_tables import text_tables

HERE = os.path.dirname(__file__)
JA_MT_BENCH = os.path.join(
    HERE,
    "data/published/round17/llmtools_shisa_jamtbench_judge_table/raw/fastchat/llm_judge",
    "judge_comparison_table.txt",
)

# tabulate 0.10's own output, byte for byte: tabulate(rows, headers, tablefmt="simple").
_SIMPLE = """Results on the dev set

model            accuracy    f1    latency_ms
-------------  ----------  ----  ------------
bert-base            81.2  79.4          12.5
roberta-large        86.9  85.1          31
deberta-v3           88.4  86.7          40.2
"""


def _read(tmp_path, text: str, name: str, **options):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return io.read(str(path), io.ReadOptions(cli=True, **options))


def test_a_txt_holding_a_table_aligned_by_spaces_is_read_by_its_columns(tmp_path):
    reading = _read(tmp_path, _SIMPLE, "results.txt")
    assert list(reading.models) == ["bert-base", "roberta-large", "deberta-v3"]
    assert list(reading.tasks) == ["accuracy", "f1", "latency_ms"]
    table = reading.table()
    assert table.loc["roberta-large", "accuracy"] == pytest.approx(86.9)
    # a time is lower-is-better by its name; the scores are kept higher-is-better
    assert table.loc["bert-base", "latency_ms"] == pytest.approx(-12.5)


def test_a_readme_whose_only_table_is_printed_in_a_code_block_is_read_and_said(tmp_path):
    readme = "# Results\n\nWe ran the suite:\n\n```\n" + _SIMPLE.split("\n\n", 1)[1] + "```\n"
    reading = _read(tmp_path, readme, "README.md")
    assert list(reading.models) == ["bert-base", "roberta-large", "deberta-v3"]
    assert any("inside fenced code" in str(n) for n in reading.notes)


def test_text_across_the_space_between_two_columns_is_no_aligned_table(tmp_path):
    lines = _SIMPLE.splitlines()
    assert len(text_tables(lines)) == 1
    crossing = [*lines[:5], "roberta-large-and-more 86.9  85.1          31.0", *lines[6:]]
    assert text_tables(crossing) == []  # a cut there would split a name: not read as aligned
    # and a delimited .txt is no aligned table: its comma-separated header is read as ever
    reading = _read(tmp_path, "model,acc\na,0.5\nb,0.7\n", "plain.txt")
    assert list(reading.models) == ["a", "b"]


def test_a_rule_of_one_run_is_a_heading_underline_not_a_table():
    assert text_tables(["Results", "-------", "a 1"]) == []
    assert text_tables(["Results", "=======  ======", "a        1"]) != []  # two runs of '=' are


def test_rows_named_by_their_sections_where_names_repeat_from_section_to_section(tmp_path):
    page = (
        "| Category | judge-a | judge-b |\n|---|---|---|\n| Average | 8.1 | 7.9 |\n"
        "| **Turn 1** | | |\n| coding | 7.2 | 8.1 |\n| math | 6.5 | 7.8 |\n"
        "| **Turn 2** | | |\n| coding | 7.0 | 7.7 |\n| math | 5.6 | 6.9 |\n"
    )
    reading = _read(tmp_path, page, "report.md", models="columns")
    assert set(reading.tasks) >= {"Turn 1 / coding", "Turn 2 / coding", "Turn 1 / math", "Turn 2 / math"}
    assert any("'section / name'" in str(n) for n in reading.notes)
    # where the names do not repeat the sections are headings only, skipped as before
    distinct = page.replace("| coding | 7.0", "| writing | 7.0").replace("| math | 5.6", "| stem | 5.6")
    reading = _read(tmp_path, distinct, "distinct.md", models="columns")
    assert "writing" in reading.tasks and not any("/" in t for t in reading.tasks)


def test_a_printed_mt_bench_report_is_offered_its_tables_and_reads_one(tmp_path):
    with pytest.raises(ValueError, match=r"holds 25 tables .*--table all") as refused:
        io.read(JA_MT_BENCH, io.ReadOptions(cli=True))
    assert len(str(refused.value).splitlines()) == 1
    reading = io.read(JA_MT_BENCH, io.ReadOptions(cli=True, table="3", models="columns"))
    assert list(reading.models) == ["GPT-4-Turbo", "GPT-4o", "GPT-4.1", "GPT-4.1-mini"]  # its judges
    table = reading.table()
    assert table.loc["GPT-4o", "Turn 2 / coding"] == pytest.approx(7.80)  # Qwen3-235B's block, as printed
    assert table.loc["GPT-4-Turbo", "Turn 1 / writing"] == pytest.approx(10.0)
    assert np.isfinite(table.to_numpy()).all()

"""Records nested in records, several tables in one page, and what a page's text says (issue 51).

The published files these readings were built for are in ``tests/data/published/round3`` (checked by
``tests/test_published.py``); these tests pin the edges the published files do not reach.
"""

import json
from pathlib import Path

import numpy as np
import pytest
import yaml

from jaxrate import io


def _read(path, **options):
    return io.read(str(path), io.ReadOptions(cli=True, **options))


METAFILE = {
    "Collections": [{"Name": "Family", "Paper": {"Title": "A paper"}}],
    "Models": [
        {
            "Name": f"net-{k}",
            "Metadata": {"FLOPs": 4_000_000 + k, "Parameters": 28_000 + k},
            "Results": [{"Dataset": "ImageNet-1k", "Task": "Image Classification", "Metrics": metrics}],
        }
        for k, metrics in enumerate(
            [
                {"Top 1 Accuracy": 82.1, "Top 5 Accuracy": 96.0},
                {"Top 1 Accuracy": 81.0, "Top 5 Accuracy": 96.5},
            ]
        )
    ]
    + [{"Name": "pretrained-only", "Metadata": {"FLOPs": 1, "Parameters": 2}, "Results": None}],
}


def test_a_tree_of_records_is_one_row_per_result_and_its_metrics_are_chosen_by_name(tmp_path):
    path = tmp_path / "metafile.yml"
    path.write_text(yaml.safe_dump(METAFILE, sort_keys=False), encoding="utf-8")
    with pytest.raises(ValueError, match=r"--metric 'Top 1 Accuracy'"):
        _read(path)
    reading = _read(path, metric="Top 1 Accuracy")
    assert list(reading.models) == ["net-0", "net-1"] and reading.scores.shape == (2, 1)
    np.testing.assert_array_equal(reading.scores[:, 0], [82.1, 81.0])
    notes = " ".join(reading.notes)
    assert "'Models'" in notes and "'pretrained-only'" in notes  # the list read, the record left out
    assert "'Metadata/FLOPs'" in notes  # the numbers above the results: said, not rated


def test_a_tree_of_records_over_several_levels(tmp_path):
    data = {
        "conditions": [
            {"name": f"run-{c}", "datasets": [{"dataset": d, "scores": [{"nDCG@10": 0.1 * c + 0.01 * k}]}]}
            for c in range(3)
            for k, d in enumerate(["biology", "economics"])
        ]
    }
    path = tmp_path / "2cr.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    reading = _read(path)
    assert sorted(reading.models) == ["run-0", "run-1", "run-2"] and sorted(reading.tasks) == [
        "biology",
        "economics",
    ]


def test_numbers_in_two_lists_of_one_record_are_refused(tmp_path):
    data = [{"model": "m", "dev": [{"task": "a", "acc": 1.0}], "test": [{"task": "a", "acc": 0.5}]}]
    path = tmp_path / "two.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match=r"2 lists of records \('dev', 'test'\)"):
        _read(path)


def test_a_record_with_numbers_of_its_own_keeps_its_list_as_detail(tmp_path):
    """can-ai-code's records: passed and total beside the checks that make them; one row a record."""
    records = [
        {"model": m, "name": t, "passed": p, "total": 4, "checks": [{"assert": "x", "status": 1}]}
        for m, p in (("a", 4), ("b", 2))
        for t in ("t1", "t2")
    ]
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records), encoding="utf-8")
    with pytest.raises(ValueError) as err:
        _read(path)
    assert "innermost record" not in str(err.value)


PAGE = """# Results

## Branin

| Method | Minimum | Calls |
|---|---|---|
| a | 0.40 | 10 |
| b | 0.45 | 12 |

## Hart6

| Method | Minimum | Calls |
|---|---|---|
| a | -3.1 | 30 |
| b | -3.3 | 28 |
"""


def test_tables_that_are_parts_of_one_board_are_refused_and_read_together(tmp_path):
    path = tmp_path / "README.md"
    path.write_text(PAGE, encoding="utf-8")
    with pytest.raises(ValueError, match=r"2 tables that look like parts of one board.*--table all"):
        _read(path)
    reading = _read(path, table="all", metric="Minimum")
    assert sorted(reading.tasks) == ["Branin", "Hart6"]
    # "Minimum": lower is better by its name, so 'a' (0.40, -3.1) and 'b' (0.45, -3.3) split the tasks
    a = list(reading.models).index("a")
    np.testing.assert_array_equal(reading.scores[a], [-0.40, 3.1])
    assert _read(path, table="2", exclude="Calls").scores.shape == (2, 1)  # one of them, by its number


def test_tables_of_other_models_add_models_and_tables_of_other_columns_add_tasks(tmp_path):
    page = (
        "| Model | A | B |\n|---|---|---|\n| m1 | 1 | 2 |\n| m2 | 3 | 4 |\n\n"
        "| Model | A | B |\n|---|---|---|\n| m3 | 5 | 6 |\n\n"
        "| Model | C |\n|---|---|\n| m1 | 7 |\n| m2 | 8 |\n| m3 | 9 |\n"
    )
    path = tmp_path / "EVAL.md"
    path.write_text(page, encoding="utf-8")
    reading = _read(path, table="all")
    assert list(reading.models) == ["m1", "m2", "m3"] and list(reading.tasks) == ["A", "B", "C"]
    np.testing.assert_array_equal(reading.scores, [[1, 2, 7], [3, 4, 8], [5, 6, 9]])


def test_a_direction_the_text_above_a_table_names_is_taken_and_said(tmp_path):
    page = "Decoding results.\n\nThe WERs are\n\n| | dev | test |\n|---|---|---|\n"
    page += "| greedy | 5.5 | 6.6 |\n| beam | 5.3 | 6.3 |\n"
    path = tmp_path / "RESULTS.md"
    path.write_text(page, encoding="utf-8")
    reading = _read(path)
    np.testing.assert_array_equal(reading.scores, [[-5.5, -6.6], [-5.3, -6.3]])
    said = [n for n in reading.notes if "scores (WERs)" in n]
    assert said and "The WERs are" in said[0]
    path.write_text(page.replace("The WERs are", "Accuracy (WER-free decoding)"), encoding="utf-8")
    assert not any("scores (WER" in n for n in _read(path).notes)  # a higher-is-better word beside it


def test_dates_in_the_first_column_are_not_model_names(tmp_path):
    page = "| Release | file | PER |\n|---|---|---|\n"
    page += "| 2021-02-06 | train.yaml | 14.1 |\n| 21-04-16 | w2v.yaml | 8.9 |\n"
    path = tmp_path / "README.md"
    path.write_text(page, encoding="utf-8")
    with pytest.raises(ValueError, match=r"holds dates .* --model-col \(perhaps 'file'"):
        _read(path)
    reading = _read(path, model="file")
    assert list(reading.models) == ["train.yaml", "w2v.yaml"]
    np.testing.assert_array_equal(reading.scores[:, 0], [-14.1, -8.9])  # PER: a phone error rate


def test_footnote_marks_leave_the_names_unless_two_names_would_be_one(tmp_path):
    path = tmp_path / "README.md"
    path.write_text("| Model | Top-1 |\n|---|---|\n| a\\* | 80 |\n| b | 81 |\n", encoding="utf-8")
    reading = _read(path)
    assert list(reading.models) == ["a", "b"] and any("footnote marks" in n for n in reading.notes)
    path.write_text("| Model | Top-1 |\n|---|---|\n| a\\* | 80 |\n| a | 81 |\n", encoding="utf-8")
    assert list(_read(path).models) == ["a*", "a"]


def test_a_numbered_folder_is_a_name_never_a_task(tmp_path):
    """Hydra's multirun folders (0/, 1/, 2/): the folder is told apart as text, not rated."""
    for k, (model, mmlu) in enumerate([("A", 0.6), ("B", 0.7), ("C", 0.5)]):
        (tmp_path / str(k)).mkdir()
        (tmp_path / str(k) / "m.json").write_text(json.dumps({"model": model, "mmlu": mmlu, "gsm8k": 0.3}))
    reading = _read(tmp_path)
    assert list(reading.tasks) == ["mmlu", "gsm8k"]


def test_a_tree_keeps_every_number_of_its_innermost_records(tmp_path):
    """A result's own object (timing) is not what the innermost level is: accuracy stays a metric."""
    data = [
        {"model": m, "results": [{"task": t, "accuracy": a, "timing": {"seconds": s}} for t in ("x", "y")]}
        for m, a, s in (("A", 0.9, 30.0), ("B", 0.5, 1.0))
    ]
    path = tmp_path / "runs.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match=r"'accuracy', 'seconds'.*--metric 'accuracy'"):
        _read(path)
    reading = _read(path, metric="accuracy")
    assert reading.scores[list(reading.models).index("A")].tolist() == [0.9, 0.9]


def test_everyday_words_in_the_text_say_no_direction(tmp_path):
    for above in ("Models trained with our contrastive loss are in bold.", "## Results over time"):
        path = tmp_path / "README.md"
        path.write_text(
            f"{above}\n\n| Model | MNLI | SST-2 |\n|---|---|---|\n| a | 80 | 90 |\n| b | 85 | 92 |\n"
        )
        assert (_read(path).scores > 0).all()  # not negated


def test_a_folder_of_objects_keeps_tasks_named_like_settings_or_rankings(tmp_path):
    for model in ("llama", "mistral"):
        (tmp_path / model).mkdir()
        scores = {"passage_ranking": {"acc": 0.5}, "generation": {"acc": 0.6}, "total": {"acc": 0.55}}
        (tmp_path / model / "summary.json").write_text(json.dumps(scores), encoding="utf-8")
    reading = _read(tmp_path, model="dir1", task="key")
    assert sorted(reading.tasks) == ["generation", "passage_ranking"]  # 'total' left out, said
    assert any("'total'" in n for n in reading.notes)


def test_lm_eval_markdown_with_unnamed_mark_columns(tmp_path):
    """lm-eval 0.4's make_table: |Tasks|Version|Filter|n-shot|Metric| |Value| |Stderr|."""
    table = (
        "|Tasks|Version|Filter|n-shot|Metric| |Value| |Stderr|\n|---|---|---|---|---|---|---|---|---|\n"
        "|arc_easy|1|none|0|acc|↑|0.75|±|0.01|\n| | |none|0|acc_norm|↑|0.70|±|0.01|\n"
        "|piqa|1|none|0|acc|↑|0.78|±|0.01|\n| | |none|0|acc_norm|↑|0.79|±|0.01|\n"
    )
    for model in ("a", "b"):
        (tmp_path / f"{model}.md").write_text(table, encoding="utf-8")
    reading = _read(tmp_path, metric="acc")
    assert sorted(reading.tasks) == ["arc_easy", "piqa"] and sorted(reading.models) == ["a", "b"]


def test_rows_told_apart_by_a_metric_column_and_another_name_both(tmp_path):
    """model, metric, dataset rows with a repeated model: the advice names the long table's columns,
    and following it gives the metric choice, then the board."""
    rows = ["model,metric,dataset,score"] + [
        f"{m},{metric},{d},{v}"
        for m, base in (("a", 0.5), ("b", 0.6))
        for metric in ("accuracy", "logloss")
        for d, v in (("x", base), ("y", base + 0.1))
    ]
    path = tmp_path / "long.csv"
    path.write_text("\n".join(rows).replace("model,metric,dataset", "system_id,metric,set"), encoding="utf-8")
    with pytest.raises(
        ValueError, match=r"told apart by 'metric' and 'set'.*--model-col 'system_id' --task-col 'set'"
    ):
        _read(path)
    with pytest.raises(ValueError, match=r"--metric 'accuracy'"):
        _read(path, model="system_id", task="set")
    reading = _read(path, model="system_id", task="set", metric="accuracy,logloss")
    assert len(reading.tasks) == 4 and sorted(reading.models) == ["a", "b"]


def test_tables_per_family_name_their_models_by_the_heading(tmp_path):
    """One table per base model over the same schemes (BF16, FP8) with columns in common."""
    page = (
        "## LLaMa-3-8B\n\n| Scheme | arc | mmlu |\n|---|---|---|\n"
        "| BF16 | 0.53 | 0.65 |\n| FP8 | 0.52 | 0.64 |\n\n"
        "## Qwen3-8B\n\n| Scheme | arc | gsm8k |\n|---|---|---|\n"
        "| BF16 | 0.55 | 0.80 |\n| FP8 | 0.54 | 0.79 |\n"
    )
    path = tmp_path / "acc.md"
    path.write_text(page, encoding="utf-8")
    with pytest.raises(ValueError, match="--table all"):
        _read(path)
    reading = _read(path, table="all", missing="drop-tasks")
    assert sorted(reading.models) == ["LLaMa-3-8B/BF16", "LLaMa-3-8B/FP8", "Qwen3-8B/BF16", "Qwen3-8B/FP8"]
    assert list(reading.tasks) == ["arc"]


CATBOOST = Path(__file__).parent / "data/published/round6/tab_catboost_quality_logloss_md"
CATBOOST = CATBOOST / "raw/quality_benchmarks/README.md"


def test_a_direction_said_under_a_table_and_bracketed_spreads_follow_the_table_when_turned():
    # catboost's README: models as columns (nothing in the table says so), "value (±std) (+pct%)" cells,
    # and "Metric: Logloss (lower is better)." in the paragraph under the table.
    as_rows = _read(CATBOOST)
    said = " ".join(map(str, as_rows.notes))
    assert "text around it does: 'Logloss (lower is better)'" in said
    assert "--models columns" in said and "remark in brackets" in said  # the orientation was assumed, said
    turned = _read(CATBOOST, models="columns")
    assert sorted(turned.models)[:2] == ["Default CatBoost", "Default H2O"] and len(turned.tasks) == 9
    adult = turned.tasks.index("Adult")
    # lower is better on every dataset once turned: scores are negated, the best (Tuned CatBoost) highest
    column = turned.scores[:, adult]
    assert np.isclose(column[turned.models.index("Default CatBoost")], -0.272978)
    assert turned.models[int(np.argmax(column))] == "Tuned CatBoost"


def test_records_under_a_file_s_one_key_are_its_table(tmp_path):
    records = [{"model": m, "recall10": str(r)} for m, r in (("BPR", 0.17), ("NCF", 0.18))]
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"data": records}))
    reading = _read(path)
    assert sorted(reading.models) == ["BPR", "NCF"]
    assert "under the file's one key 'data'" in str(reading.notes)


@pytest.mark.parametrize(
    "text, lower",
    [
        ("Metric: Logloss (lower is better).", True),
        ("Diarization error rate (in %, the lower, the better)", True),
        ("Accuracy (higher is better)", False),
        ("the lower tables are better described below", False),
    ],
)
def test_a_table_s_caption_says_lower_is_better_in_the_ways_pages_write_it(tmp_path, text, lower):
    page = tmp_path / "page.md"
    table = "| model | a | b |\n|---|---|---|\n| m1 | 0.2 | 0.3 |\n| m2 | 0.4 | 0.1 |\n"
    page.write_text(table + "\n" + text + "\n")
    reading = _read(page)
    m1 = reading.scores[reading.models.index("m1"), reading.tasks.index("a")]
    assert np.isclose(m1, -0.2 if lower else 0.2)


def test_a_caption_between_two_tables_is_the_second_s_and_prose_is_no_caption(tmp_path):
    first = "| Model | MMLU | GSM8K |\n|---|---|---|\n| a | 70 | 50 |\n| b | 60 | 55 |\n| c | 65 | 40 |\n"
    second = "| Model | ms |\n|---|---|\n| x | 12 |\n| y | 30 |\n"
    page = tmp_path / "page.md"
    page.write_text("## Results\n\n" + first + "\nInference latency in ms (lower is better):\n\n" + second)
    reading = _read(page, table="1")
    assert reading.scores[reading.models.index("a"), reading.tasks.index("MMLU")] == 70  # not negated
    prose = tmp_path / "prose.md"
    prose.write_text(first + "\nWe found the two more or less the better of the pair.\n")
    assert _read(prose).scores[0, 0] == 70


def test_words_inside_task_names_and_bracketed_spreads_read_as_before(tmp_path):
    path = tmp_path / "returns.csv"
    header = "Model,Avg Total Return (Hopper),Avg Total Return (Walker)\n"
    path.write_text(header + "ppo,72.1 ± (1.8),3.0\nsac,80.5,2.5\n")
    reading = _read(path, higher_better="*")
    assert len(reading.tasks) == 2 and reading.scores[reading.models.index("ppo"), 0] == 72.1


def test_an_escaped_mark_in_a_cell_stays_a_character():
    from jaxrate.io._documents import plain

    assert plain(r"\_\_init\_\_") == "__init__" and plain(r"\*name\*") == "*name*"

"""Boards a page writes across several tables or in HTML (issue 51, round 6's classes).

The published files these readings were built for are in ``tests/data/published/round6`` (graph
leaderboards one per task, tianshou's tables one per algorithm, CodeXGLUE's captioned tables,
DINOv2's HTML tables, a sparse README board): ``tests/test_published.py`` rates each as its source
defines it. The tests here pin each rule on a page of a few lines.
"""

from __future__ import annotations

import numpy as np
import pytest

from jaxrate import io
from jaxrate.cli import main
from jaxrate.io._html_tables import html_tables
from jaxrate.io._rst_tables import rst_tables, rst_titles


def _read(tmp_path, text: str, name: str = "page.md", **options):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return io.read(str(path), io.ReadOptions(cli=True, **options))


def test_html_table_spans_are_repeated_and_header_rows_joined():
    lines = [
        "<table>",
        "<tr><th rowspan=2>model</th><th colspan=2>ImageNet</th></tr>",
        "<tr><th>k-NN</th><th>linear</th></tr>",
        "<tr><td>ViT-S</td><td>79.0%</td><td>81.1%</td></tr>",
        "<tr><td rowspan=2>ViT-B<br/>big</td><td>82.1%</td><td>84.5%</td></tr>",
        "<tr><td>82.0%</td><td>84.6%</td></tr>",
        "</table>",
    ]
    ((start, end, grid, head),) = html_tables(lines)
    assert (start, end, head) == (0, 7, 2)
    assert grid[0] == ["model", "ImageNet", "ImageNet"] and grid[1] == ["model", "k-NN", "linear"]
    assert grid[3] == ["ViT-B big", "82.1%", "84.5%"] and grid[4] == ["ViT-B big", "82.0%", "84.6%"]


def test_an_html_table_in_a_page_is_read_and_a_yes_no_column_joins_as_its_name(tmp_path):
    page = (
        "# Models\n\n<table>\n"
        "<thead><tr><th>model</th><th>with<br/>registers</th><th>top-1</th></tr></thead>\n"
        "<tbody>\n<tr><td>S</td><td>:x:</td><td>79.0%</td></tr>\n"
        "<tr><td>S</td><td>:white_check_mark:</td><td>79.5%</td></tr>\n"
        "<tr><td>B</td><td>:x:</td><td>82.0%</td></tr>\n"
        "<tr><td>B</td><td>:white_check_mark:</td><td>81.0%</td></tr>\n</tbody></table>\n"
    )
    with pytest.raises(ValueError, match="joined as 'S with registers'"):
        _read(tmp_path, page)
    reading = _read(tmp_path, page, model="model,with registers")
    assert sorted(reading.models) == ["B", "B with registers", "S", "S with registers"]
    got = dict(zip(reading.models, reading.scores[:, 0]))
    assert got["S with registers"] == 79.5 and got["B"] == 82.0


_PER_TASK = """# Leaderboards

## 1. ZINC - Graph Regression

|Rank|Model | #Params | Test MAE &plusmn; s.d. | Links |
|----|---|---|---|---|
|1|GIN|500|0.30 &plusmn; 0.01|[Paper](https://x.org)|
|2|GCN|500|0.40 &plusmn; 0.02|[Paper](https://x.org)|

## 2. MNIST - Graph Classification

**Models with 100k parameters**

|Rank|Model | #Params | Test Acc &plusmn; s.d. | Links |
|----|---|---|---|---|
|1|GCN|100|97.0 &plusmn; 0.1|[Paper](https://x.org)|
|2|GIN|100|96.0 &plusmn; 0.1|[Paper](https://x.org)|

**Models with 500k parameters**

|Rank|Model | #Params | Test Acc &plusmn; s.d. | Links |
|----|---|---|---|---|
|1|GIN|500|98.0 &plusmn; 0.1|[Paper](https://x.org)|
|2|GCN|500|95.0 &plusmn; 0.1|[Paper](https://x.org)|
"""


def test_tables_one_per_heading_are_one_board_each_task_in_its_metrics_direction(tmp_path):
    with pytest.raises(ValueError, match="tables that look like parts of one board.*--table all"):
        _read(tmp_path, _PER_TASK)
    reading = _read(tmp_path, _PER_TASK, table="all")
    assert sorted(reading.models) == ["GCN", "GIN"] and len(reading.tasks) == 3
    zinc = [t for t in reading.tasks if "ZINC" in t][0]
    col = reading.tasks.index(zinc)
    got = dict(zip(reading.models, reading.scores[:, col]))
    assert got == {"GIN": -0.30, "GCN": -0.40}  # MAE: lower is better, rated negated
    assert sum("MNIST" in t and "100k" in t for t in reading.tasks) == 1  # the caption tells them apart
    said = " ".join(map(str, reading.notes))
    assert "one per task" in said and "Rank" in said  # the rank column is left out, and said


def test_tables_one_per_model_under_headings_have_tasks_as_rows(tmp_path):
    page = "".join(
        f"# {algo} (single run)\n\n| task | best reward | parameters |\n|---|---|---|\n"
        f"| Pong | {a} | `python run.py` |\n| Breakout | {b} | `python run.py` |\n\n"
        for algo, a, b in (("DQN", 20, 316), ("C51", 21, 420), ("PPO", 19, 300))
    )
    reading = _read(tmp_path, page, table="all")
    assert sorted(reading.models) == ["C51", "DQN", "PPO"]  # '(single run)' in every heading: trimmed
    assert sorted(reading.tasks) == ["Breakout", "Pong"]
    assert reading.scores[reading.models.index("C51"), reading.tasks.index("Breakout")] == 420


def test_a_long_table_whose_tasks_hold_one_metric_each_needs_no_metric_option(tmp_path):
    path = tmp_path / "long.csv"
    path.write_text("model,task,metric,value\nA,t1,acc,0.5\nB,t1,acc,0.4\nA,t2,mae,0.1\nB,t2,mae,0.3\n")
    reading = io.read(str(path), io.ReadOptions(cli=True))
    assert np.allclose(reading.scores[:, reading.tasks.index("t2")], [-0.1, -0.3])
    both = tmp_path / "both.csv"  # a task with two metrics: a choice, refused naming --metric '*'
    both.write_text("model,task,metric,value\nA,t1,acc,0.5\nB,t1,acc,0.4\nA,t1,f1,0.1\nB,t1,f1,0.3\n")
    with pytest.raises(ValueError, match=r"every one: --metric '\*'"):
        io.read(str(both), io.ReadOptions(cli=True))


def test_missing_even_rates_a_sparse_score_table_pairwise_with_unmet_pairs_at_one_half(tmp_path, capsys):
    path = tmp_path / "sparse.csv"
    path.write_text("model,a,b,c\nx,1,,\ny,2,3,\nz,,1,5\nw,,,4\n")
    assert main(["rate", str(path), "--missing", "pairwise", "--progress", "never"]) == 2
    assert "--missing even" in capsys.readouterr().err  # the fit has no solution: the advice names even
    assert main(["rate", str(path), "--missing", "even", "--progress", "never"]) == 0
    err = capsys.readouterr().err
    assert "from even (0.5)" in err


def test_a_row_of_sizes_in_a_table_of_models_as_columns_is_left_out_and_said(tmp_path):
    page = (
        "| Datasets | Mode | Mistral-7B | Llama2-70B | Qwen-72B |\n|---|---|---|---|---|\n"
        "| Active Params | - | 7B | 70B | 72B |\n| MMLU | PPL | 64.1 | 69.7 | 77.3 |\n"
        "| GSM-8K | GEN | 47.5 | 63.4 | 77.6 |\n| MATH | GEN | 11.3 | 12.0 | 35.1 |\n"
    )
    reading = _read(tmp_path, page)
    assert sorted(reading.models) == ["Llama2-70B", "Mistral-7B", "Qwen-72B"]
    assert reading.tasks == ["MMLU", "GSM-8K", "MATH"]
    assert any("left out 1 row(s)" in str(n) and "Active Params" in str(n) for n in reading.notes)


def test_a_cell_that_cites_its_source_is_its_number_and_said(tmp_path):
    page = (
        "| Dataset | Flair | Best published |\n|---|---|---|\n"
        "| Conll-03 | **94.09** | *94.3 [(Yamada et al., 2020)](https://doi.org/x)* |\n"
        "| Ontonotes | **90.93** | *91.3 [(Yu et al., 2020)](https://x.org/a.pdf)* |\n"
        "| WNUT-17 | **60.1** | *60.4 [Wang et al. 2021]* |\n"
    )
    reading = _read(tmp_path, page, models="columns")
    got = dict(zip(reading.models, reading.scores[:, reading.tasks.index("Ontonotes")]))
    assert got == {"Flair": 90.93, "Best published": 91.3}
    assert reading.scores[reading.models.index("Best published"), reading.tasks.index("WNUT-17")] == 60.4
    assert any("cite their source" in str(n) for n in reading.notes)


def test_aggregate_and_spread_columns_are_known_by_name_and_said(tmp_path):
    # clembench's flattened two-level header; a multilingual board's '<group>_aggregate' columns
    path = tmp_path / "clem.csv"
    path.write_text(
        ',"-, clemscore","all, Average % Played","taboo, % Played","taboo, Quality Score",'
        '"taboo, Quality Score (std)","wordle, % Played","wordle, Quality Score",'
        '"wordle, Quality Score (std)"\n'
        "a,10,50,40,30,5,60,20,4\nb,20,60,50,40,6,70,30,3\nc,30,70,60,50,7,80,40,2\n"
    )
    reading = io.read(str(path), io.ReadOptions(cli=True, higher_better="*"))
    assert reading.tasks == [
        "taboo, % Played",
        "taboo, Quality Score",
        "wordle, % Played",
        "wordle, Quality Score",
    ]
    said = " ".join(map(str, reading.notes))
    assert "'-, clemscore'" in said and "'all, Average % Played'" in said and "spreads (std)" in said
    wide = tmp_path / "multi.csv"
    wide.write_text(
        ",arc_aggregate,arc_de,arc_en,overall_aggregate\nm1,0.5,0.4,0.6,0.5\nm2,0.3,0.2,0.4,0.3\n"
    )
    assert io.read(str(wide), io.ReadOptions(cli=True)).tasks == ["arc_de", "arc_en"]


def test_a_match_log_is_named_as_one_and_no_timestamp_is_offered_as_the_models(tmp_path, capsys):
    path = tmp_path / "matches.json"
    records = [
        f'{{"GameType": "{g}", "LLM1stPlayer": "{a}", "LLM2ndPlayer": "{b}", "Wins-1st": "{w}", '
        f'"DateTime": "2406{k:02d}-0957{k:02d}"}}'
        for k, (g, a, b, w) in enumerate(
            [("tic", "gpt", "claude", 1), ("tic", "claude", "gpt", 2), ("gomoku", "gpt", "claude", 3)]
        )
    ]
    path.write_text("[" + ",".join(records) + "]")
    assert main(["rate", str(path), "--progress", "never"]) == 2
    err = capsys.readouterr().err
    assert "a match log" in err and "'LLM1stPlayer' and 'LLM2ndPlayer'" in err and "DateTime" not in err


def test_failure_markers_are_holes_and_a_model_with_no_score_is_left_out_pairwise(tmp_path):
    page = (
        "| Dataset | BM25S | Elastic | BM25-PT | Rank-BM25 |\n|---|---|---|---|---|\n"
        "| arguana | 573.9 | 13.7 | 110.5 | 2 |\n| fever | 20.2 | 7.5 | OOM | 0.06 |\n"
        "| fiqa | 507.0 | 17.0 | 20.5 | 4.5 |\n| nq | 41.9 | 12.2 | Too slow* | 0.1 |\n"
    )
    with pytest.raises(ValueError, match="no score for 'BM25-PT' on 'fever'"):
        _read(tmp_path, page)
    reading = _read(tmp_path, page, missing="fill:-1")
    assert sorted(reading.models) == ["BM25-PT", "BM25S", "Elastic", "Rank-BM25"]  # 'Rank-BM25' is a model
    table = tmp_path / "t.csv"
    table.write_text("model,a,b\nx,1,2\ny,??,??\nz,3,1\n")
    board = io.read(str(table), io.ReadOptions(cli=True, missing="pairwise"))
    assert set(board.data["model_a"]) | set(board.data["model_b"]) == {"x", "z"}
    assert any("left out 'y': no score on any task" in str(n) for n in board.notes)


def test_tables_one_per_model_with_several_metrics_each(tmp_path):
    page = "".join(
        f"# {release}.zip\n\n## Benchmarks\n\n| testset | BLEU | chr-F |\n|---|---|---|\n"
        f"| news2019 | {b1} | 0.55 |\n| tatoeba | {b2} | 0.60 |\n\n"
        for release, b1, b2 in (("opus-2019", 21.3, 40.1), ("opus-2020", 23.5, 41.0))
    )
    with pytest.raises(ValueError, match=r"holds 2 metrics .*--metric '\*'"):
        _read(tmp_path, page, table="all")
    reading = _read(tmp_path, page, table="all", metric="*")
    assert sorted(reading.models) == ["opus-2019.zip", "opus-2020.zip"]  # 'Benchmarks' in every heading
    assert len(reading.tasks) == 4 and "news2019/BLEU" in reading.tasks


def test_a_web_page_table_is_read(tmp_path):
    page = (
        "<html><body><h1>Atari 10M</h1>\n<table>\n"
        "<tr><td>algo</td><td>Pong</td><td>Qbert</td><td>mean</td></tr>\n"
        "<tr><td>a2c</td><td>18.0</td><td>1500</td><td>759</td></tr>\n"
        "<tr><td>ppo</td><td>20.0</td><td>7000</td><td>3510</td></tr>\n</table>\n<svg><text>Pong</text></svg>\n"
    )
    reading = _read(tmp_path, page, name="bench.htm")
    assert sorted(reading.models) == ["a2c", "ppo"] and reading.tasks == ["Pong", "Qbert"]


def test_model_index_collections_are_left_out_and_said(tmp_path):
    path = tmp_path / "metafile.yml"
    path.write_text(
        "Collections:\n- Name: ABINet\n  Metadata:\n    Epochs: 20\n    Batch Size: 1536\n"
        "Models:\n"
        + "".join(
            f"- Name: {m}\n  In Collection: ABINet\n  Results:\n"
            + "".join(
                f"  - Task: Text Recognition\n    Dataset: {d}\n    Metrics:\n      word_acc: {v}\n"
                for d, v in r
            )
            for m, r in (
                ("abinet-s", (("IIIT5K", 0.95), ("SVT", 0.91))),
                ("abinet-l", (("IIIT5K", 0.96), ("SVT", 0.93))),
            )
        )
    )
    reading = io.read(str(path), io.ReadOptions(cli=True))
    assert sorted(reading.models) == ["abinet-l", "abinet-s"] and len(reading.tasks) == 2
    assert any("left out 'Collections'" in str(n) for n in reading.notes)


def test_tasks_under_versions_no_model_shares_are_said(tmp_path):
    path = tmp_path / "v.csv"
    path.write_text("model,jsquad-1.1-0.2,jsquad-1.1-0.3,xnli\na,0.5,,0.3\nb,,0.6,0.4\nc,0.7,,0.2\n")
    with pytest.raises(ValueError, match="several versions that no model shares"):
        io.read(str(path), io.ReadOptions(cli=True))
    reading = io.read(str(path), io.ReadOptions(cli=True, missing="drop-tasks"))
    assert reading.tasks == ["xnli"] and any("several versions" in str(n) for n in reading.notes)


def test_two_scores_in_one_cell_under_a_header_naming_both_are_two_columns(tmp_path):
    page = (
        "| Contributor | Train Recipe | Dev/Test WER |\n|---|---|---|\n"
        "| Baseline | Transformer-AED | 13.60 / 12.70 |\n| Baseline | Conformer | 10.90 / 10.80 |\n"
        "| JHU | Zipformer | 10.25 / 10.38 |\n"
    )
    reading = _read(tmp_path, page, model="Train Recipe")
    assert reading.tasks == ["Dev WER", "Test WER"]
    assert reading.scores[reading.models.index("Conformer")].tolist() == [-10.9, -10.8]  # WER: lower
    assert any("as two scores" in str(n) for n in reading.notes)


_SECTIONED = """## Leaderboard

### `task_type: binary_classification`

Metric: ROC-AUC, higher the better.

#### `scale: small`

|   | dataset_0 | dataset_1 |
|---|---|---|
| XGBoost | **0.931±0.000 (41s)** | 0.80±0.01 (3s) |
| MLP | 0.90±0.01 (12s) | 0.85±0.02 (4s) |

### `task_type: regression`

Metric: RMSE, lower the better.

#### `scale: small`

|   | dataset_0 | dataset_1 |
|---|---|---|
| XGBoost | 0.250±0.000 (22s) | 0.038±0.000 (9s) |
| MLP | 0.300±0.010 (30s) | OOM |
"""


def test_tables_whose_columns_repeat_are_named_by_their_sections_in_their_metrics_direction(tmp_path):
    reading = _read(tmp_path, _SECTIONED, table="all", missing="fill:-1")
    assert sorted(reading.models) == ["MLP", "XGBoost"] and len(reading.tasks) == 4
    regression = [t for t in reading.tasks if "regression" in t]
    got = dict(zip(reading.models, reading.scores[:, reading.tasks.index(regression[0])]))
    assert got == {"XGBoost": -0.25, "MLP": -0.3}  # RMSE, said by the section's text: negated
    assert any("its section's text names" in str(n) for n in reading.notes)


def test_an_html_header_of_td_rows_and_a_name_written_twice(tmp_path):
    page = (
        "<table>\n<tr><td></td><td colspan=2>DDPG</td><td colspan=2>TD3</td></tr>\n"
        "<tr><td>Environment</td><td>OmniSafe</td><td>SB3</td><td>OmniSafe</td><td>SB3</td></tr>\n"
        "<tr><td>Ant</td><td>860.9 ± 198.0</td><td>2654.6 ± 1738.2</td><td>5246.9</td><td>3079.5</td></tr>\n"
        "</table>\n"
    )
    ((_, _, grid, head),) = html_tables(page.splitlines())
    assert head == 2 and grid[1][1] == "OmniSafe"
    reading = _read(tmp_path, page, models="columns")
    assert "DDPG / OmniSafe" in reading.models
    twice = "| model | acc | acc |\n|---|---|---|\n| a | 1 | 2 |\n| b | 3 | 4 |\n"
    with pytest.raises(ValueError, match="the column name 'acc' is written 2 times"):
        _read(tmp_path, twice)


def test_a_pairwise_judgment_log_is_named_as_one(tmp_path, capsys):
    path = tmp_path / "gpt-4_pair.jsonl"
    path.write_text(
        "".join(
            f'{{"question_id": {q}, "model_1": "phi-3", "model_2": "phi-3-dpo", "g1_winner": "model_1", '
            f'"turn": 1, "tstamp": 1718000000.{q}}}\n'
            for q in range(81, 86)
        )
    )
    assert main(["rate", str(path), "--progress", "never"]) == 2
    assert "a match between 'model_1' and 'model_2' (a match log" in capsys.readouterr().err


def test_decorated_numbers_footnotes_bounds_and_grouped_thousands(tmp_path):
    page = (
        "| Model | BLEU | acc | mae |\n|---|---|---|---|\n"
        "| a | 28.5* | < 5% | 1,006.9 |\n| b | 27.1 | 40% | 571.2 |\n| c | 26.0† | 35% | 600.0 |\n"
    )
    reading = _read(tmp_path, page, missing="fill:-1")
    got = dict(zip(reading.models, reading.scores[:, reading.tasks.index("BLEU")]))
    assert got == {"a": 28.5, "b": 27.1, "c": 26.0}
    assert reading.scores[reading.models.index("a"), reading.tasks.index("mae")] == -1006.9
    assert reading.scores[reading.models.index("a"), reading.tasks.index("acc")] == -1  # a bound: no score


def test_tables_whose_rows_are_metrics_under_model_columns_are_turned(tmp_path):
    page = "".join(
        f"# {group}\n## Metrics\n|  | ETS | ARIMA |\n|:--|:--|:--|\n"
        f"| mae | {a} | {b} |\n| smape | 5.1% | 5.5% |\n\n"
        f"## Times\n| model | CPU time (min) |\n|:--|--:|\n| ETS | 0.5 |\n| ARIMA | 2.0 |\n\n"
        for group, a, b in (("Quarterly", 571.2, 591.0), ("Yearly", "1,006.9", "1,020.1"))
    )
    reading = _read(tmp_path, page, table="all", metric="*")
    assert sorted(reading.models) == ["ARIMA", "ETS"] and len(reading.tasks) == 4
    assert any("their rows metrics by name" in str(n) for n in reading.notes)
    mae = [t for t in reading.tasks if "Yearly" in t and t.endswith("mae")][0]
    assert reading.scores[reading.models.index("ETS"), reading.tasks.index(mae)] == -1006.9


def test_a_rule_between_groups_of_rows_is_no_row(tmp_path):
    page = "| Name | acc |\n|---|---|\n| a | 0.5 |\n|---|---|\n| b | 0.7 |\n"
    assert sorted(_read(tmp_path, page).models) == ["a", "b"]


def test_a_folder_of_documents_with_results_in_lists_is_refused_naming_the_list(tmp_path, capsys):
    for model, score in (("qwen", 0.55), ("llama", 0.61)):
        folder = tmp_path / "helm_lite" / model
        folder.mkdir(parents=True)
        (folder / "run.json").write_text(
            f'{{"retrieved_timestamp": "1762652580.2", "model_info": {{"name": "{model}"}}, '
            f'"evaluation_results": [{{"evaluation_name": "GSM8K", "score_details": {{"score": {score}}}}}, '
            f'{{"evaluation_name": "MMLU", "score_details": {{"score": {score / 2}}}}}]}}'
        )
    assert main(["rate", str(tmp_path / "helm_lite"), "--progress", "never"]) == 2
    err = capsys.readouterr().err
    assert "hold their results in lists of records ('evaluation_results')" in err


# ----------------------------------------------------------------------- reStructuredText pages (round 8)

_RST = """Benchmarks
==========

Each dataset's table: MR is a mean rank, MRR a mean reciprocal rank.

FB15k
^^^^^

+-------------+-----+-------+---------+
| `FB15k`_    | MR  | MRR   | HITS\\@1 |
+=============+=====+=======+=========+
| `TransE`_   | 47  | 0.682 | 0.585   |
+-------------+-----+-------+---------+
| `DistMult`_ | 43  | 0.674 | 0.578   |
+-------------+-----+-------+---------+

WN18
^^^^

=========  ====  =====  =======
WN18       MR    MRR    HITS@1
=========  ====  =====  =======
TransE     278   0.495  0.113
DistMult   705   0.80   0.712
=========  ====  =====  =======
"""


def test_rst_titles_rank_styles_in_the_order_a_page_uses_them():
    titles = rst_titles(_RST.splitlines())
    assert [v[:2] for v in titles.values()] == [(1, "Benchmarks"), (2, "FB15k"), (2, "WN18")]
    lines = ["=====", " Top", "=====", "", "Sub", "===", "", "Other", "-----"]
    assert [v[:2] for v in rst_titles(lines).values()] == [(1, "Top"), (2, "Sub"), (3, "Other")]


def test_rst_grid_simple_and_list_tables_become_rows():
    (grid, simple) = rst_tables(_RST.splitlines())
    assert grid[3] == 1 and grid[2][0] == ["`FB15k`_", "MR", "MRR", "HITS\\@1"]
    assert grid[2][2] == ["`DistMult`_", "43", "0.674", "0.578"]
    assert simple[3] == 1 and simple[2][0] == ["WN18", "MR", "MRR", "HITS@1"]
    assert simple[2][1:] == [["TransE", "278", "0.495", "0.113"], ["DistMult", "705", "0.80", "0.712"]]
    spans = ["+---+-------+", "| a | b     |", "+===+=======+", "| x | 1 | 2 |", "+---+---+---+"]
    # a cell over two columns (no '|' between them) is repeated in each
    wide = ["+---+---+---+", "| a | both  |", "+===+===+===+", "| x | 1 | 2 |", "+---+---+---+"]
    assert rst_tables(wide)[0][2] == [["a", "both", "both"], ["x", "1", "2"]]
    assert rst_tables(spans) == []  # a border of other columns than the table's: no table
    listed = [
        ".. list-table:: Results",
        "   :header-rows: 1",
        "",
        "   * - model",
        "     - acc",
        "   * - A",
        "     - 0.5",
        "",
        "After.",
    ]
    assert rst_tables(listed) == [(0, 8, [["model", "acc"], ["A", "0.5"]], 1)]
    csv_table = [".. csv-table:: Scores", '   :header: "model", "acc"', "", "   A, 0.5", "   B, 0.7", ""]
    assert rst_tables(csv_table)[0][2:] == ([["model", "acc"], ["A", "0.5"], ["B", "0.7"]], 1)


def test_an_rst_page_is_read_as_a_readme_its_tables_one_per_title(tmp_path):
    with pytest.raises(ValueError, match="holds 2 tables that look like parts of one board.*--table all"):
        _read(tmp_path, _RST, name="reasoning.rst")
    reading = _read(tmp_path, _RST, name="reasoning.rst", table="all", metric="*", lower_better="*/MR")
    assert sorted(reading.models) == ["DistMult", "TransE"]  # the links' text, not `TransE`_
    metrics = ("MR", "MRR", "HITS@1")
    assert sorted(reading.tasks) == sorted(f"{d}/{m}" for d in ("FB15k", "WN18") for m in metrics)
    got = dict(zip(reading.tasks, reading.scores[list(reading.models).index("TransE")]))
    assert got["FB15k/HITS@1"] == 0.585 and abs(got["WN18/MR"]) == 278  # MR lower is better: negated
    one = _read(tmp_path, _RST, name="reasoning.rst", table="WN18", lower_better="MR")
    assert sorted(one.tasks) == ["HITS@1", "MR", "MRR"] and len(one.models) == 2


# ----------------------------------------------------------------------- round 9's classes


def test_a_header_s_arrow_says_its_direction(tmp_path):
    page = (
        "| Model | LAMBADA PPL ↓ | Winogrande ↑ | Foo ↑ | Bar (lower is better) |\n|---|---|---|---|---|\n"
        "| A | 3.0 | 0.6 | 10 | 5 |\n| B | 4.0 | 0.7 | 20 | 4 |\n| C | 5.0 | 0.5 | 30 | 3 |\n"
    )
    reading = _read(tmp_path, page)  # no option: every direction is in the header
    got = dict(zip(reading.tasks, reading.scores[list(reading.models).index("A")]))
    assert got == {"LAMBADA PPL ↓": -3.0, "Winogrande ↑": 0.6, "Foo ↑": 10.0, "Bar (lower is better)": -5.0}


def _page(header: str, *rows: str) -> str:
    width = header.count("|") - 1
    return "\n".join([header, "|" + "---|" * width, *rows]) + "\n"


def test_a_rule_of_dashes_in_a_cell_is_no_score(tmp_path):
    page = _page("| Model | PIQA | MMLU |", "| A | 0.7 | ----- |", "| B | 0.6 | 0.5 |", "| C | 0.5 | 0.4 |")
    with pytest.raises(ValueError, match="missing"):  # a hole for the missing rule, not "not a number"
        _read(tmp_path, page, higher_better=("*",))
    reading = _read(tmp_path, page, higher_better=("*",), missing="drop-models")
    assert sorted(reading.models) == ["B", "C"]


def test_aggregates_named_after_their_scores_or_with_a_count_are_left_out(tmp_path):
    rows = ("| A | 10 | 5 | 7.5 |", "| B | 20 | 1 | 10.5 |")
    counted = _page("| Model | Easy (45) | Hard(44) | Overall(89) |", *rows)
    assert list(_read(tmp_path, counted, higher_better=("*",)).tasks) == ["Easy (45)", "Hard(44)"]
    trailed = _page("| Model | SciFact | NFCorpus | BEIR AVG |", *rows)
    assert list(_read(tmp_path, trailed, higher_better=("*",)).tasks) == ["SciFact", "NFCorpus"]
    each = _page("| Algo | Hopper average | Walker average | Ant average |", *rows)
    assert len(_read(tmp_path, each, higher_better=("*",)).tasks) == 3  # each task's own average


def test_a_reference_row_repeated_in_each_part_of_a_board_is_read_once(tmp_path):
    part = "| Model | Average Score in English | C-Eval | MBPP |\n|---|---|---|---|\n"
    page = (
        f"## Text\n\n{part}| Mistral-7B | 50 | 40.1 | 27.2(report) |\n| MiniCPM-2B | 60 | 51.1 | 50.0 |\n\n"
        f"{part}| Qwen-7B | 55 | 59.1 | 44.1 |\n| MiniCPM-2B | 60 | 51.1 | 50.0 |\n"
    )
    reading = _read(tmp_path, page, table="all", higher_better=("*",))
    assert sorted(reading.models) == ["MiniCPM-2B", "Mistral-7B", "Qwen-7B"]
    assert list(reading.tasks) == ["C-Eval", "MBPP"]  # the average of some scores left out
    assert reading.scores[list(reading.models).index("Mistral-7B")].tolist() == [40.1, 27.2]  # a remark
    said = " ".join(str(n) for n in reading.notes)
    assert "'MiniCPM-2B' once" in said and "carry a remark" in said
    other = page.replace("| MiniCPM-2B | 60 | 51.1 | 50.0 |\n", "| MiniCPM-2B | 60 | 51.1 | 49.0 |\n", 1)
    with pytest.raises(ValueError, match="duplicate model name 'MiniCPM-2B'"):  # other scores: refused
        _read(tmp_path, other, table="all", higher_better=("*",))


def test_a_number_of_column_is_a_count_unless_its_name_says_score(tmp_path):
    """ProteinGym's ``Number of Mutants`` (5e5 beside Spearman values) was rated as a task; a count
    is left out and said, while ``Number of problems solved`` stays a score."""
    text = "\n".join(
        [
            "model,Spearman A,Spearman B,Number of Mutants,Number of problems solved",
            "m1,0.383,0.131,9576,12",
            "m2,0.481,0.413,12577,15",
            "m3,-0.011,0.107,922,9",
        ]
    )
    reading = _read(tmp_path, text, name="board.csv")
    assert list(reading.tasks) == ["Spearman A", "Spearman B", "Number of problems solved"]
    assert any("Number of Mutants" in str(n) and "left out" in str(n) for n in reading.notes)


def test_a_turned_table_says_which_model_columns_it_left_out_and_reads_approximate_cells(tmp_path):
    """RLlib's tables (environments as rows, agents as columns): a column of '~6000' cells (read off
    a plot) was dropped without a word; it is read as its numbers, said, and a text column is said."""
    text = "\n".join(
        [
            "| env | RLlib Ape-X | Mnih DQN | Notes |",
            "|---|---|---|---|",
            "| BeamRider | 6134 | ~6000 | fast |",
            "| Breakout | 123 | ~50 | slow |",
            "| QBert | 15302 | ≈1200 | fast |",
        ]
    )
    reading = _read(tmp_path, text)
    assert sorted(reading.models) == ["Mnih DQN", "RLlib Ape-X"]
    assert reading.scores[reading.models.index("Mnih DQN")].tolist() == [6000.0, 50.0, 1200.0]
    said = " ".join(map(str, reading.notes))
    assert "'~6000' is 6000" in said and "left out the columns 'Notes'" in said


def test_a_doubted_cell_is_its_number_and_said(tmp_path):
    reading = _read(tmp_path, "model,AUC\nxgb,0.75\ncatboost,0.734?!\nlgbm,0.76\n", name="board.csv")
    assert reading.scores[reading.models.index("catboost"), 0] == 0.734
    assert any("'0.734?!' is 0.734" in str(n) for n in reading.notes)


def test_a_speed_column_beside_quality_scores_is_rated_and_said(tmp_path):
    text = "\n".join(
        [
            "| Model | Rel. Latency ↑ | Short-Form WER ↓ | Long-Form WER ↓ |",
            "|---|---|---|---|",
            "| large-v3 | 1.0 | 8.4 | 11.0 |",
            "| distil-large-v3 | 6.3 | 9.7 | 10.8 |",
        ]
    )
    reading = _read(tmp_path, text)
    assert len(reading.tasks) == 3  # rated: the source's own arrow says which way it points
    (said,) = [n for n in reading.notes if isinstance(n, io.Assumed) and "Rel. Latency" in n]
    assert "--exclude 'Rel. Latency ↑'" in said
    # a board of speeds alone says nothing of the kind
    alone = _read(tmp_path, "model,throughput A,throughput B\na,1,2\nb,3,1\n", name="speeds.csv")
    assert not any("speed or latency" in str(n) for n in alone.notes)


def test_the_largest_table_with_a_blank_header_cell_is_rated_and_named(tmp_path):
    """InternLM's README: the largest table, cleaned on reading (its blank header cell named), was no
    longer found among the page's tables, and an internal error was printed as the refusal."""
    text = "\n".join(
        [
            "# Files",
            "| file | size |",
            "|---|---|",
            "| a.txt | 10 |",
            "| b.txt | 20 |",
            "",
            "# Results",
            "| Model | | MMLU | GSM8K |",
            "|---|---|---|---|",
            "| m1 | x | 50.1 | 60.2 |",
            "| m2 | y | 55.3 | 58.1 |",
            "| m3 | z | 52.0 | 61.0 |",
        ]
    )
    reading = _read(tmp_path, text)
    assert sorted(reading.models) == ["m1", "m2", "m3"]
    (chosen,) = [n for n in reading.notes if isinstance(n, io.Assumed) and n.topic == "layout"]
    assert chosen.pin == "--table 2" and "the others: line 2 (2 x 2)" in chosen


def test_a_frame_whose_first_label_repeats_is_read_by_position():
    """model-vs-human's two tables joined (``--table all``) named 'model' twice: pandas' own error
    ("the truth value of a Series is ambiguous") was printed as the refusal."""
    import pandas as pd

    from jaxrate.io._cells import frame_cells

    frame = pd.DataFrame([["a", "a-1", 0.5], ["b", "b-1", 0.7]], columns=["model", "model", "acc"])
    cells = frame_cells("joined.md", frame)
    assert cells.rows == ["a", "b"] and cells.columns[0] == ["a-1", "b-1"] and cells.columns[1] == [0.5, 0.7]


def test_a_score_written_once_over_two_columns_is_read_under_each_and_said(tmp_path):
    page = (
        "<table>\n<tr><th>Trick</th><th>GCN</th><th>GIN</th></tr>\n"
        "<tr><td>baseline</td><td>0.76</td><td>0.77</td></tr>\n"
        "<tr><td>flag</td><td>0.78</td><td>0.79</td></tr>\n"
        "<tr><td>forest</td><td colspan=2>0.82</td></tr>\n</table>\n"
    )
    reading = _read(tmp_path, page)
    table = reading.table()
    assert table.loc["forest", "GCN"] == table.loc["forest", "GIN"] == pytest.approx(0.82)
    said = [str(n) for n in reading.notes if "written once over several columns" in str(n)]
    assert len(said) == 1 and "'GCN' and 'GIN'" in said[0] and "'0.82'" in said[0]
    # a header cell over two columns (a group's name) is no score: nothing said
    grouped = page.replace("<tr><td>forest</td><td colspan=2>0.82</td></tr>\n", "")
    grouped = grouped.replace("<table>\n", "<table>\n<tr><th></th><th colspan=2>molhiv</th></tr>\n")
    reading = _read(tmp_path, grouped)
    assert not any("written once" in str(n) for n in reading.notes)

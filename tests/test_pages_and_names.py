"""Round 14's classes (issue 51): a page read past a broken table that holds no scores, cells of several
numbers beside cells of one, ``--model-col`` on a page whose other column is headed ``Model``, tables of
``PSNR / SSIM`` cells found as parts of one board, and repeated names told apart by two columns.

open-thoughts' and Chinese-ELECTRA's READMEs (a check-mark table with a cell too many; a stray letter
after a row's last pipe), Chinese-ELECTRA's ``89.4 (88.4)`` beside ``85.3``, fairchem's model zoo
(``Model Name`` first, ``Model`` repeating), BasicSR's two ``Image SR`` tables, AceGPT's per-category
records. The published files are in ``tests/data/published/round14``; the tests here pin each rule on a
page of a few lines, and follow each refusal's advice.
"""

from __future__ import annotations

import pytest

from jaxrate import io


def _read(tmp_path, text: str, name: str = "README.md", **options):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return io.read(str(path), io.ReadOptions(cli=True, **options))


_RESULTS = """# Results

| Model | AIME24 | MATH500 | GPQA |
|---|---|---|---|
| model-a | 31.3 | 83.0 | 42.4 |
| model-b | 22.7 | 82.0 | 37.9 |
| model-c | 55.5 | 92.8 | 53.5 |

| | Open Weights | Open Data |
|--|--|--|
| model-a | ✅ | ✅ |
| model-b | ❌ | ❌ | ❌ |
"""


def test_a_ragged_row_in_a_table_without_scores_does_not_stop_the_page(tmp_path):
    reading = _read(tmp_path, _RESULTS)
    assert reading.models == ["model-a", "model-b", "model-c"]
    assert reading.tasks == ["AIME24", "MATH500", "GPQA"]


def test_a_ragged_row_in_the_rated_table_is_refused_naming_its_line(tmp_path):
    text = _RESULTS.replace("| model-b | 22.7 | 82.0 | 37.9 |", "| model-b | 22.7 | 82.0 | 37.9 | 4 |")
    with pytest.raises(ValueError, match=r"line 6: a table row with 5 cells under a header of 4"):
        _read(tmp_path, text)
    with pytest.raises(ValueError, match=r"line 12: a table row with 4 cells under a header of 3"):
        _read(tmp_path, _RESULTS, table="2")  # named, the broken table is refused too


_MAX_MEAN = """### LCQMC

| 模型 | 开发集 | 测试集 |
|---|---|---|
| BERT | 89.4 (88.4) | 86.9 (86.4) |
| RBT3 | 85.3 | 85.1 |
| ELECTRA-base | 90.2 (89.8) | 87.6 (87.3) |

### BQ Corpus

| 模型 | 开发集 | 测试集 |
|---|---|---|
| BERT | 86.0 (85.5) | 84.8 (84.6) |
| RBT3 | 83.6 | 83.1 |
| ELECTRA-base | 84.8 (84.7) | 84.5 (84.0) |
"""


def test_cells_of_two_numbers_beside_cells_of_one_are_refused_naming_the_cells_option(tmp_path):
    # The joined tasks are named 'LCQMC/开发集': the '/' is the join's, not two parts of a score.
    with pytest.raises(ValueError, match=r"holds 2 numbers \('89.4 \(88.4\)'\).*--cells 1 the first only"):
        _read(tmp_path, _MAX_MEAN, table="all")
    reading = _read(tmp_path, _MAX_MEAN, table="all", cells=1)
    assert sorted(reading.tasks) == ["BQ Corpus/开发集", "BQ Corpus/测试集", "LCQMC/开发集", "LCQMC/测试集"]
    bert = reading.scores[reading.models.index("BERT")]
    assert sorted(bert.tolist()) == [84.8, 86.0, 86.9, 89.4]


_ZOO = """| Model Name | Model | Split | val force MAE | val EFwT |
|---|---|---|---|---|
| CGCNN 200k | CGCNN | 200k | 0.0704 | 0.00% |
| CGCNN All | CGCNN | All | 0.0684 | 0.01% |
| DimeNet 200k | DimeNet | 200k | 0.0636 | 0.00% |
| DimeNet All | DimeNet | All | 0.0522 | 0.52% |
"""


def test_a_first_column_headed_model_name_names_the_models_beside_a_column_headed_model(tmp_path):
    with pytest.raises(ValueError, match=r"whether higher or lower is better on 'val EFwT'"):
        _read(tmp_path, _ZOO)  # read past the names: the next question is the direction
    reading = _read(tmp_path, _ZOO, higher_better=["val EFwT"])
    assert reading.models == ["CGCNN 200k", "CGCNN All", "DimeNet 200k", "DimeNet All"]


def test_model_col_on_a_page_is_honoured_over_a_column_headed_model(tmp_path):
    text = _ZOO.replace("| Model Name | Model |", "| Checkpoint | Model |")
    with pytest.raises(ValueError, match=r"duplicate model name 'CGCNN'.*--model-col 'Checkpoint'"):
        _read(tmp_path, text, higher_better=["val EFwT"])
    reading = _read(tmp_path, text, model="Checkpoint", higher_better=["val EFwT"])  # the advice, followed
    assert reading.models == ["CGCNN 200k", "CGCNN All", "DimeNet 200k", "DimeNet All"]


_SR = """## Image SR Official Models

| Exp Name | Set5 (PSNR/SSIM) | Set14 (PSNR/SSIM) |
|---|---|---|
| EDSR_Mx2 | 35.7768 / 0.9442 | 31.4966 / 0.8939 |
| EDSR_Mx3 | 32.3597 / 0.903 | 28.3932 / 0.8096 |

## Image SR Reproduced Models

| Exp Name | Set5 (PSNR/SSIM) | Set14 (PSNR/SSIM) |
|---|---|---|
| RCAN_x2 | 36.0 / 0.95 | 31.8 / 0.90 |
| SRResNet_x4 | 30.2 / 0.86 | 26.9 / 0.75 |
| ESRGAN_x4 | 28.6 / 0.82 | 24.7 / 0.66 |
"""


def test_tables_of_paired_scores_under_one_header_are_found_as_parts_of_one_board(tmp_path):
    with pytest.raises(ValueError, match=r"holds 2 tables that look like parts of one board"):
        _read(tmp_path, _SR)
    reading = _read(tmp_path, _SR, table="1,2")  # the advice, followed
    assert len(reading.models) == 5
    assert sorted(reading.tasks) == ["Set14 (PSNR)", "Set14 (SSIM)", "Set5 (PSNR)", "Set5 (SSIM)"]


_TWICE = """Model,Learning,Size,Avg
LLaMA-SciTune,Zero-shot,13B,90.0
LLaMA-SciTune,Zero-shot,7B,86.1
LLaMA-SciTune,Fine-tune,7B,88.0
GPT-4,Zero-shot,-,83.9
GPT-4,Few-shot,-,82.7
"""


def test_repeated_names_told_apart_by_two_columns_together_name_the_join(tmp_path):
    with pytest.raises(
        ValueError, match=r"told apart by 'Learning' and 'Size' together.*--model-col 'Model,Learning,Size'"
    ):
        _read(tmp_path, _TWICE, "board.csv", higher_better=["Avg"])
    reading = _read(tmp_path, _TWICE, "board.csv", model="Model,Learning,Size", higher_better=["Avg"])
    assert "LLaMA-SciTune:Zero-shot:13B" in reading.models and len(reading.models) == 5


def test_a_hint_after_a_joined_model_col_names_the_columns_as_the_option_takes_them(tmp_path):
    text = "run,shots,key,physics,math\na,few,STEM,1,2\na,few,Other,3,4\nb,few,STEM,5,6\nb,few,Other,7,8\n"
    with pytest.raises(ValueError, match=r"--model-col run,shots,key") as refused:
        _read(tmp_path, text, "runs.csv", model="run,shots", higher_better=["*"])
    assert "run:shots" not in str(refused.value)
    reading = _read(tmp_path, text, "runs.csv", model="run,shots,key", higher_better=["*"])
    assert sorted(reading.models) == ["a:few:Other", "a:few:STEM", "b:few:Other", "b:few:STEM"]


_DECODINGS = """| Architecture | # Param | nov92 | TL-test |
|---|---|---|---|
| Transformer | 300 mil | 3.4 → 2.9/2.9 | 7.6 → 5.5/5.4 |
| Conformer | 87 mil | 4.1 → 3.2/3.3 | 8.5 → 5.9/5.8 |
| Conformer | 28 mil | 4.4 →3.6/3.5 | 8.8 → 6.2/6.1 |
"""


def test_cells_of_decodings_joined_by_arrows_are_refused_naming_the_nth_number(tmp_path):
    with pytest.raises(
        ValueError, match=r"holds 3 numbers \('3.4 → 2.9/2.9'\).*--cells N the N-th \(1 to 3\)"
    ):
        _read(tmp_path, _DECODINGS, model="Architecture,# Param")
    reading = _read(tmp_path, _DECODINGS, model="Architecture,# Param", cells=3, lower_better=["*"])
    assert reading.models == ["Transformer:300 mil", "Conformer:87 mil", "Conformer:28 mil"]
    assert (-reading.scores).tolist() == [[2.9, 5.4], [3.3, 5.8], [3.5, 6.1]]  # lower is better: negated


def test_a_folder_of_one_record_json_files_beside_other_tables_names_the_files_of_each_shape(tmp_path):
    import json

    folder = tmp_path / "runs"
    (folder / "claude").mkdir(parents=True)
    (folder / "gpt").mkdir()
    for model, depth, score in [("m-a", 0, 10), ("m-a", 50, 7), ("m-b", 0, 9), ("m-b", 50, 3)]:
        record = {"model": model, "depth_percent": depth, "needle": "a sandwich", "score": score}
        (folder / "claude" / f"{model}_depth_{depth}_results.json").write_text(json.dumps(record), "utf-8")
    rows = [{"depth_percent": 0, "score": 8}, {"depth_percent": 50, "score": 6}]
    (folder / "gpt" / "GPTResults.json").write_text(json.dumps(rows), "utf-8")
    with pytest.raises(ValueError, match=r"holds tables of 2 shapes.*4 like .*_results.json"):
        io.read(str(folder), io.ReadOptions(cli=True))
    one = [str(folder / "claude" / "*_results.json")]  # the advice, followed
    reading = io.read(one, io.ReadOptions(cli=True, model="model", task="depth_percent", score="score"))
    assert sorted(reading.models) == ["m-a", "m-b"] and sorted(reading.tasks) == ["0", "50"]
    assert reading.scores[reading.models.index("m-b")].tolist() == [9.0, 3.0]
    with pytest.raises(ValueError, match=r"JSON must be a list of records"):  # {model: score}: no record
        (folder / "scores.json").write_text(json.dumps({"m-a": 0.5, "m-b": 0.7}), encoding="utf-8")
        io.read(str(folder / "scores.json"), io.ReadOptions(cli=True))


def test_files_of_one_shape_in_many_folders_are_named_by_one_recursive_glob(tmp_path, monkeypatch):
    import json

    monkeypatch.chdir(tmp_path)
    for subset in ("Natural", "Adversarial/Neighbor"):
        for model in ("ChatGPT", "LLaMA2", "PaLM2"):
            folder = tmp_path / "LLMBar" / subset / "evaluators" / model
            folder.mkdir(parents=True)
            record = {"evaluator": f"{model}/{subset}", "accuracy": 50.0 + len(model), "note": "CoT"}
            (folder / "statistics.json").write_text(json.dumps(record), "utf-8")
        rows = [{"input": "q", "output_1": "a", "output_2": "b", "label": 1}]
        (tmp_path / "LLMBar" / subset / "dataset.json").write_text(json.dumps(rows), "utf-8")
    with pytest.raises(ValueError, match=r"6 like statistics.json .*: 'LLMBar/\*\*/\*statistics.json'"):
        io.read("LLMBar", io.ReadOptions(cli=True))
    reading = io.read("LLMBar/**/*statistics.json", io.ReadOptions(cli=True, model="evaluator"))  # followed
    assert len(reading.models) == 6 and reading.tasks == ["accuracy"]


def test_the_parts_refusal_numbers_the_tables_as_table_counts_them(tmp_path):
    text = "| Download | Link |\n|---|---|\n| model-a | [hf](https://x) |\n\n" + _SR  # table 1: no scores
    with pytest.raises(ValueError, match=r"2: line 7 under 'Image SR Official Models'.*3: line 14"):
        _read(tmp_path, text)
    assert len(_read(tmp_path, text, table="2,3").models) == 5  # the numbers it gave, followed


_BEST_AND_MEAN = """评价指标为：EM / F1

| 模型 | 开发集 | 测试集 | 参数量 |
| :--- | :---: | :---: | :---: |
| BERT-base | 65.5 (64.4) / 84.5 (84.0) | 70.0 (68.7) / 87.0 (86.3) | 102M |
| RBT3 | 58.8 / 79.7 | 62.3 / 81.5 | 38M |
| ELECTRA-base | 68.4 (68.0) / 84.8 (84.6) | 73.1 (72.7) / 87.1 (86.9) | 102M |
"""


def test_pairs_with_a_bracketed_mean_on_some_cells_are_read_by_their_pairs(tmp_path):
    # A best run and, where there were several, their mean in brackets: the pairs decide the shape.
    with pytest.raises(ValueError, match=r"holds 2 numbers \('65.5 / 84.5'\); --cells split"):
        _read(tmp_path, _BEST_AND_MEAN)
    reading = _read(tmp_path, _BEST_AND_MEAN, cells="split")  # the advice, followed
    assert reading.tasks == ["开发集 [1]", "开发集 [2]", "测试集 [1]", "测试集 [2]"]
    assert reading.scores[reading.models.index("BERT-base")].tolist() == [65.5, 84.5, 70.0, 87.0]
    assert any("without their bracketed numbers" in str(n) for n in reading.notes)


def test_a_time_beside_the_quality_scores_is_rated_and_said_with_the_option_that_leaves_it_out(tmp_path):
    text = "Models,MR,MRR,HITS-1,TIME\nTransE,44.55,0.649,0.524,201\nDistMult,60.13,0.696,0.586,150\n"
    text += "ComplEx,58.79,0.754,0.676,171\n"
    reading = _read(tmp_path, text, "fb15k.csv", lower_better=["MR"])
    said = [str(n) for n in reading.notes if "beside the others" in str(n)]
    assert said and "'TIME'" in said[0] and "--exclude 'TIME'" in said[0]
    followed = _read(tmp_path, text, "fb15k.csv", lower_better=["MR"], exclude=["TIME"])
    assert followed.tasks == ["MR", "MRR", "HITS-1"]


_THRICE = """| # | Model | Learning | #Size | Date | NAT | SOC |
|---|---|---|---|---|---|---|
| * | Human Performance | - | - | 22-09-20 | 90.2 | 84.9 |
| 1 | InstructBLIP | Zero-shot | - | 23-05-11 | 80.1 | 70.2 |
| 2 | InstructBLIP | Zero-shot | - | 23-06-01 | 81.3 | 71.0 |
| 3 | LLaMA-SciTune | Zero-shot | 13B | 23-07-03 | 89.3 | 95.6 |
| 4 | LLaMA-SciTune | Zero-shot | 7B | 23-07-03 | 84.5 | 94.1 |
| 5 | LLaMA-SciTune | Fine-tune | 7B | 23-07-03 | 86.0 | 94.5 |
"""


def test_names_told_apart_only_by_three_columns_are_named_with_them_and_the_positions_left_out(tmp_path):
    with pytest.raises(ValueError, match=r"--model-col 'Model,Learning,#Size,Date'"):
        _read(tmp_path, _THRICE)
    reading = _read(tmp_path, _THRICE, model="Model,Learning,#Size,Date")  # the advice, followed
    assert reading.tasks == ["NAT", "SOC"]  # '#', the rows' positions, is no task
    assert "LLaMA-SciTune:Zero-shot:13B:23-07-03" in reading.models and len(reading.models) == 6
    assert any("the rows' positions" in str(n) for n in reading.notes)

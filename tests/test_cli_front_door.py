"""The command line's inputs, methods, outputs, figures, reports and studies."""

import json
import re

import numpy as np
import pandas as pd
import pytest

from jaxrate.cli import main
from jaxrate.exact import deviation_ratings
from jaxrate.games import agent_vs_task

TABLE = pd.DataFrame(
    [[1.0, 0.0, 0.5], [0.0, 1.0, 0.5], [0.2, 0.2, 0.2], [0.6, 0.1, 0.3]],
    index=["A", "B", "C", "D"],
    columns=["t1", "t2", "t3"],
)
EXPECTED = dict(zip(TABLE.index, deviation_ratings(agent_vs_task(TABLE)).ratings[0]))


def _real_table(request, name: str) -> pd.DataFrame:
    """A real score table in [0, 1], models as rows: ``livebench`` (65 x 18, the shared data: the
    test skips without it), ``atari`` (the built-in 20 x 53), ``atari-games`` (its 53 games as rows)."""
    import jaxrate

    if name == "livebench":
        return request.getfixturevalue("livebench")
    atari = jaxrate.datasets.load("atari")
    return atari.T if name == "atari-games" else atari


def _run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _rated(path, capsys, *extra):
    out_json = path.parent / (path.name + ".out.json")
    code, out, err = _run(capsys, "rate", path, "--game", "2p", "--json", out_json, *extra)
    assert code == 0, err
    return json.loads(out_json.read_text())


def _long(table):
    return table.rename_axis("model").reset_index().melt(id_vars="model", var_name="task", value_name="score")


@pytest.mark.parametrize(
    "fmt",
    [
        "csv",
        "tsv",
        "semicolon.csv",
        "tab.csv",
        "long.csv",
        "long_semicolon.csv",
        "long_n.csv",
        "parquet",
        "xlsx",
        "long.xlsx",
        "json",
        "records.json",
        "jsonl",
    ],
)
def test_every_score_format_gives_the_same_ratings(capsys, tmp_path, fmt):
    path = tmp_path / f"scores.{fmt}"
    if fmt == "csv":
        TABLE.to_csv(path, index_label="model")
    elif fmt == "tsv":
        TABLE.to_csv(path, sep="\t", index_label="model")
    elif fmt == "semicolon.csv":
        TABLE.to_csv(path, sep=";", index_label="model")
    elif fmt == "tab.csv":
        TABLE.to_csv(path, sep="\t", index_label="model")
    elif fmt == "long_semicolon.csv":
        _long(TABLE).to_csv(path, sep=";", index=False)
    elif fmt == "xlsx":
        TABLE.to_excel(path, index_label="model")
    elif fmt == "long.xlsx":
        _long(TABLE).to_excel(path, index=False)
    elif fmt == "long.csv":
        _long(TABLE).to_csv(path, index=False)
    elif fmt == "long_n.csv":  # repeated rows averaged by their counts: (0.9 * 1 + 1.05 * 2) / 3 = 1.0
        rows = _long(TABLE)
        rows["n"] = 1
        first = rows.iloc[[0]].assign(score=0.9)
        again = rows.iloc[[0]].assign(score=1.05, n=2)
        pd.concat([first, again, rows.iloc[1:]]).to_csv(path, index=False)
    elif fmt == "parquet":
        _long(TABLE).to_parquet(path)
    elif fmt == "json":
        path.write_text(json.dumps({m: dict(TABLE.loc[m]) for m in TABLE.index}))
    elif fmt == "records.json":
        path.write_text(_long(TABLE).to_json(orient="records"))
    else:
        path.write_text(_long(TABLE).to_json(orient="records", lines=True))
    # {model: {task: score}} with names that do not say which keys are the models: told (issue 34)
    payload = _rated(path, capsys, *(("--models", "columns") if fmt == "json" else ()))
    got = payload["ratings"]["agent"]
    assert got == pytest.approx(EXPECTED, abs=1e-9)


def test_battle_records_two_and_three_player(capsys, tmp_path):
    rng = np.random.default_rng(0)
    rows = []
    for _ in range(200):
        i, j = rng.choice(3, 2, replace=False)
        win = rng.random() < 0.5 + 0.2 * (j - i)
        rows.append(("abc"[i], "abc"[j], "model_a" if win else "model_b", "xy"[rng.integers(2)]))
    path = tmp_path / "battles.csv"
    pd.DataFrame(rows, columns=["model_a", "model_b", "winner", "category"]).to_csv(path, index=False)
    two = _rated(path, capsys)
    assert two["input"] == "battles" and two["ranking"][0]["strategy"] == "a"
    out3 = tmp_path / "b3.json"
    code, out, err = _run(capsys, "rate", path, "--game", "3p", "--by", "category", "--json", out3)
    assert code == 0, err
    assert json.loads(out3.read_text())["game"]["players"] == ["model_a", "model_b", "category"]
    by = tmp_path / "by.json"
    code, _, err = _run(capsys, "rate", path, "--by", "category", "--json", by)  # --by alone implies 3p
    assert code == 0, err
    assert json.loads(by.read_text())["game"]["players"] == ["model_a", "model_b", "category"]
    code, out, _ = _run(capsys, "rate", path, "--game", "2p", "--method", "elo")
    assert code == 0 and "model" in out.splitlines()[1]


def test_payoff_tensors(capsys, tmp_path):
    g = np.random.default_rng(1).random((3, 3, 2, 2))
    np.save(tmp_path / "g.npy", g)
    np.savez(
        tmp_path / "g.npz",
        payoffs=g,
        players=np.array(["x", "y", "z"]),
        strategies_0=np.array(["a", "b", "c"]),
        strategies_1=np.array(["d", "e"]),
        strategies_2=np.array(["f", "g"]),
    )
    code, out, err = _run(capsys, "rate", tmp_path / "g.npy", "--json", tmp_path / "n.json")
    assert code == 0, err
    ratings = json.loads((tmp_path / "n.json").read_text())["ratings"]
    expected = deviation_ratings(g).ratings
    assert list(ratings["player0"].values()) == pytest.approx(expected[0].tolist(), abs=1e-9)
    code, out, err = _run(capsys, "rate", tmp_path / "g.npz")
    assert code == 0 and "x" in out.splitlines()[1] and "a" in out


@pytest.mark.parametrize(
    "name, content, argv, message",
    [
        ("s.csv", "model,t1,t2\nA,1,\nB,0,1\n", [], "no score for 'A' on 't2'; choose --missing"),
        ("s.csv", "model,task,score\nA,t1,1\nA,t1,0\nB,t1,1\n", [], "repeats ('A', 't1')"),
        ("s.csv", "model,task,score\nA,t1,1\nB,t2,0\n", [], "share no task"),
        ("s.csv", "model,task,score\nA,t1,x\n", [], "is not a number: 'x'"),
        ("s.json", "[1, 2]", [], "JSON must be a list of records"),
        ("s.xls", "junk", [], "unknown file type '.xls'"),
        ("s.csv", 'model,t1\nA,"0,5"\n', [], "is not a number: '0,5'; decimal commas? use --decimal ,"),
        ("s.csv", 'model,task,score\nA,t1,"0,5"\n', [], "decimal commas? use --decimal ,"),
        ("s.csv", "model;t1\nA;0.5\n", ["--decimal", ","], "is not a number: '0.5'"),
        ("s.csv", "model,t1\nA,0\n", ["--decimal", ","], "cannot also be the field delimiter"),
        ("s.csv", "model;t1\nA;0\n", ["--sep", ","], "the header has no task columns"),
        ("s.csv", "model;t1\nA;0\n", ["--sep", "x"], "'x' is not a delimiter: give ',', ';', 'tab' or one"),
        (
            "s.csv",
            "model,t1,t2\nA,1e308,0\nB,0,1\nC,0.5,0.5\n",
            [],
            "s.csv: line 2: score for 'A' on 't1' is too large to rate: '1e308' (magnitudes up to 1e+300",
        ),
        (
            "s.csv",
            "model,task,score\nA,t1,0\nA,t2,-1e308\nB,t1,0\n",
            [],
            "s.csv: line 3 ('A', 't2') is too large to rate: '-1e308'",
        ),
        (
            "s.csv",
            "model,t1,t2\nA,-,0\nB,0,1\nC,0.5,0.5\n",
            [],
            "s.csv: line 2: no score for 'A' on 't1'; choose --missing drop-models",
        ),
        (
            "b.csv",
            "model_a,model_b,winner\na,b,A\nb,c,draw\nc,a,foo\n",
            [],
            "b.csv: line 4: winner 'foo' is not one of model_a, a, model_b, b, tie, tie (bothbad), draw "
            "(any case)",
        ),
        ("b.csv", "model_a,model_b,winner\na,b,a\nb,,b\n", [], "b.csv: line 3: a battle has an empty field"),
        (
            "b.csv",
            "model_a,model_b,winner\na,b,a\nb,b,b\n",
            [],
            "b.csv: line 3: a battle pits 'b' against itself",
        ),
        ("s.csv", "model,t1\nA,1\n", ["--missing", "sometimes"], "missing must be one of"),
        ("s.csv", "model,t1,t2\nA,1,\nB,0,1\n", ["--missing", "fill:x"], "fill value must be a number"),
        (
            "b.csv",
            "model_a,model_b,winner\na,b,model_a\nb,c,tie\n",
            ["--missing", "error"],
            "'a' and 'c' never met (1 pairs in all); choose --missing model",
        ),
        (
            "b.csv",
            "model_a,model_b,winner\na,b,model_a\nb,c,tie\n",
            [],
            "cannot impute pairs that never met: the Bradley-Terry fit has no finite solution: ['a'] never "
            "lose to the other models (or never meet them); use --missing even or drop-models",
        ),
        ("b.csv", "model_a,model_b,winner\na,b,model_c\n", [], "winner 'model_c'"),
        ("b.csv", "model_a,model_b,winner\na,b,model_a\n", ["--game", "3p"], "needs --by COLUMN"),
        (
            "b.csv",
            "model_a,model_b,winner\na,b,model_a\n",
            ["--missing", "fill:0"],
            "--missing fill:0 is for score tables; b.csv holds battle records",
        ),
        ("g.npy", None, ["--method", "elo"], "Elo needs a score table"),
        ("g.npy", None, ["--bootstrap", "5"], "--bootstrap needs the observations"),
        ("s.csv", "model,t1,t2\nA,1,0\nB,0,1\n", ["--game", "3p", "--method", "nash"], "--game 2p"),
        ("s.csv", "model,t1,t2\nA,1,0\nB,0,1\n", ["--plot", "x.gif"], "must end in .png, .svg or .pdf"),
        ("s.csv", "model,t1,t2\nA,1,0\nB,0,1\n", ["--method", "elo", "--fast"], "--fast is the JAX path"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, tmp_path, name, content, argv, message):
    path = tmp_path / name
    if content is None:
        np.save(path, np.arange(8.0).reshape(2, 2, 2))  # unequal payoffs: no warning line
    else:
        path.write_text(content)
    code, out, err = _run(capsys, "rate", path, *argv)
    assert code == 2 and out == "", out
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


def test_outputs_are_checked_before_the_first_is_written(capsys, tmp_path):
    path = tmp_path / "s.csv"
    TABLE.to_csv(path, index_label="model")
    (tmp_path / "existing").write_text("mine")
    (tmp_path / "adir").mkdir()
    cases = [
        (["--csv", tmp_path / "out.csv", "--report", tmp_path / "existing"], "a file of that name exists"),
        (["--csv", tmp_path / "out.csv", "--json", tmp_path / "adir"], "is a directory; give a file name"),
        (["--csv", tmp_path / "out.csv", "--plot", tmp_path / "adir" / "no" / "f.png"], "does not exist"),
    ]
    for argv, message in cases:
        code, out, err = _run(capsys, "rate", path, *argv)
        lines = err.strip().splitlines()
        assert code == 2 and len(lines) == 1 and message in lines[0] and str(argv[3]) in lines[0], err
        assert ".jaxrate-" not in err and "Traceback" not in err
    assert not (tmp_path / "out.csv").exists() and (tmp_path / "existing").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir", "existing", "s.csv"]


def test_a_write_error_names_the_users_path_not_a_temporary_file(tmp_path):
    from jaxrate.cli import _output

    (tmp_path / "adir").mkdir()
    with pytest.raises(IsADirectoryError) as err:
        _output.write_atomic(str(tmp_path / "adir"), "x")
    assert err.value.filename == str(tmp_path / "adir") and ".jaxrate-" not in str(err.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir"]  # the temporary file is gone


def test_a_units_mistake_rates_with_a_warning_naming_the_score(capsys, tmp_path):
    path = tmp_path / "s.csv"
    TABLE.assign(t1=TABLE["t1"].where(TABLE.index != "C", 1e12)).to_csv(path, index_label="model")
    code, out, err = _run(capsys, "rate", path, "--game", "2p")
    assert code == 0 and out
    assert [line for line in err.strip().splitlines() if not line.startswith("jaxrate: assumed: ")] == [
        "jaxrate: warning: s.csv: score of 'C' on 't1' is 1e+12, far outside the other scores of 't1' "
        "(0 to 1): a units mistake?"
    ]
    # 400 is 800 times the others' size (0.5) from their median: under the factor of 1000, no outlier
    # warning; only that the columns' scales differ (400 against 1).
    path.write_text("model,t1,t2\nA,400,0\nB,0,1\nC,0.5,0.5\n")
    code, out, err = _run(capsys, "rate", path)
    said, warned = err.splitlines()  # the direction assumed, then the warning
    assert code == 0 and said.startswith("jaxrate: assumed: higher is better on 't1', 't2'")
    assert warned.startswith("jaxrate: warning: the score columns differ in scale by 400x ('t1' reaches 400")


@pytest.mark.parametrize("marker", ["-", "NA", "N/A", "nan", "", "--", "null"])
@pytest.mark.parametrize("layout", ["wide", "long"])
def test_missing_markers_are_missing_scores_handled_by_missing(capsys, tmp_path, marker, layout):
    path = tmp_path / "s.csv"
    table = TABLE.astype(object)
    table.loc["C", "t2"] = marker  # HELM's exports write "-" for a score not run
    table.to_csv(path, index_label="model") if layout == "wide" else _long(table).to_csv(path, index=False)
    code, out, err = _run(capsys, "rate", path)
    assert code == 2 and "missing" in err and "choose --missing drop-models" in err, err
    assert len(err.strip().splitlines()) == 1 and "'C'" in err and "'t2'" in err
    dropped = _rated(path, capsys, "--missing", "drop-models")
    assert set(dropped["ratings"]["agent"]) == {"A", "B", "D"} and "dropped 1 model(s)" in dropped["notes"][1]


def test_a_separator_given_for_a_file_that_is_not_text_is_not_applied(capsys, tmp_path):
    """One reader for Python and the command line: --sep names a text table's delimiter, and a
    JSON table is read as Python reads it (before, the CLI's own text path refused it)."""
    path = tmp_path / "s.json"
    path.write_text(json.dumps(TABLE.T.to_dict()))
    payload = _rated(path, capsys, "--sep", ";", "--models", "columns")
    assert payload["ratings"]["agent"] == pytest.approx(EXPECTED, abs=1e-9)
    assert not any("separated" in note for note in payload["notes"])


def test_any_one_character_separator(capsys, tmp_path):
    path = tmp_path / "s.csv"
    TABLE.to_csv(path, sep="|", index_label="model")
    payload = _rated(path, capsys, "--sep", "|")
    assert payload["ratings"]["agent"] == pytest.approx(EXPECTED, abs=1e-9)
    assert "read as '|'-separated" in payload["notes"]


def test_battle_winners_in_every_accepted_spelling(capsys, tmp_path):
    path = tmp_path / "b.csv"
    path.write_text("model_a,model_b,winner\na,b,model_a\nb,a,A\nc,a,draw\nb,c,Tie (bothbad)\nc,b,b\n")
    code, out, err = _run(capsys, "rate", path, "--missing", "error", "--json", tmp_path / "r.json")
    assert code == 0, err
    counted = json.loads((tmp_path / "r.json").read_text())["ties"]
    assert counted["battles"] == 2  # 'draw' and 'Tie (bothbad)'


def test_npz_without_payoffs(capsys, tmp_path):
    np.savez(tmp_path / "x.npz", other=np.zeros(3))
    code, _, err = _run(capsys, "rate", tmp_path / "x.npz")
    assert code == 2 and "no 'payoffs' array" in err


def test_missing_options_drop_and_fill(capsys, tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("model,t1,t2,t3\nA,1,0,0.5\nB,0,1,0.5\nC,0.2,,0.2\n")
    dropped = _rated(path, capsys, "--missing", "drop-models")
    assert set(dropped["ratings"]["agent"]) == {"A", "B"} and "dropped 1 model" in dropped["notes"][1]
    tasks = _rated(path, capsys, "--missing", "drop-tasks")
    assert set(tasks["ratings"]["task"]) == {"t1", "t3"}
    filled = _rated(path, capsys, "--missing", "fill:0")
    assert set(filled["ratings"]["agent"]) == {"A", "B", "C"}


def test_normalisation_changes_the_table_not_the_format(capsys, tmp_path):
    path = tmp_path / "s.csv"
    (TABLE * [10, 1, 100]).to_csv(path, index_label="model")
    minmax = _rated(path, capsys, "--normalise", "minmax")
    expected = deviation_ratings(agent_vs_task((TABLE - TABLE.min()) / (TABLE.max() - TABLE.min()))).ratings[
        0
    ]
    assert list(minmax["ratings"]["agent"].values()) == pytest.approx(expected.tolist(), abs=1e-9)
    ranked = _rated(path, capsys, "--normalise", "rank")
    expected = deviation_ratings(agent_vs_task((TABLE.rank() - 1) / 3)).ratings[0]
    assert list(ranked["ratings"]["agent"].values()) == pytest.approx(expected.tolist(), abs=1e-9)


@pytest.mark.parametrize("method", ["deviation", "uniform", "elo", "nash", "alpharank", "payoff"])
def test_every_method(capsys, tmp_path, method):
    path = tmp_path / "s.csv"
    TABLE.to_csv(path, index_label="model")
    payload = _rated(path, capsys, "--method", method)
    assert payload["method"] == method and len(payload["ranking"]) == 4


def test_fast_path_bootstrap_csv_and_plots(capsys, tmp_path):
    path = tmp_path / "s.csv"
    TABLE.to_csv(path, index_label="model")
    fast = _rated(path, capsys, "--fast")
    assert fast["jax_status"] == "SOLVED"
    assert fast["ratings"]["agent"] == pytest.approx(EXPECTED, abs=1e-8)
    boot = _rated(path, capsys, "--bootstrap", "20", "--csv", tmp_path / "r.csv")
    assert boot["intervals"]["kind"] == "task subsets" and 0 <= boot["ranking"][0]["p_top"] <= 1
    table = pd.read_csv(tmp_path / "r.csv")
    assert list(table.columns[:3]) == ["rank", "agent", "deviation"] and "p_top" in table.columns
    for ext in ("png", "svg", "pdf"):
        code, _, err = _run(capsys, "rate", path, "--game", "2p", "--plot", tmp_path / f"f.{ext}")
        assert code == 0, err
        data = (tmp_path / f"f.{ext}").read_bytes()
        assert data[:4] in (b"\x89PNG", b"<?xm", b"%PDF")


def test_html_report(capsys, tmp_path):
    path = tmp_path / "s.csv"
    TABLE.to_csv(path, index_label="model")
    code, out, err = _run(
        capsys, "rate", path, "--game", "2p", "--bootstrap", "10", "--report", tmp_path / "rep"
    )
    assert code == 0, err
    files = sorted(p.name for p in (tmp_path / "rep").iterdir())
    assert files == ["index.html", "ratings.csv", "ratings.json", "ratings.svg"]
    page = (tmp_path / "rep" / "index.html").read_text()
    for needle in ("<svg", "Task contributions", "Certificate", "jaxrate rate", "Tied groups", "numpy"):
        assert needle in page


def test_compare(capsys, tmp_path):
    path = tmp_path / "s.csv"
    TABLE.to_csv(path, index_label="model")
    code, out, err = _run(
        capsys,
        "compare",
        path,
        "--game",
        "2p",
        "--methods",
        "deviation,uniform,elo",
        "--json",
        tmp_path / "c.json",
        "--csv",
        tmp_path / "c.csv",
        "--plot",
        tmp_path / "c.png",
    )
    assert code == 0, err
    payload = json.loads((tmp_path / "c.json").read_text())
    assert set(payload["methods"]) == {"deviation", "uniform", "elo"}
    assert payload["methods"]["deviation"]["ratings"] == pytest.approx(EXPECTED, abs=1e-9)
    assert "moved" in out.splitlines()[1]
    assert (tmp_path / "c.png").read_bytes()[:4] == b"\x89PNG"
    code, _, err = _run(capsys, "compare", path, "--methods", "deviation,magic")
    assert code == 2 and "unknown ['magic']" in err


def test_reproduce_shapley_and_atari(capsys, tmp_path):
    code, out, err = _run(capsys, "reproduce", "shapley", "--out", tmp_path / "s")
    assert code == 0, err
    claims = pd.read_csv(tmp_path / "s" / "claims.csv")
    # Everything but N's uniform rating, which the paper prints as -2497/964 (N's row averages to -2496/964).
    assert claims["holds"].tolist() == ["yes", "yes", "NO", "yes"]
    assert "-624/241" in claims.loc[2, "computed"] or "-2496.00/964" in claims.loc[2, "computed"]
    assert "-680/241" in out
    # It says what it wrote, no figure it did not draw.
    written = sorted(p.name for p in (tmp_path / "s").iterdir())
    assert written == ["claims.csv", "payoffs.csv", "ratings.csv"]
    tail = " ".join(out.split("3 table(s) written to ")[-1].split())
    assert tail == f"{tmp_path / 's'}: {', '.join(written)}" and "figure" not in out
    code, out, err = _run(capsys, "reproduce", "atari", "--out", tmp_path / "a")
    assert code == 0, err
    claims = pd.read_csv(tmp_path / "a" / "claims.csv")
    assert claims["holds"].tolist() == ["yes"] * 4
    assert (tmp_path / "a" / "atari_3p.png").exists()
    assert "3 table(s) and 2 figure(s) written to" in out


def test_reproduce_populations(capsys, tmp_path):
    code, out, err = _run(capsys, "reproduce", "populations", "--out", tmp_path / "p")
    assert code == 0, err
    table = pd.read_csv(tmp_path / "p" / "populations.csv")
    assert len(table) == 250
    for name in ("unbiased", "biased", "restricted"):  # mixtures of tied strategies stay tied
        assert np.ptp(table.loc[table.population == name, "deviation"]) <= 1e-7
    assert (tmp_path / "p" / "populations.png").exists()


def test_reproduce_livebench(capsys, tmp_path, monkeypatch):
    from conftest import shared_file

    data = shared_file("livebench_2024_08_17.csv")
    monkeypatch.setenv("COLUMNS", "100")

    code, out, err = _run(
        capsys,
        "reproduce",
        "livebench",
        "--data",
        data,
        "--out",
        tmp_path / "l",
    )
    assert code == 0, err
    assert max(len(line) for line in out.splitlines()) <= 100  # the claims table wraps (was ~420 wide)
    claims = pd.read_csv(tmp_path / "l" / "claims.csv")
    assert claims.loc[0, "holds"] == "yes"  # the four-way tie
    for claim in claims["claim"]:  # every claim is still printed in full, across wrapped lines
        assert claim.split()[0] in out and claim.split()[-1] in out
    contributions = pd.read_csv(tmp_path / "l" / "task_contributions.csv", index_col=0)
    ratings = pd.read_csv(tmp_path / "l" / "ratings_3p.csv").set_index("model")["deviation"]
    np.testing.assert_allclose(contributions.sum(axis=1).loc[ratings.index], ratings, atol=1e-6)
    # In the user's units: the same ratings as `jaxrate rate` on the same file (not scores / 100).
    code, _, err = _run(
        capsys,
        "rate",
        data,
        "--game",
        "3p",
        "--json",
        tmp_path / "r.json",
    )
    assert code == 0, err
    rated = pd.Series(json.loads((tmp_path / "r.json").read_text())["ratings"]["agent_a"])
    np.testing.assert_allclose(ratings.loc[rated.index], rated, atol=1e-6)
    assert ratings.min() < -10  # -0.1 and above in scores / 100
    assert "1=  claude-3-5-sonnet-20240620          -4.969053" in out
    code, _, err = _run(capsys, "reproduce", "livebench", "--out", tmp_path / "m")
    assert code == 2 and "needs --data" in err


def test_output_files_get_normal_permissions(capsys, tmp_path):
    import os
    import stat

    path = tmp_path / "s.csv"
    TABLE.to_csv(path, index_label="model")
    old = os.umask(0o022)
    try:
        code, _, err = _run(capsys, "rate", path, "--json", tmp_path / "r.json", "--csv", tmp_path / "r.csv")
    finally:
        os.umask(old)
    assert code == 0, err
    for name in ("r.json", "r.csv"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o644


@pytest.mark.slow
def test_readme_bootstrap_example_on_a_hard_livebench_subset(capsys, tmp_path):
    """The README's `rate scores.csv --bootstrap 1000 --report DIR` on the first 12
    LiveBench models, 3P: its task-subset resample 445 fails every float solver;
    the run finishes, every resample rated, and the report is written."""
    from conftest import shared_file

    path = tmp_path / "scores.csv"
    pd.read_csv(shared_file("livebench_2024_08_17.csv"), index_col=0).iloc[:12].to_csv(path)
    code, out, err = _run(
        capsys,
        "rate",
        path,
        "--game",
        "3p",
        "--bootstrap",
        "1000",
        "--report",
        tmp_path / "report",
        "--json",
        tmp_path / "r.json",
    )
    assert code == 0, err
    payload = json.loads((tmp_path / "r.json").read_text())
    assert payload["intervals"]["resamples"] == 1000 and payload["intervals"]["failed"] == []
    assert "could not be rated" not in out
    assert (tmp_path / "report" / "index.html").exists()
    assert len(payload["ranking"]) == 12


def test_a_report_that_fails_leaves_no_folder(capsys, tmp_path, monkeypatch):
    from jaxrate.cli import _report

    def broken(*args, **kwargs):
        raise ValueError("figure could not be drawn")

    monkeypatch.setattr(_report, "ratings_figure", broken)
    path = tmp_path / "s.csv"
    TABLE.to_csv(path, index_label="model")
    code, out, err = _run(capsys, "rate", path, "--game", "2p", "--report", tmp_path / "rep")
    assert code == 2 and "figure could not be drawn" in err
    assert not (tmp_path / "rep").exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["rate", "--dataset", "atari", "--game", "3p"],
        ["rate", "--dataset", "atari", "--method", "uniform"],
        ["rate", "SCORES", "--game", "2p"],
    ],
)
def test_the_exact_path_imports_neither_jax_nor_pandas(tmp_path, argv):
    """Start-up: JAX (0.5-0.8 s) and pandas (0.3-0.5 s) cost more than the Atari solve.

    The compilation cache is still set up for a JAX path that imports JAX later.
    """
    import os
    import subprocess
    import sys

    scores = tmp_path / "scores.csv"
    TABLE.to_csv(scores, sep=";", index_label="model")
    argv = [str(scores) if a == "SCORES" else a for a in argv]
    code = (
        "import sys, io, contextlib\n"
        "from jaxrate.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main({argv!r}) == 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('jax', 'pandas')))\n"
        "import jax\n"
        "print(jax.config.jax_compilation_cache_dir)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "JAX_COMPILATION_CACHE_DIR"}
    env["JAXRATE_CACHE_DIR"] = str(tmp_path / "cache")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["[]", str(tmp_path / "cache")]


@pytest.mark.parametrize("sep", [";", "\t"])
def test_decimal_commas_and_a_forced_separator(capsys, tmp_path, sep):
    """European exports: semicolon (or tab) separated with decimal commas, wide and long."""
    wide = tmp_path / "wide.csv"
    TABLE.to_csv(wide, sep=sep, decimal=",", index_label="model")
    assert "0,5" in wide.read_text()
    name = {";": "semicolon", "\t": "tab"}[sep]
    for extra in (["--decimal", ","], ["--decimal", ",", "--sep", name]):
        payload = _rated(wide, capsys, *extra)
        assert payload["ratings"]["agent"] == pytest.approx(EXPECTED, abs=1e-9)
        assert f"read as {name}-separated" in payload["notes"]
        assert "read with decimal commas" in payload["notes"]
    long = tmp_path / "long.csv"
    _long(TABLE).to_csv(long, sep=sep, decimal=",", index=False)
    payload = _rated(long, capsys, "--decimal", ",", "--normalise", "minmax")
    minmax = (TABLE - TABLE.min()) / (TABLE.max() - TABLE.min())
    expected = deviation_ratings(agent_vs_task(minmax)).ratings[0]
    assert list(payload["ratings"]["agent"].values()) == pytest.approx(expected.tolist(), abs=1e-9)


def test_excel_without_the_extra_names_it(capsys, tmp_path, monkeypatch):
    path = tmp_path / "s.xlsx"
    TABLE.to_excel(path, index_label="model")
    monkeypatch.setitem(__import__("sys").modules, "openpyxl", None)  # as if not installed
    code, out, err = _run(capsys, "rate", path)
    assert code == 2 and out == ""
    wanted = "needs the 'excel' extra (openpyxl is not installed): pip install 'jaxrate[excel]'"
    assert err.strip().endswith(wanted)


@pytest.mark.parametrize(
    "content, argv, warning",
    [
        ("model,t1,t2\nA,0.5,0.7\n", [], "only one agent ('A'): its rating is 0 by definition"),
        (
            "model,t1,t2\nA,0.5,0.5\nB,0.5,0.5\nC,0.5,0.5\n",
            [],
            "every score is 0.5: all 3 agents are rated 0",
        ),
        ("model,t1,t2\nA,0.2,0.7\nB,0.2,0.7\n", [], "every task gives all 2 agents the same score"),
        (
            "model,t1,t2,t3\nA,0.2,,\nB,0.2,0.7,0.1\nC,0.3,0.1,0.5\n",
            ["--missing", "fill:0"],
            "22% of the scores (2 of 9) are the fill value 0, not data; most filled: 'A' 2 of 3",
        ),
        (
            "model,t1,t2,t3\nA,0.2,,0.4\nB,0.2,0.7,0.1\nC,0.3,0.1,0.5\nD,0.6,0.1,0.5\nE,0.7,0.1,0.9\n",
            ["--missing", "fill:0"],
            None,  # one cell in 15 (7%), no model half filled: a note, no warning
        ),
        ("model,t1,t2\nA,0.5,\nB,0.5,0.6\n", ["--missing", "drop-models"], "only one agent ('B')"),
    ],
)
def test_warnings_for_ratings_that_say_nothing(capsys, tmp_path, content, argv, warning):
    path = tmp_path / "s.csv"
    path.write_text(content)
    out_json = tmp_path / "r.json"
    code, out, err = _run(capsys, "rate", path, "--json", out_json, *argv)
    assert code == 0, err
    payload = json.loads(out_json.read_text())
    warned = [line for line in err.splitlines() if line.startswith("jaxrate: warning: ")]
    in_json = [n for n in payload["notes"] if n.startswith("warning: ")]
    if warning is None:
        assert warned == [] and in_json == [] and "filled 1 missing score(s) with 0" in payload["notes"]
        return
    assert len(warned) == 1 and warning in warned[0]
    assert in_json == [warned[0].removeprefix("jaxrate: ")]
    if "fill value" not in warning:
        assert all(e["rating"] == 0 for e in payload["ranking"])


def test_warning_for_a_payoff_tensor_without_differences(capsys, tmp_path):
    np.save(tmp_path / "g.npy", np.full((2, 3, 3), 0.25))
    code, _, err = _run(capsys, "rate", tmp_path / "g.npy")
    assert (
        code == 0 and err == "jaxrate: warning: every payoff is equal: all strategies are rated 0 and tied\n"
    )


def test_numbers_are_formatted_by_magnitude(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    path = tmp_path / "big.csv"
    (TABLE * 1e300).to_csv(path, index_label="model")
    out_json = tmp_path / "r.json"
    code, out, err = _run(capsys, "rate", path, "--game", "2p", "--bootstrap", "5", "--json", out_json)
    assert code == 0, err
    # was 300-digit numbers, ~600-character lines; 11 columns of 13-character numbers (never cut), the
    # rank interval and tier among them, take 106
    assert max(len(line) for line in out.splitlines()) <= 110
    ranking = json.loads(out_json.read_text())["ranking"]
    body = [line.split() for line in out.splitlines()[3 : 3 + len(ranking)]]
    for row, entry in zip(body, ranking):
        assert row[1] == entry["strategy"]
        for cell, key in ((row[2], "rating"), (row[4], "uniform"), (row[5], "lower"), (row[6], "upper")):
            assert float(cell) == pytest.approx(entry[key], rel=1e-5, abs=1e-5 * 1e300)
            assert "e+" in cell or float(cell) == 0


@pytest.mark.parametrize("name", ["livebench", "atari"])
def test_compare_gives_each_method_its_own_decimals(capsys, name, request, tmp_path):
    table = _real_table(request, name)
    path = tmp_path / "lb.csv"
    (table * 100).to_csv(path)
    code, out, err = _run(capsys, "compare", path, "--game", "2p", "--methods", "deviation,uniform,elo")
    assert code == 0, err
    rows = [line.split() for line in out.splitlines()[3 : 3 + len(table)]]
    assert len(rows) == len(table)
    for column in (1, 3, 6):  # deviation, uniform, elo
        decimals = {len(row[column].split(".")[1]) for row in rows}
        assert len(decimals) == 1, (column, decimals)  # no mix of +3.85985e-09, +1091 and +1400.98
    elo = [float(row[6]) for row in rows]
    assert max(abs(v) for v in elo) > 1000 and {len(row[6].split(".")[1]) for row in rows} == {2}


@pytest.mark.parametrize(
    "command, own, other",
    [
        ("rate", "jaxrate rate scores.csv --decimal ,", "jaxrate compare"),
        ("compare", "jaxrate compare scores.csv --methods deviation,uniform,elo,payoff", "jaxrate rate "),
        ("reproduce", "jaxrate reproduce atari --out atari/", "jaxrate rate "),
        ("rate-many", "jaxrate rate-many games/ --out ratings/", "jaxrate compare"),
    ],
)
def test_every_command_shows_its_own_examples(capsys, command, own, other):
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0 and own in out and other not in out.split("examples:")[1]


def _svg_texts(path) -> list:
    """The texts of a matplotlib SVG (drawn as paths, each after a comment holding its text)."""
    import re

    return re.findall(r"<!-- (.*?) -->", path.read_text())


def _moving_tasks(table):
    """The tasks whose contribution to some 3P deviation rating exceeds the default tie tolerance."""
    import jaxrate

    game = jaxrate.agent_vs_agent_vs_task(table)
    result = deviation_ratings(game)
    c = jaxrate.task_contributions(game.payoffs, result.joint, player=0, over=2)
    tol = 1e-7 * np.ptp(game.payoffs)
    return [t for j, t in enumerate(table.columns) if np.abs(c[:, j]).max() > tol], result


def test_figure_shows_every_model_or_says_top_k_and_lists_contributing_tasks(capsys, tmp_path):
    path = tmp_path / "s.csv"
    table = TABLE.assign(same=0.3)  # a task on which every model scores alike: it contributes nothing
    table.to_csv(path, index_label="model")
    code, _, err = _run(capsys, "rate", path, "--plot", tmp_path / "all.svg")
    assert code == 0, err
    texts = _svg_texts(tmp_path / "all.svg")
    assert "all 4 shown" in texts and set(TABLE.index) <= set(texts)
    moving, result = _moving_tasks(table)
    assert moving and "same" not in moving
    assert {t for t in table.columns if t in texts} == set(moving)  # the legend: contributing tasks only
    assert f"{len(moving)} of 4 tasks contribute" in texts
    code, _, err = _run(capsys, "rate", path, "--plot", tmp_path / "top.svg", "--top", "2")
    assert code == 0, err
    texts = _svg_texts(tmp_path / "top.svg")
    order = np.argsort(-result.ratings[0], kind="stable")
    best = [table.index[i] for i in order[:2]]
    assert (
        "top 2 of 4 shown" in texts
        and set(best) <= set(texts)
        and not set(TABLE.index) - set(best) & set(texts)
    )
    code, _, err = _run(capsys, "rate", path, "--plot", tmp_path / "x.svg", "--top", "0")
    assert code == 2 and "--top must be >= 1" in err


@pytest.mark.parametrize("name", ["livebench", "atari-games"])
def test_figure_of_many_models_is_tall_and_complete(capsys, name, request, tmp_path):
    table = _real_table(request, name)  # 65 models, or 53 Atari games rated as the models
    n = len(table)
    path = tmp_path / "lb.csv"
    table.to_csv(path)
    rows = ("--models", "rows") if name == "atari-games" else ()  # a table headed 'game': told
    code, _, err = _run(capsys, "rate", path, *rows, "--plot", tmp_path / "lb.svg")
    assert code == 0, err
    texts = _svg_texts(tmp_path / "lb.svg")
    assert f"all {n} shown" in texts and set(table.index) <= set(texts)  # was the top 30, unannounced
    height = float(
        __import__("re").search(r'<svg[^>]* height="([0-9.]+)pt"', (tmp_path / "lb.svg").read_text())[1]
    )
    assert height > n * 0.2 * 72  # at least a fifth of an inch (14 pt) per model


def test_report_page_says_what_the_numbers_mean(capsys, tmp_path):
    path = tmp_path / "s.csv"
    table = TABLE.assign(same=0.3)
    table.to_csv(path, index_label="model")
    silent = [t for t in table.columns if t not in _moving_tasks(table)[0]]
    out_json = tmp_path / "r.json"
    code, out, err = _run(
        capsys,
        "rate",
        path,
        "--bootstrap",
        "10",
        "--report",
        tmp_path / "rep",
        "--json",
        out_json,
    )
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    ranking = json.loads(out_json.read_text())["ranking"]
    for needle in (
        "0 is the best possible",
        "random subsets of the tasks",
        "not a sampling error",
        "<b>P(top)</b>",
        "Verified: joint + one dual proof per level",
        'class="sortable',
        '<meta name="viewport"',
        f"The other {len(silent)} contribute nothing: {', '.join(silent)}.",
        " ".join(["jaxrate", "rate", str(path), "--bootstrap", "10"]),
    ):
        assert needle in page, needle
    # Self-contained: nothing to fetch (namespace URIs in the SVG are names, not requests).
    assert not __import__("re").search(r"""(src|href)=["']?(https?:|//)|url\((?!#)|@import""", page)
    assert "<script src" not in page and "<link" not in page
    groups = {}
    for e in ranking:
        groups.setdefault(e["rank"], []).append(e["strategy"])
    tied = [names for names in groups.values() if len(names) > 1]
    section = page.split("Tied groups", 1)[1].split("</p>", 1)[0]
    assert tied and section.count("=</b>") == len(tied) and "..." not in section  # only real ties, all
    for e in ranking:  # every model in the ratings table
        assert f'<td class="name">{e["strategy"]}</td>' in page
    header = page.split("<h2>Task contributions</h2>", 1)[1].split("<thead>", 1)[1].split("</thead>", 1)[0]
    assert all(t not in header for t in silent) and all(t in header for t in table.columns if t not in silent)


SMALL_BATTLES = (
    "model_a,model_b,winner\na,b,model_a\na,b,model_a\nb,a,model_b\nb,a,model_a\na,c,model_a\nc,a,model_b\n"
    "a,c,tie\nb,c,model_a\nb,c,model_b\nd,c,model_b\nc,d,model_a\nd,c,model_a\n"
)


def _notes(page: str) -> str:
    return page.split("How to read this page", 1)[1].split("</section>", 1)[0]


def test_battle_report_speaks_of_battles_and_shows_what_each_rating_rests_on(capsys, tmp_path):
    path = tmp_path / "b.csv"
    path.write_text(SMALL_BATTLES)
    code, _, err = _run(capsys, "rate", path, "--report", tmp_path / "rep")
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    notes = _notes(page)
    assert "win probability" in notes and "battles" in notes
    for wrong in ("task", "units of the scores", "near-duplicate", "cannot be tilted"):
        assert wrong not in notes, wrong
    assert "33.3% of the win-rate game&#x27;s pairs never met" in page  # the warning reaches the page
    # a beats the others, so the equilibrium is a: 'vs support' counts battles against a.
    support = page.split("What each rating rests on", 1)[1].split("</table>", 1)[0]
    rows = [
        re.findall(r"<td[^>]*>(.*?)</td>", r)
        for r in support.split("<tbody>", 1)[1].split("</tr>")
        if "<td" in r
    ]
    assert rows == [
        ["a", "7", "2", "(support)", "33%"],
        ["b", "6", "2", "4", "33%"],
        ["c", "8", "3", "3", "0%"],
        ["d", "3", "1", "0", "67%"],
    ]


def test_score_report_states_clone_claims_as_measured(capsys, tmp_path):
    path = tmp_path / "s.csv"
    TABLE.to_csv(path, index_label="model")
    code, _, err = _run(capsys, "rate", path, "--report", tmp_path / "rep")
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    notes = _notes(page)
    assert "units of the scores" in notes and "Exact copies of a task or of a model change no rating" in notes
    assert "4.6% of their range" in notes and "cannot be tilted" not in notes
    assert page.index('id="ratings"') < page.index("How to read this page") < page.index("<h2>Figure")


def test_report_text_takes_the_interval_kind_from_one_place():
    from types import SimpleNamespace

    from jaxrate.cli import _page

    old = SimpleNamespace(kind="task subsets", confidence=0.95)
    battles = SimpleNamespace(kind="bootstrap", confidence=0.9)
    sampling = SimpleNamespace(
        kind="bootstrap", interval_kind="sampling (items within task)", confidence=0.95
    )
    assert [_page.interval_kind(i) for i in (old, battles, sampling)] == [
        "task subsets",
        "battles",
        "sampling",
    ]
    assert _page.interval_words(sampling, 7) == (
        "95% interval (sampling interval)",
        "7 bootstrap resamples of each task's replicates (items, seeds or folds), drawn within each task: "
        "the sampling uncertainty of the scores",
    )
    notes = _page.reading_notes("deviation", "scores", 1e-7, True, battles, 5)
    assert "90% interval (bootstrap over battles)" in notes and "5 bootstrap resamples of the battle" in notes


def _legend(path, entries):
    """Legend texts of a figure, and the fill colours of the patches drawn with them, in order."""
    text = path.read_text()
    texts = _svg_texts(path)
    fills = re.findall(r'<g id="legend_\d+">(.*?)</g>\s*</g>\s*</g>', text, re.S)
    colours = re.findall(r"fill: (#[0-9a-f]{6})", "".join(fills))
    return [t for t in texts if t in entries], colours


def test_figure_marks_ties_in_table_order_and_keeps_task_colours(capsys, livebench, tmp_path):
    path = tmp_path / "lb.csv"
    livebench.to_csv(path)
    out_json = tmp_path / "r.json"
    figures = []
    for name, extra in (("all.svg", []), ("top.svg", ["--top", "20"])):
        argv = ["rate", path, "--plot", tmp_path / name, "--bootstrap", "3", "--json", out_json, *extra]
        code, _, err = _run(capsys, *argv)
        assert code == 0, err
        figures.append(tmp_path / name)
    ranking = json.loads(out_json.read_text())["ranking"]
    names = [e["strategy"] for e in ranking]
    texts = _svg_texts(figures[0])
    shown = [t for t in texts if t in set(names)]
    assert shown[: len(names)] == names  # rows in the table's order, ties included
    labels = [t for t in texts if re.fullmatch(r"\d+=?", t)][: len(names)]
    assert labels[:4] == ["1="] * 4 and labels == [
        f"{e['rank']}=" if sum(f["rank"] == e["rank"] for f in ranking) > 1 else str(e["rank"])
        for e in ranking
    ]
    for entry in (
        "rating (dot; bar from 0)",
        "top tied group ('1=')",
        "95% interval",
        "(task-subset sensitivity)",
    ):
        assert entry in texts, entry
    tasks = set(livebench.columns) | {f"{k} other tasks" for k in range(20)}
    assert _legend(figures[0], tasks) == _legend(figures[1], tasks)  # same tasks, same colours
    legend, colours = _legend(figures[0], tasks)
    assert len(legend) == 7 and len(set(colours)) >= 7

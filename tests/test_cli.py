"""The jaxrate command: output, JSON, exit codes and bad input."""

import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

from jaxrate.cli import main


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rate_atari_three_player(capsys, tmp_path):
    path = tmp_path / "out.json"
    code, out, err = _run(capsys, "rate", "--dataset", "atari", "--game", "3p", "--json", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    body = [line.split() for line in lines[3:23]]
    assert [row[0] for row in body[:3]] == ["1=", "1=", "1="]
    assert {row[1] for row in body[:3]} == {"r2d2(bandit)", "agent57", "muzero"}
    human = next(row for row in body if row[1] == "human")
    assert human[0] == "7" and human[3] == "18"
    payload = json.loads(path.read_text())
    assert payload["proof"]["certificate"]["max_rating_residual"] <= 1e-9
    assert payload["ranking"][6]["strategy"] == "human" and payload["ranking"][6]["rank"] == 7
    assert set(payload["ratings"]) == {"agent_a", "agent_b", "task"}
    assert 1 <= payload["joint_summary"]["support_size"] <= len(payload["joint"]["support"])
    assert abs(sum(payload["joint_summary"]["marginals"]["task"].values()) - 1) < 1e-9


def test_rate_csv_two_player(capsys, tmp_path):
    csv = tmp_path / "scores.csv"
    csv.write_text("model,t1,t2,t3\nA,1.0,0.0,0.5\nB,0.0,1.0,0.5\nC,0.2,0.2,0.2\n")
    code, out, _ = _run(capsys, "rate", str(csv), "--game", "2p")
    assert code == 0
    rows = [line.split() for line in out.splitlines()[3:6]]
    assert [r[1] for r in rows] == ["A", "B", "C"] and rows[0][0] == "1=" and rows[1][0] == "1="
    assert float(rows[2][2]) == pytest.approx(-0.3, abs=1e-6)


@pytest.mark.parametrize(
    "content, message",
    [
        ("model,t1,t2\nA,1.0,\nB,0.0,1.0\n", "no score for 'A' on 't2'"),
        ("model,t1,t2\nA,1.0,abc\nB,0.0,1.0\n", "is not a number: 'abc'"),
        ("model,t1,t2\nA,1.0,inf\nB,0.0,1.0\n", "not finite"),
        ("model,t1,t2\nA,1.0\nB,0.0,1.0\n", "line 2 has 2 fields but the header has 3"),
        ("model,t1,t1\nA,1.0,0.0\n", "duplicate task name 't1'"),
        ("model,t1,t2\nA,1.0,0.0\nA,0.0,1.0\n", "duplicate agent name 'A'"),
        ("", "the file is empty"),
        ("model,t1\n", "no agent rows"),
    ],
)
def test_bad_csv_exits_2_with_one_line(capsys, tmp_path, content, message):
    csv = tmp_path / "bad.csv"
    csv.write_text(content)
    code, out, err = _run(capsys, "rate", str(csv))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["rate", "/no/such/file.csv"], "no such file"),
        (["rate"], "exactly one of FILE or --dataset"),
        (["rate", "--dataset", "nope"], "invalid choice"),
        (["rate", "--dataset", "atari", "--game", "4p"], "invalid choice"),
        (["rate", "--dataset", "atari", "--json", "/no/such/dir/x.json"], "does not exist"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(capsys, argv, message):
    code, out, err = _run(capsys, *argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and message in err


def test_console_script_runs_and_versions():
    out = subprocess.run(
        [sys.executable, "-m", "jaxrate.cli", "--version"], capture_output=True, text=True, check=True
    )
    assert out.stdout.startswith("jaxrate ")
    bad = subprocess.run(
        [sys.executable, "-m", "jaxrate.cli", "rate", "x.csv"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_compilations_are_cached_between_runs_and_the_cache_is_optional(tmp_path):
    scores = tmp_path / "scores.csv"
    scores.write_text("model,t1,t2,t3\nA,0.9,0.2,0.5\nB,0.4,0.8,0.5\nC,0.1,0.3,0.9\n")
    cache = tmp_path / "cache"
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    cmd = [sys.executable, "-m", "jaxrate.cli", "rate", str(scores), "--fast"]
    outs = []
    for folder in (cache, cache, blocked, ""):
        # JAX caches only compilations over 1 s by default; these take about that long.
        env = dict(os.environ, JAXRATE_CACHE_DIR=str(folder), JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS="0")
        done = subprocess.run(cmd, capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        outs.append(re.sub(r"[0-9.]+ s\b", "_ s", done.stdout))  # run times differ
        if folder == cache:
            assert any(cache.iterdir())  # compiled executables written (first run) / kept (second)
    assert outs[0] == outs[1] == outs[2] == outs[3]
    assert blocked.read_text() == ""


def test_json_is_not_half_written_on_failure(capsys, tmp_path):
    target = tmp_path / "keep.json"
    target.write_text('{"old": true}')
    bad = tmp_path / "bad.csv"
    bad.write_text("model,t1\nA,x\n")
    code, _, _ = _run(capsys, "rate", str(bad), "--json", str(target))
    assert code == 2 and json.loads(target.read_text()) == {"old": True}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.csv", "keep.json"]


def test_progress_bar_on_request_and_silent_when_piped(capsys):
    code, _, err = _run(capsys, "rate", "--dataset", "atari", "--game", "2p", "--progress", "always")
    assert code == 0
    frames = [f for f in err.replace("\n", "\r").split("\r") if f]
    assert frames[-1].startswith("[" + "#" * 30 + "] 73/73 frozen, level ")
    code, _, err = _run(capsys, "rate", "--dataset", "atari", "--game", "2p")
    assert code == 0 and err == ""  # stderr is not a terminal under pytest


def test_output_piped_into_a_closed_reader_is_quiet():
    cmd = f"{sys.executable} -m jaxrate.cli rate --dataset atari --game 2p | head -n 1"
    done = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
    assert done.stdout.startswith("atari: 20 agents x 53 tasks") and done.stderr == ""


def test_progress_lines_in_a_log_for_long_solves_only(capsys, monkeypatch):
    """Not a terminal: plain lines on stderr once a solve runs long (here: at once), none with never."""
    from jaxrate.cli import _output

    monkeypatch.setattr(_output, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(_output, "PROGRESS_EVERY", 0.01)
    code, out, err = _run(capsys, "rate", "--dataset", "atari", "--game", "3p")
    assert code == 0
    lines = err.splitlines()
    assert len(lines) >= 2 and all(line.startswith("jaxrate: progress: ") for line in lines)
    assert "\r" not in err and lines[0].startswith("jaxrate: progress: solving, ")
    levels = int(re.search(r"(\d+) levels in", out).group(1))
    done = re.fullmatch(
        r"jaxrate: progress: done, level (\d+), (\d+)/(\d+) constraints frozen, [0-9.]+ s", lines[-1]
    )
    assert done and int(done.group(1)) == levels and done.group(2) == done.group(3)
    code, _, err = _run(capsys, "rate", "--dataset", "atari", "--game", "3p", "--progress", "never")
    assert code == 0 and err == ""


README_SCORES = "model,math,code\na,0.8,0.6\nb,0.5,0.4\n"  # the README's own three-line table


@pytest.mark.parametrize(
    "argv",
    [
        ["compare", "scores.csv", "--methods", "deviation,uniform,elo,payoff", "--plot", "methods.png"],
        ["compare", "scores.csv"],
        ["rate", "scores.csv", "--method", "elo"],
    ],
)
def test_readme_examples_with_elo_run_on_the_readme_table(capsys, tmp_path, monkeypatch, argv):
    # 'a' beats 'b' on every task: Elo has no finite fit without a prior, so the
    # default adds one virtual draw and says why.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "scores.csv").write_text(README_SCORES)
    code, out, err = _run(capsys, *argv)
    assert code == 0, err
    assert "note: Elo: prior 1 (a virtual draw per pair that met) added: ['a'] never lose" in err
    rows = [line.split() for line in out.splitlines()]
    elo = {row[1]: row[2] for row in rows if row[:1] in (["1"], ["2"])}
    if argv[0] == "rate":  # 1.5 wins to 0.5: 400 log10(3) apart, centred on 1000
        assert elo == {"a": "+1095.42", "b": "+904.58"}
    if "--plot" in argv:
        assert (tmp_path / "methods.png").stat().st_size > 0


def test_elo_prior_and_anchor_options(capsys, tmp_path):
    path = tmp_path / "scores.csv"
    path.write_text(README_SCORES)
    code, out, err = _run(capsys, "rate", str(path), "--method", "elo", "--prior", "3", "--anchor", "b=1114")
    assert code == 0 and "note:" not in err  # a prior asked for is no news
    rows = {line.split()[1]: float(line.split()[2]) for line in out.splitlines()[3:5]}
    # a won the pair's one game (its win rate over tasks); 3 virtual draws: 2.5 wins to 1.5
    assert rows["b"] == 1114.0 and rows["a"] == pytest.approx(1114 + 400 * np.log10(2.5 / 1.5), abs=0.006)
    code, _, err = _run(capsys, "rate", str(path), "--method", "elo", "--prior", "0")
    assert code == 2 and err.strip().endswith("pass --prior 1 (virtual draws) or more games")
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--method", "elo", "--anchor", "b"], "--anchor must be MODEL=RATING"),
        (["--method", "elo", "--anchor", "b=high"], "--anchor must be MODEL=RATING"),
        (["--method", "elo", "--anchor", "z=1000"], "anchor model 'z' is not among the models"),
        (["--method", "elo", "--prior", "-1"], "--prior must be a number >= 0 or auto"),
        (["--anchor", "b=1000"], "--anchor and --prior set the Elo fit (--method elo)"),
    ],
)
def test_bad_elo_options_exit_2_with_one_line(capsys, tmp_path, extra, message):
    path = tmp_path / "scores.csv"
    path.write_text(README_SCORES)
    code, _, err = _run(capsys, "rate", str(path), *extra)
    assert code == 2 and len(err.strip().splitlines()) == 1 and message in err, err


def test_elo_bootstrap_intervals_from_battles(capsys, tmp_path):
    from jaxrate.baselines import elo_ratings

    rng = np.random.default_rng(0)
    records = [("a", "b", "model_a" if rng.random() < 0.65 else "model_b") for _ in range(300)]
    records += [("b", "c", "model_a" if rng.random() < 0.6 else "tie") for _ in range(300)]
    records += [("c", "a", "model_b" if rng.random() < 0.7 else "model_a") for _ in range(100)]
    path, out_json = tmp_path / "battles.csv", tmp_path / "r.json"
    path.write_text("model_a,model_b,winner\n" + "".join(f"{a},{b},{w}\n" for a, b, w in records))
    argv = ["rate", str(path), "--method", "elo", "--bootstrap", "200", "--anchor", "c=1114", "--json"]
    code, out, err = _run(capsys, *argv, str(out_json))
    assert code == 0, err
    assert "imputed" not in err  # Elo fits the battles: it imputes nothing
    payload = json.loads(out_json.read_text())
    ranking = {entry["strategy"]: entry for entry in payload["ranking"]}
    assert ranking["c"]["rating"] == 1114.0 and payload["intervals"]["resamples"] == 200
    api = elo_ratings(records, anchor=("c", 1114.0), bootstrap=200, resample="battles", seed=0)
    for i, model in enumerate(api.models):
        assert ranking[model]["lower"] == pytest.approx(api.lower[i], abs=1e-9)
        assert ranking[model]["upper"] == pytest.approx(api.upper[i], abs=1e-9)
    assert ranking["a"]["p_top"] == pytest.approx(np.mean(api.samples.argmax(axis=1) == 0))
    assert "95% intervals from 200 bootstrap resamples of the battles" in " ".join(out.split())
    assert out.splitlines()[1].split()[:6] == ["rank", "model", "elo", "lower", "upper", "P(top)"]


def test_rate_many_top_group_keeps_every_name_whole(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    folder = tmp_path / "games"
    folder.mkdir()
    names = [f"meta-llama-3.1-405b-instruct-variant-{i}" for i in range(4)]
    rows = "".join(f"{n},1,1\n" for n in names) + "small,0,0\n"
    (folder / "g.csv").write_text("model,t1,t2\n" + rows)
    code, out, err = _run(capsys, "rate-many", str(folder), "--out", str(tmp_path / "out"), "--game", "2p")
    assert code == 0, err
    assert max(len(line) for line in out.splitlines()[:-1]) <= 100  # the table, wrapped between names
    words = out.replace(",", " ").split()
    assert all(name in words for name in names)  # the four tied models, none cut (was: the first 60 chars)


def test_fast_prints_and_writes_the_jax_proof(capsys, tmp_path):
    """--fast: the JAX path's proof (levels, joint, certificate) in the footer and the JSON."""
    import numpy as np

    import jaxrate

    csv = tmp_path / "scores.csv"
    csv.write_text("model,t1,t2,t3\nA,0.9,0.2,0.5\nB,0.4,0.8,0.5\nC,0.1,0.3,0.9\nD,0.2,0.2,0.2\n")
    path = tmp_path / "out.json"
    code, out, err = _run(capsys, "rate", str(csv), "--fast", "--json", str(path))
    assert code == 0, err
    payload = json.loads(path.read_text())
    footer = re.search(r"JAX path proof: (\d+) levels, joint \+ (\d+) dual proofs, max gain", out)
    assert footer and int(footer.group(1)) == int(footer.group(2)) == payload["levels"] >= 1
    assert payload["solver"] == "simplex" and payload["jax_status"] == "SOLVED"
    cert = payload["proof"]["certificate"]
    assert cert["levels_proven"] == payload["levels"] == len(payload["proof"]["level_values"])
    assert cert["max_rating_residual"] <= cert["tolerance"]
    scores = np.array([[0.9, 0.2, 0.5], [0.4, 0.8, 0.5], [0.1, 0.3, 0.9], [0.2, 0.2, 0.2]])
    game = jaxrate.agent_vs_agent_vs_task(scores)  # the command's default gamification (3P)
    assert cert["scale"] == jaxrate.payoff_scale(game)
    exact = jaxrate.deviation_ratings(game)
    assert max(payload["proof"]["level_values"]) == pytest.approx(
        exact.level_values[0], abs=cert["tolerance"]
    )
    fast = [payload["ratings"]["agent_a"][name] for name in "ABCD"]
    np.testing.assert_allclose(fast, exact.ratings[0], atol=cert["tolerance"])


def test_a_solve_whose_proof_fails_is_one_line_and_exit_1(monkeypatch, capsys):
    """A board whose ratings fail verification after every rescue (round 9's ProteinGym table read
    rows-as-models: 490 levels' problems) is one line naming the first problems, never a traceback."""
    from jaxrate.cli import _rate

    problem = "dual bound -35.9 is below the level value -1.17 by 34.8"
    problems = "; ".join(f"level {k}: {problem}" for k in range(490))

    def failing(args, argv):
        raise RuntimeError("ratings failed verification: " + problems)

    monkeypatch.setattr(_rate, "run", failing)
    code = main(["rate", "--dataset", "atari"])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("jaxrate: error: ratings failed verification: level 0: ")
    assert "and 488 more" in err and "nothing written" in err

"""The result file: one versioned JSON document, read back exactly, and `jaxrate verify` on it."""

import json

import numpy as np
import pandas as pd
import pytest

import jaxrate
from jaxrate.cli import main
from jaxrate.uncertainty import Resampling
from tests.test_harness_lm_eval import SHARED as LM_EVAL


def _board(models: int, tasks: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    names = [f"model{i:03d}" for i in range(models)]
    return pd.DataFrame(
        rng.random((models, tasks)).round(4), index=names, columns=[f"t{j}" for j in range(tasks)]
    )


def _rated(tmp_path, *argv):
    out = tmp_path / "board.json"
    assert main(["rate", *argv, "--json", str(out), "--progress", "never"]) == 0
    return out


def test_ratings_round_trip_exactly_with_their_proof_and_game():
    game = jaxrate.agent_vs_agent_vs_task(_board(7, 4, 0))
    rated = jaxrate.deviation_ratings(game)
    saved = jaxrate.read_result(rated.to_json(game=game))
    back = saved.ratings
    assert not saved.edited and saved.game.table.tolist() == game.table.tolist()
    for a, b in zip(back.ratings, rated.ratings):
        assert a.tolist() == b.tolist()  # bit for bit
    assert back.joint.tolist() == rated.joint.tolist()
    assert back.proof.level_values.tolist() == rated.proof.level_values.tolist()
    assert back.proof.frozen_at.tolist() == rated.proof.frozen_at.tolist()
    assert back.certificate.duals.tolist() == rated.certificate.duals.tolist()
    assert back.solved_by == rated.solved_by and back.strategies == rated.strategies
    assert jaxrate.verify(saved.game, back).ok


def test_a_batch_and_a_masked_strategy_round_trip():
    rng = np.random.default_rng(1)
    payoffs = rng.random((3, 2, 4, 5))
    masks = (np.ones((3, 4), bool), np.array([[True] * 5, [True] * 4 + [False], [True] * 5]))
    rated = jaxrate.deviation_ratings(payoffs, "highs", masks=masks, batched=True)
    back = jaxrate.Ratings.from_json(rated.to_json())
    assert back.batched and np.isnan(back.ratings[1][1, 4])
    np.testing.assert_array_equal(back.ratings[1], rated.ratings[1])
    whole = jaxrate.deviation_ratings(payoffs, "highs", batched=True)
    assert all(
        jaxrate.verify(payoffs[i], jaxrate.Ratings.from_json(whole.to_json()).game(i)).ok for i in range(3)
    )


def test_intervals_round_trip_with_their_options_and_seed():
    options = Resampling(resamples=12, seed=5, level=0.9, solver="exact")
    out = jaxrate.task_subsets(_board(6, 5, 2), options)
    assert out.options == options and out.samples[0].shape == (12, 6)
    back = jaxrate.uncertainty.RatingIntervals.from_json(out.to_json(samples=True))
    assert back.options == options and back.confidence == 0.9
    for a, b in zip(back.lower + back.upper + back.samples, out.lower + out.upper + out.samples):
        np.testing.assert_array_equal(a, b)
    assert np.array_equal(back.pairwise, out.pairwise, equal_nan=True)
    # The same seed gives the same resamples; the record's defaults are the CLI's.
    again = jaxrate.task_subsets(_board(6, 5, 2), resamples=12, seed=5, confidence=0.9, method="exact")
    np.testing.assert_array_equal(again.samples[0], out.samples[0])
    assert Resampling().resamples == 200 and Resampling().game == "3p"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON"),
        ('{"x": 1}', "not a jaxrate result file"),
        ('{"format": "jaxrate.ratings", "version": 99}', "version 99"),
        ('{"ranking": [], "command": ["jaxrate"]}', "older jaxrate"),
        ('{"format": "jaxrate.ratings", "version": 1, "method": "elo", "ratings": {}}', "elo ratings"),
    ],
)
def test_a_file_that_is_not_a_result_is_refused_by_name(text, message):
    with pytest.raises(ValueError, match=message):
        jaxrate.read_result(text)


def test_resampling_options_are_checked():
    for bad in ({"resamples": 0}, {"level": 1.0}, {"solver": "gpu"}, {"game": "4p"}):
        with pytest.raises(ValueError):
            Resampling(**bad)
    with pytest.raises(ValueError, match="Resampling"):
        jaxrate.task_subsets(_board(4, 3, 0), {"resamples": 3})


def test_small_resampling_runs_go_to_the_exact_path():
    from jaxrate.uncertainty._cost import choose_path

    assert choose_path(8 * 8 * 5, 20) == "exact"  # compilation would dominate
    assert choose_path(20 * 20 * 10, 100_000) == "jax"  # a batch that amortises it
    assert choose_path(10**6, 10**6) == "exact"  # above the JAX path's size
    out = jaxrate.task_subsets(_board(8, 5, 3), resamples=20)
    assert out.method == "exact" and out.options.solver == "auto"


@pytest.mark.parametrize("exact", [False, True])
def test_verify_a_score_table_and_its_embedded_game(capsys, tmp_path, exact):
    path = tmp_path / "scores.csv"
    _board(9, 5, 4).to_csv(path)
    out = _rated(tmp_path, str(path))
    flags = ["--exact"] if exact else []
    for argv in ([str(out), str(path)], [str(out)]):
        capsys.readouterr()
        assert main(["verify", *argv, *flags]) == 0
        line = capsys.readouterr().out.strip()
        assert line.startswith("verified: ") and "\n" not in line
        assert ("exact rational" in line) == exact


def test_verify_a_dataset_a_battle_file_and_a_harness_folder(capsys, tmp_path):
    battles = tmp_path / "battles.csv"
    rng = np.random.default_rng(0)
    rows = [
        (f"m{a}", f"m{b}", ["model_a", "model_b", "tie"][rng.integers(3)]) for a in range(5) for b in range(5)
    ]
    pd.DataFrame([r for r in rows if r[0] != r[1]], columns=["model_a", "model_b", "winner"]).to_csv(battles)
    for argv, inputs in (
        (["--dataset", "atari", "--game", "3p"], []),
        ([str(battles)], [str(battles)]),
        ([LM_EVAL], [LM_EVAL]),
    ):
        out = _rated(tmp_path, *argv)
        capsys.readouterr()
        assert main(["verify", str(out), *inputs]) == 0, capsys.readouterr()
        assert capsys.readouterr().out.startswith("verified: ")
        assert main(["verify", str(out), *inputs, "--exact"]) == 0


def test_verify_a_board_rated_through_its_table(capsys, tmp_path):
    from jaxrate.exact import _solve

    path = tmp_path / "board.csv"
    _board(_solve._BOARD_MODELS + 20, 6, 5).to_csv(path)
    out = _rated(tmp_path, str(path))
    assert json.loads(out.read_text())["game"]["kind"] == "score-table"
    capsys.readouterr()
    assert main(["verify", str(out), str(path)]) == 0
    assert "verified: " in capsys.readouterr().out


def _tampered(tmp_path, out, change) -> str:
    document = json.loads(out.read_text())
    change(document)
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(document))
    return str(path)


def _rating(d):
    first = next(iter(d["ratings"]["agent_a"]))
    d["ratings"]["agent_a"][first] += 0.01


def _joint(d):
    d["joint"]["support"][0][-1] += 0.01


def _dual(d):
    d["proof"]["duals"][0][0][1] *= 0.5


def _kind(d):
    d["game"]["kind"] = "payoffs"


def _ranking(d):
    d["ranking"][0]["rating"] -= 0.5


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (_rating, "constraint"),
        (_joint, "joint"),
        (_dual, "level 1"),
        (_kind, "game kind"),
        (_ranking, "ranking"),
    ],
)
def test_each_tampering_fails_naming_what(capsys, tmp_path, change, named):
    path = tmp_path / "scores.csv"
    _board(8, 4, 6).to_csv(path)
    out = _rated(tmp_path, str(path))
    bad = _tampered(tmp_path, out, change)
    capsys.readouterr()
    assert main(["verify", bad, str(path)]) == 1
    line = capsys.readouterr().out.strip()
    assert line.startswith("FAILED: ") and named in line and "\n" not in line


def test_a_changed_input_cell_or_an_unreadable_file_fails(capsys, tmp_path):
    path = tmp_path / "scores.csv"
    table = _board(8, 4, 7)
    table.to_csv(path)
    out = _rated(tmp_path, str(path))
    table.iloc[2, 1] += 0.001
    table.to_csv(tmp_path / "changed.csv")
    capsys.readouterr()
    assert main(["verify", str(out), str(tmp_path / "changed.csv")]) == 1
    assert "is not the game that was rated" in capsys.readouterr().out
    assert main(["verify"]) == 2  # INPUT is optional: only the result file is asked for
    assert "required: RESULT.json (see --help)" in capsys.readouterr().err
    (tmp_path / "junk.json").write_text("[1, 2")
    for argv in ([str(tmp_path / "junk.json")], [str(tmp_path / "missing.json")], [str(out), "nope.csv"]):
        assert main(["verify", *argv]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("jaxrate: error: ") and "\n" not in err


def test_a_result_with_a_tampered_embedded_table_fails(capsys, tmp_path):
    game = jaxrate.agent_vs_agent_vs_task(_board(6, 3, 8))
    document = json.loads(jaxrate.deviation_ratings(game).to_json(game=game))
    document["game"]["table"][0][0] += 0.25
    assert jaxrate.read_result(document).edited
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(document))
    assert main(["verify", str(path)]) == 1
    line = capsys.readouterr().out
    assert "is not the game that was rated" in line and "changed after jaxrate wrote it" in line


def _signed(document: dict) -> dict:
    """A forger's file: the edit, with the digest recomputed (the digest is unkeyed)."""
    from jaxrate.results._result_file import document_digest

    document.pop("digest", None)
    return {**document, "digest": document_digest(document)}


def _forged(tmp_path, capsys, change) -> tuple[int, str]:
    path = tmp_path / "scores.csv"
    _board(5, 3, 9).to_csv(path)
    out = _rated(tmp_path, str(path))
    document = json.loads(out.read_text())
    change(document)
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(_signed(document)))
    capsys.readouterr()
    code = main(["verify", str(forged), str(path)])
    return code, capsys.readouterr().out


def test_a_forger_who_re_signs_the_file_is_still_caught(capsys, tmp_path):
    """Found in review: each of these passed before (a claimed slack widened the tolerance; names
    were not compared with the game; ranks were not checked)."""

    def slack(d):
        d["proof"]["certificate"]["slack"] = 1e6
        for player in d["ratings"].values():
            for name in player:
                player[name] = 0.0

    def swapped(d):  # two models' names exchanged, the values left in place
        items = list(d["ratings"]["agent_a"].items())
        (a, va), (b, vb) = items[:2]
        d["ratings"]["agent_a"] = dict([(b, va), (a, vb), *items[2:]])

    def rank(d):
        d["ranking"][0]["rank"], d["ranking"][-1]["rank"] = d["ranking"][-1]["rank"], d["ranking"][0]["rank"]

    for change, named in ((slack, "slack"), (swapped, "names: agent_a"), (rank, "ranking")):
        code, line = _forged(tmp_path, capsys, change)
        assert code == 1 and named in line, line


def test_multipliers_out_of_float_range_fail_their_level():
    """Found in review: multipliers of 1e308 on frozen rows made a NaN dual bound, which passed."""
    game = jaxrate.agent_vs_agent_vs_task(_board(5, 3, 10))
    rated = jaxrate.deviation_ratings(game)
    duals = rated.certificate.duals.copy()
    later = np.flatnonzero(rated.proof.frozen_at == 0)[:2]
    duals[-1, later] = [1e308, -1e308]
    forged = {
        **{k: getattr(rated, k) for k in ("ratings", "joint", "level_values", "frozen_at")},
        "duals": duals,
    }
    level = f"level {len(duals)}: "
    floats = jaxrate.verify(game, forged)
    assert not floats.ok and any(
        p.startswith(level) and "multipliers too large" in p for p in floats.problems
    )
    exact = jaxrate.verify(game, forged, rational=True)  # exactly: a bound far below the level's value
    assert not exact.ok and any(p.startswith(level) for p in exact.problems)
    zero = {**forged, "duals": np.zeros_like(duals)}  # no crash: the level fails
    assert not jaxrate.verify(game, zero, rational=True).ok


def test_previous_needs_the_digest_and_intervals_read_back_alone(tmp_path):
    from jaxrate.cli._previous import read_previous

    game = jaxrate.agent_vs_agent_vs_task(_board(6, 3, 11))
    document = json.loads(jaxrate.deviation_ratings(game).to_json(game=game))
    document.pop("digest")
    path = tmp_path / "previous.json"
    path.write_text(json.dumps(document))
    with pytest.raises(ValueError, match="changed after jaxrate wrote it"):
        read_previous(str(path))
    intervals = jaxrate.task_subsets(_board(6, 3, 11), resamples=5, method="exact")
    saved = jaxrate.read_result(intervals.to_json())
    assert saved.ratings is None and saved.intervals.options.resamples == 5 and not saved.edited

"""Rank intervals and tiers wherever ``jaxrate rate`` shows intervals (issue 35): the printed table and
its footer, the ``--csv`` columns, the JSON ``intervals`` block, ``jaxrate verify`` and the report."""

import csv
import json
import warnings

import numpy as np
import pytest

from jaxrate.cli import _rate, main
from jaxrate.game.tolerances import payoff_scale
from jaxrate.uncertainty import RatingIntervals, Tiers

BOOTSTRAP = ["--bootstrap", "50", "--progress", "never"]


def _items(path, skill=(0.95, 0.93, 0.35, 0.3, 0.05), tasks=3, n=60, seed=0):
    """0/1 items per model and task: two models tied at the top, two close below, one last (three tiers)."""
    rng = np.random.default_rng(seed)
    rows = [
        f"m{m},t{t},{i},{int(rng.random() < s)}\n"
        for m, s in enumerate(skill)
        for t in range(tasks)
        for i in range(n)
    ]
    path.write_text("model,task,item,score\n" + "".join(rows))
    return path


def _rate_run(capsys, monkeypatch, *argv):
    """Run ``jaxrate rate``; also return the run's own intervals and source (the same resamples)."""
    seen = {}
    real = _rate._intervals

    def spy(source, args):
        seen["source"], seen["intervals"] = source, real(source, args)
        return seen["intervals"]

    monkeypatch.setattr(_rate, "_intervals", spy)
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err, seen


@pytest.fixture
def run(tmp_path, capsys, monkeypatch):
    """One bootstrap run writing --csv, --json and --report."""
    path = _items(tmp_path / "items.csv")
    files = {"csv": tmp_path / "r.csv", "json": tmp_path / "r.json", "report": tmp_path / "rep"}
    argv = ["rate", path, *BOOTSTRAP, *(x for k, v in files.items() for x in (f"--{k}", v))]
    code, out, err, seen = _rate_run(capsys, monkeypatch, *argv)
    assert code == 0, err
    return out, err, files, seen


def _csv(path):
    rows = list(csv.reader(path.read_text().splitlines()))
    return rows[0], rows[1:]


def test_printed_table_has_the_rank_interval_and_tier_and_says_what_they_mean(run):
    out, err, _, _ = run
    lines = out.splitlines()
    assert lines[1].split()[-6:] == ["lower", "upper", "P(top)", "best", "worst", "tier"]
    body = [line.split() for line in lines[3:8]]
    for row in body:
        rank, best, worst = int(row[0].rstrip("=")), int(row[-3]), int(row[-2])
        assert best <= rank <= worst
    assert [int(row[-1]) for row in body] == [1, 1, 2, 2, 3]
    text = " ".join(out.split())
    assert "best, worst: rank interval, LMArena's convention" in text and "per pair at 95%" in text
    assert "tier: no true tier split, with 95% confidence jointly (step-down max-|t| bootstrap band)" in text
    assert "Warning" not in err


def test_csv_columns_are_numbers_and_agree_with_the_library(run):
    _, _, files, seen = run
    header, rows = _csv(files["csv"])
    assert header[:2] == ["rank", "agent"] and header[-6:] == [
        *["lower", "upper", "p_top"],
        *["rank_best", "rank_worst", "tier"],
    ]
    col = {h: j for j, h in enumerate(header)}
    table = {r[1]: {h: int(r[col[h]]) for h in ("rank", "rank_best", "rank_worst", "tier")} for r in rows}
    for entry in table.values():
        assert entry["rank_best"] <= entry["rank"] <= entry["rank_worst"]
    tiers = [int(r[col["tier"]]) for r in rows]
    assert tiers[0] == 1 and tiers == sorted(tiers) and max(tiers) == 3  # tier 1 at the top, down the rows
    # The same run's intervals, through the library, give the same numbers.
    intervals, game = seen["intervals"], seen["source"].game
    frame = intervals.rank_intervals(scale=payoff_scale(game))
    for name, rank, best, worst in frame[["strategy", "rank", "rank_best", "rank_worst"]].itertuples(
        index=False
    ):
        assert (table[name]["rank"], table[name]["rank_best"], table[name]["rank_worst"]) == (
            rank,
            best,
            worst,
        )
    t = intervals.tiers(scale=payoff_scale(game))
    assert isinstance(t, Tiers) and dict(zip(t.strategies, t.tier.tolist())) == {
        n: e["tier"] for n, e in table.items()
    }
    assert (files["report"] / "ratings.csv").read_text() == files["csv"].read_text()  # one writer


def test_json_block_reads_back_and_verify_passes(run, capsys):
    _, _, files, seen = run
    payload = json.loads(files["json"].read_text())
    block = payload["intervals"]
    ranks, tiers = block["rank_intervals"], block["tiers"]
    assert (ranks["method"], ranks["level"], ranks["resamples"]) == ("pair", 0.95, 50)
    assert (tiers["method"], tiers["level"], tiers["note"]) == ("stepdown", 0.95, "")
    assert ranks["tie_tolerance"] == pytest.approx(payload["tie_tolerance"], rel=1e-12)
    _, rows = _csv(files["csv"])
    for row, entry in zip(rows, payload["ranking"]):
        name = entry["strategy"]
        assert (
            [ranks["rank_best"][name], ranks["rank_worst"][name], tiers["tier"][name]]
            == [
                entry["rank_best"],
                entry["rank_worst"],
                entry["tier"],
            ]
            == [int(x) for x in row[-3:]]
        )
    back = RatingIntervals.from_json(files["json"])
    np.testing.assert_array_equal(back.lower[0], seen["intervals"].lower[0])
    assert back.samples[0].shape[0] == 0  # --json keeps no samples: what was shown is in the block
    assert main(["verify", str(files["json"])]) == 0
    assert capsys.readouterr().out.startswith("verified: ")


def test_result_file_round_trip_from_python_and_old_files(run, tmp_path):
    intervals = run[3]["intervals"]
    text = intervals.to_json(samples=True)
    back = RatingIntervals.from_json(text)
    block = json.loads(text)["intervals"]
    assert block["tiers"]["tier"] == dict(zip(back.tiers().strategies, back.tiers().tier.tolist()))
    assert block["rank_intervals"]["rank_best"] == dict(
        zip(back.rank_intervals()["strategy"], back.rank_intervals()["rank_best"].tolist())
    )
    # A file written before the two fields reads as before; written again without samples, it has neither.
    old = json.loads(text)
    for key in ("rank_intervals", "tiers", "samples"):
        del old["intervals"][key]
    again = RatingIntervals.from_json(old)
    np.testing.assert_array_equal(again.upper[0], intervals.upper[0])
    assert "tiers" not in json.loads(again.to_json())["intervals"]


def test_report_shows_the_columns_and_shades_the_tiers(run):
    _, _, files, _ = run
    page = (files["report"] / "index.html").read_text()
    for column in ("best", "worst", "tier"):
        assert f">{column}</th>" in page
    assert "LMArena" in page and "no tier is split by chance" in page
    svg = (files["report"] / "ratings.svg").read_text()
    assert "tier 1" in svg and "tier 3" in svg and "tier 4" not in svg


def test_task_subsets_say_they_are_no_significance_statements(tmp_path, capsys, monkeypatch):
    path = tmp_path / "s.csv"
    path.write_text("model,t1,t2,t3,t4\na,0.9,0.8,0.9,0.7\nb,0.5,0.6,0.4,0.5\nc,0.2,0.1,0.3,0.2\n")
    out_json = tmp_path / "r.json"
    code, out, err, _ = _rate_run(
        capsys, monkeypatch, "rate", path, "--task-subsets", "50", "--json", out_json
    )
    assert code == 0, err
    assert "these are not significance statements" in " ".join(out.split())
    assert "not significance statements" in json.loads(out_json.read_text())["intervals"]["tiers"]["note"]


def test_too_few_resamples_separate_nothing_and_say_so(tmp_path, capsys, monkeypatch):
    path = _items(tmp_path / "items.csv")
    code, out, err, _ = _rate_run(
        capsys, monkeypatch, "rate", path, "--bootstrap", "5", "--progress", "never"
    )
    assert code == 0 and "UserWarning" not in err
    body = [line.split() for line in out.splitlines()[3:8]]
    assert {(row[-3], row[-2], row[-1]) for row in body} == {("1", "5", "1")}
    assert "5 resamples cannot separate anything by 'pair' at level 0.95 (needs >= 39)" in " ".join(
        out.split()
    )


def test_elo_intervals_from_battles_get_them_too(tmp_path, capsys, monkeypatch):
    rng = np.random.default_rng(0)
    records = [("a", "b", "model_a" if rng.random() < 0.8 else "model_b") for _ in range(300)]
    records += [("b", "c", "model_a" if rng.random() < 0.8 else "model_b") for _ in range(300)]
    path, out_csv = tmp_path / "battles.csv", tmp_path / "r.csv"
    path.write_text("model_a,model_b,winner\n" + "".join(f"{a},{b},{w}\n" for a, b, w in records))
    argv = ["rate", path, "--method", "elo", *BOOTSTRAP, "--csv", out_csv]
    code, out, err, seen = _rate_run(capsys, monkeypatch, *argv)
    assert code == 0, err
    header, rows = _csv(out_csv)
    assert header[-3:] == ["rank_best", "rank_worst", "tier"]
    assert [r[1] for r in rows] == ["a", "b", "c"] and [int(r[-1]) for r in rows] == [1, 2, 3]


def test_level_sets_every_coverage_and_bad_levels_are_refused(tmp_path, capsys):
    path = tmp_path / "items.csv"
    _items(path)
    out = tmp_path / "r.json"
    args = ["rate", str(path), "--bootstrap", "40", "--json", str(out)]
    assert main([*args, "--level", "0.9"]) == 0
    printed = " ".join(capsys.readouterr().out.split())  # the footer is wrapped to the terminal
    assert "90% intervals from 40" in printed and "per pair at 90%" in printed
    intervals = RatingIntervals.from_json(out)
    assert intervals.confidence == 0.9
    out.unlink()
    for level, message in (("1.5", "between 0 and 1"), ("0", "between 0 and 1"), ("-0.1", "between 0 and 1")):
        assert main([*args, "--level", level]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err and not out.exists()
    assert main(["rate", str(path), "--level", "0.9", "--json", str(out)]) == 2  # nothing resampled
    assert "add --bootstrap N" in capsys.readouterr().err and not out.exists()


@pytest.mark.parametrize("method", ["band", "holm", "stepdown"])
def test_tiers_option_picks_the_joint_method_everywhere(tmp_path, capsys, monkeypatch, method):
    path = _items(tmp_path / "items.csv")
    out_json, out_csv = tmp_path / "r.json", tmp_path / "r.csv"
    argv = ["rate", path, *BOOTSTRAP, "--tiers", method, "--json", out_json, "--csv", out_csv]
    code, out, err, seen = _rate_run(capsys, monkeypatch, *argv)
    assert code == 0, err
    words = {"band": "(max-|t| bootstrap band)", "holm": "(Holm on the paired p-values)"}
    assert words.get(method, "(step-down max-|t| bootstrap band)") in " ".join(out.split())
    block = json.loads(out_json.read_text())["intervals"]
    assert block["tiers"]["method"] == method and block["options"]["tiers"] == method
    scale = payoff_scale(seen["source"].game)
    with warnings.catch_warnings():  # holm: 50 resamples separate nothing (the footer says so)
        warnings.simplefilter("ignore", UserWarning)
        expected = seen["intervals"].tiers(0, method, scale=scale)
    header, rows = _csv(out_csv)
    tier = {r[header.index("agent")]: int(r[-1]) for r in rows}
    assert tier == dict(zip(expected.strategies, expected.tier.tolist()))
    assert RatingIntervals.from_json(out_json).options.tiers == method  # the file says how it was cut


def test_tiers_option_bad_input_is_one_line_and_writes_nothing(tmp_path, capsys):
    path = _items(tmp_path / "items.csv")
    out = tmp_path / "r.json"
    assert main(["rate", str(path), "--tiers", "holm", "--json", str(out)]) == 2  # nothing resampled
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--tiers holm" in err and "add --bootstrap N" in err and not out.exists()
    assert main(["rate", str(path), *BOOTSTRAP, "--tiers", "pair", "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert "--tiers" in err and "stepdown" in err and not out.exists()


def _battle_file(path, seed=0):
    rng = np.random.default_rng(seed)
    names = ["m0", "m1", "m2", "m3", "m4"]
    rows = [
        f"{a},{b},{'model_a' if rng.random() < 0.5 + 0.08 * (j - i) else 'model_b'}\n"
        for i, a in enumerate(names)
        for j, b in enumerate(names)
        if i < j
        for _ in range(20)
    ]
    path.write_text("model_a,model_b,winner\n" + "".join(rows))
    return path


def test_elo_battle_bootstrap_records_the_options_it_ran_with(tmp_path, capsys):
    path, out = _battle_file(tmp_path / "b.csv"), tmp_path / "r.json"
    argv = ["rate", str(path), "--method", "elo", *BOOTSTRAP, "--seed", "7", "--tie-tol", "0.01"]
    assert main([*argv, "--tiers", "band", "--json", str(out)]) == 0
    options = json.loads(out.read_text())["intervals"]["options"]
    assert (options["seed"], options["rating"], options["game"]) == (7, "elo", "2p")
    assert (options["tie_tol"], options["tiers"], options["resamples"]) == (0.01, "band", 50)
    assert main([*argv, "--json", str(out)]) == 0  # the default --tiers: the same record
    assert json.loads(out.read_text())["intervals"]["options"]["tiers"] == "stepdown"


@pytest.mark.parametrize("method", ["elo", "deviation"])
def test_tie_tol_is_one_tolerance_for_the_table_the_tiers_and_compare(tmp_path, capsys, method):
    path, out = _battle_file(tmp_path / "b.csv"), tmp_path / "r.json"
    argv = ["rate", str(path), "--method", method, *BOOTSTRAP, "--tie-tol", "0.5", "--compare", "m1,m3"]
    assert main([*argv, "--json", str(out)]) == 0
    doc = json.loads(out.read_text())
    tol = doc["intervals"]["tiers"]["tie_tolerance"]
    assert doc["intervals"]["rank_intervals"]["tie_tolerance"] == pytest.approx(tol, rel=1e-12)
    assert doc["difference"]["tie_tolerance"] == pytest.approx(tol, rel=1e-12)
    assert doc["difference"]["tied"] == (abs(doc["difference"]["estimate"]) <= tol)
    assert doc["intervals"]["options"]["tie_tol"] == 0.5


def test_elo_prior_or_anchor_with_resampled_scores_is_refused(tmp_path, capsys):
    path, out = _items(tmp_path / "items.csv"), tmp_path / "r.json"
    for extra in (["--prior", "5"], ["--anchor", "m0=1000"]):
        argv = ["rate", str(path), "--method", "elo", "--task-subsets", "20", *extra, "--json", str(out)]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and extra[0] in err and "leave out" in err and not out.exists()

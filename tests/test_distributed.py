"""Many exact ratings through executors: order, per-game errors, lost workers (process pool and Dask)."""

import os
import signal
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from jaxrate.exact import deviation_ratings, rate_many


def _games(count, seed=0, shape=(2, 14, 14)):
    rng = np.random.default_rng(seed)
    return [rng.random(shape) for _ in range(count)]


def _check(outcomes, games):
    for o, g in zip(outcomes, games, strict=True):
        assert o.ok, o.error
        expected = deviation_ratings(g).ratings
        for a, b in zip(o.result.ratings, expected):
            np.testing.assert_allclose(a, b, atol=1e-12)


def test_thread_pool_in_order_and_per_game_errors(monkeypatch):
    from jaxrate.exact import _solve

    original = _solve.deviation_ratings

    def fails_on_marked_games(payoffs, **options):
        if np.asarray(getattr(payoffs, "payoffs", payoffs))[0, 0, 0] == 42.0:
            raise RuntimeError("certificate failed (test)")
        return original(payoffs, **options)

    monkeypatch.setattr(_solve, "deviation_ratings", fails_on_marked_games)
    games = _games(6)
    games[3] = games[3].copy()
    games[3][0, 0, 0] = 42.0
    seen = []
    with ThreadPoolExecutor(2) as pool:
        out = rate_many(games, executor=pool, progress=lambda done, total: seen.append((done, total)))
    assert [o.ok for o in out] == [True, True, True, False, True, True]
    assert out[3].error == "RuntimeError: certificate failed (test)" and out[3].result is None
    monkeypatch.setattr(_solve, "deviation_ratings", original)
    assert [o.index for o in out] == list(range(6))
    _check([o for o in out if o.ok], [g for i, g in enumerate(games) if i != 3])
    assert seen[-1] == (6, 6) and len(seen) == 6


def test_invalid_game_is_rejected_before_any_work():
    with pytest.raises(ValueError, match="game 1:"):
        rate_many([np.zeros((2, 2, 2)), np.full((2, 2, 2), np.nan)], workers=1)


def _pool_workers():
    import psutil

    return [c for c in psutil.Process().children() if "resource_tracker" not in " ".join(c.cmdline())]


def test_process_pool_survives_a_killed_worker():
    """A worker killed while the pool still has work: its tasks are resubmitted.

    The kill comes when the first result arrives (the progress callback runs in
    this process), so the pool is up and 47 games are still pending: not after a
    fixed delay, which a loaded machine (workers slow to start) or a fast one
    (all done first) can miss.
    """
    games = _games(48, seed=1, shape=(3, 10, 10, 8))
    killed: list = []

    def kill_one_on_first_result(done: int, total: int) -> None:
        if done == 1 and not killed:
            children = _pool_workers()
            if children:
                os.kill(children[0].pid, signal.SIGKILL)
                killed.append(children[0].pid)

    out = rate_many(games, workers=2, retries=3, progress=kill_one_on_first_result)
    assert killed, "no worker process was killed; the test did not test recovery"
    assert [o.index for o in out] == list(range(len(games)))
    _check(out, games)
    assert max(o.attempts for o in out) >= 2  # something was resubmitted


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::ResourceWarning", "ignore::UserWarning")
def test_dask_local_cluster_survives_a_killed_worker():
    import distributed

    games = _games(48, seed=2, shape=(3, 10, 10, 8))
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        killed: list = []
        pids = client.run(os.getpid)  # {worker address: process id}

        def kill_one_on_first_result(done: int, total: int) -> None:
            # In this process, when the first game is back and 47 are pending: the
            # nanny starts a new worker and the dead one's tasks are rescheduled.
            if done == 1 and not killed:
                pid = pids[sorted(pids)[0]]
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

        out = rate_many(games, executor=client.get_executor(), retries=3, progress=kill_one_on_first_result)
    assert killed  # the worker died while games were still being rated
    _check(out, games)


def _folder(tmp_path):
    import pandas as pd

    folder = tmp_path / "in"
    folder.mkdir()
    rng = np.random.default_rng(3)
    for i in range(4):
        table = pd.DataFrame(rng.random((5, 3)), index=[f"m{j}" for j in range(5)], columns=list("abc"))
        table.to_csv(folder / f"g{i}.csv", index_label="model")
    (folder / "bad.csv").write_text("model,a\nx,oops\n")
    return folder


def test_rate_many_command_writes_skips_and_reports(capsys, tmp_path):
    import json

    from jaxrate.cli import main

    folder, out = _folder(tmp_path), tmp_path / "out"
    code = main(["rate-many", str(folder), "--out", str(out), "--game", "2p", "--workers", "2"])
    text = capsys.readouterr().out
    assert code == 1 and "4 rated, 0 skipped, 1 failed" in text and "'a' holds text, such as 'oops'" in text
    assert sorted(p.name for p in out.iterdir()) == [f"g{i}.json" for i in range(4)]
    # Each result is what `jaxrate rate --json` writes for that input.
    main(["rate", str(folder / "g2.csv"), "--game", "2p", "--json", str(tmp_path / "one.json")])
    capsys.readouterr()
    many, one = json.loads((out / "g2.json").read_text()), json.loads((tmp_path / "one.json").read_text())
    for player in one["ratings"]:
        assert many["ratings"][player] == pytest.approx(one["ratings"][player], abs=1e-12)
    assert [e["strategy"] for e in many["ranking"]] == [e["strategy"] for e in one["ranking"]]
    # A half-written result (an interrupted run without atomic writes) is not trusted: it is re-rated.
    (out / "g1.json").write_text('{"ratings": {')
    code = main(["rate-many", str(folder), "--out", str(out), "--game", "2p", "--workers", "1"])
    assert "1 rated, 3 skipped, 1 failed" in capsys.readouterr().out
    assert json.loads((out / "g1.json").read_text())["ratings"]
    (folder / "bad.csv").unlink()
    code = main(["rate-many", str(folder), "--out", str(out), "--force", "--workers", "1", "--game", "2p"])
    assert code == 0 and "4 rated, 0 skipped, 0 failed" in capsys.readouterr().out


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::ResourceWarning", "ignore::UserWarning")
def test_rate_many_command_on_a_dask_scheduler(capsys, tmp_path):
    import distributed

    from jaxrate.cli import main

    folder, out = _folder(tmp_path), tmp_path / "out"
    (folder / "bad.csv").unlink()
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
    ) as cluster:
        code = main(["rate-many", str(folder), "--out", str(out), "--scheduler", cluster.scheduler_address])
    assert code == 0 and "4 rated, 0 skipped, 0 failed" in capsys.readouterr().out
    assert len(list(out.iterdir())) == 4


def test_rate_many_command_bad_options(capsys, tmp_path):
    from jaxrate.cli import main

    assert main(["rate-many", str(tmp_path / "nope"), "--out", str(tmp_path / "o")]) == 2
    assert "not a folder" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["rate-many", str(tmp_path / "empty"), "--out", str(tmp_path / "o")]) == 2
    assert "no inputs" in capsys.readouterr().err

"""Shared fixtures: seeded random games and the paper's examples."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

# tests/data holds data and the scripts that wrote it (harness regenerators, the published corpus's
# independent readers): run by the tests that need them, never imported as test modules.
collect_ignore_glob = ["data/*"]

# The project's shared data sits beside the checkout (CI clones main next to it).
# It is not shipped (tests/data/README.md): a clone alone has none of it, and the
# tests that need a file of it skip, naming the file, unless JAXRATE_REQUIRE_DATA
# is set (.ci/run sets it), where they fail. `shared_file` is that one rule.
SHARED_DATA = Path(
    os.environ.get("JAXRATE_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data")
)


def shared_file(name: str) -> Path:
    """``SHARED_DATA / name``, or the calling test skips (fails under ``JAXRATE_REQUIRE_DATA=1``).

    Call it where the file is read (a test, a fixture, a helper of a test): the
    test then skips with a reason naming the file, counted in pytest's summary.
    """
    path = SHARED_DATA / name
    if path.exists():
        return path
    reason = f"needs ../shared/data/{name} (not shipped: see tests/data/README.md)"
    if os.environ.get("JAXRATE_REQUIRE_DATA", "") not in ("", "0"):
        pytest.fail(f"{reason}; JAXRATE_REQUIRE_DATA is set and {path} is missing", pytrace=False)
    pytest.skip(reason)


def pytest_configure(config):
    """The README's default run (``-m "not slow"``) compiles XLA's CPU code at backend optimisation
    level 0: its tests are bound by compilation (most jit a solver once and rate a few games), and
    level 0 compiled the 2P 10 x 10 ``rate_game`` batch in 6.8 s against 9.3 s, the default run in
    261 s against 315 s (benchmarks/RESULTS.md, "The default test run at optimisation level 0"), the
    same results. The slow run keeps XLA's default: its tests rate thousands of games, where the
    compiled code runs 2-3x faster. Set in the environment (read when JAX's backend starts, after
    this hook), so the command-line subprocesses of the tests compile the same way; a level the
    user put in ``XLA_FLAGS`` is kept."""
    flags = os.environ.get("XLA_FLAGS", "")
    if config.option.markexpr.strip() == "not slow" and "xla_backend_optimization_level" not in flags:
        os.environ["XLA_FLAGS"] = f"{flags} --xla_backend_optimization_level=0".strip()


# The CLI keeps XLA compilations in ~/.cache unless told otherwise: not in tests
# (test_cli.py checks the cache itself in a folder of its own).
os.environ.setdefault("JAXRATE_CACHE_DIR", "")


@pytest.fixture(scope="session", autouse=True)
def _one_compilation_cache_per_run(tmp_path_factory):
    """JAX's persistent compilation cache in a folder of this test run, shared by its xdist workers.

    Many tests jit the same programs (``rate_game`` of one shape and options) through new
    wrappers, which JAX's in-memory cache does not match: each compiled them again, in each
    worker. The folder starts empty every run (pytest's own temporary folder, pruned by it),
    so a test never depends on an earlier run. Set through ``jax.config``, not the environment:
    the command-line subprocesses of the tests keep their own cache rules."""
    import jax

    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if base.name.startswith("popen-gw") else base) / "xla-cache"
    folder.mkdir(exist_ok=True)
    settings = {
        "jax_compilation_cache_dir": str(folder),
        "jax_persistent_cache_min_compile_time_secs": 0.0,
        "jax_persistent_cache_min_entry_size_bytes": 0,
    }
    before = {name: getattr(jax.config, name) for name in settings}
    for name, value in settings.items():
        jax.config.update(name, value)
    yield
    for name, value in before.items():
        jax.config.update(name, value)


def random_game(rng: np.random.Generator, kind: str) -> np.ndarray:
    """A random payoff tensor ``[N, A..]`` of one family.

    ``"normal"``: gaussian payoffs; ``"integer"``: payoffs in {-2..2}, which are
    degenerate and full of ties (where wrong freezing rules fail);
    ``"zerosum"``: 2-player zero-sum gaussian.
    """
    if kind == "zerosum":
        shape = tuple(rng.integers(2, 6, size=2))
        g = rng.normal(size=shape)
        return np.stack([g, -g])
    n = int(rng.integers(2, 4))
    shape = tuple(int(a) for a in rng.integers(2, 5 if n == 2 else 4, size=n))
    if kind == "integer":
        return rng.integers(-2, 3, size=(n,) + shape).astype(np.float64)
    return rng.normal(size=(n,) + shape)


def random_games(seed: int, count: int, kinds=("normal", "integer")):
    rng = np.random.default_rng(seed)
    return [random_game(rng, kinds[i % len(kinds)]) for i in range(count)]


@pytest.fixture
def biased_shapley():
    from jaxrate.studies.shapley import biased_shapley

    return biased_shapley()


@pytest.fixture(scope="session")
def livebench() -> pd.DataFrame:
    """The shared LiveBench snapshot, 65 models x 18 tasks, scores / 100 (its tests skip without it)."""
    return pd.read_csv(shared_file("livebench_2024_08_17.csv"), index_col=0) / 100


ARENA = Path(__file__).resolve().parent / "data" / "chatbotarena_20240814.json"


@pytest.fixture(scope="session")
def arena_counts() -> dict:
    """Chatbot Arena, 14 Aug 2024 (from leaderbot 0.4.3, BSD-3): models, pairs X [P, 2], counts Y [P, 4]."""
    import json

    return json.loads(ARENA.read_text())


@pytest.fixture(scope="session")
def arena_battles(arena_counts) -> pd.DataFrame:
    """The 1,670,250 Arena battles, one row each (model_a, model_b, winner)."""
    from jaxrate.battles import battles_from_counts

    return battles_from_counts(arena_counts["models"], arena_counts["X"], arena_counts["Y"])


@pytest.fixture(autouse=True, scope="module")
def _release_compilations():
    """Drop JAX's compiled executables after each test module.

    One process runs the whole suite; every compiled executable keeps memory
    mappings of its JIT code, and the suite's thousands of compilations once
    took the process past the kernel's limit on mappings (XLA then crashed
    compiling a later test). Tests of one module still share compilations.
    """
    yield
    import sys

    jax = sys.modules.get("jax")
    if jax is not None:
        jax.clear_caches()


def fail_highs_level(monkeypatch, level: int):
    """Make the exact path's first float solve fail at ``level`` (0-based), as a hard game does."""
    from jaxrate.exact import _solve

    real = _solve._solve_level

    def flaky(lp, payoffs, options, frozen, ratings, index, allow_slack):
        if options.solver == "highs" and index == level and not allow_slack:
            raise _solve._LevelFailed(f"level {index + 1} failed in floating point (forced)")
        return real(lp, payoffs, options, frozen, ratings, index, allow_slack)

    monkeypatch.setattr(_solve, "_solve_level", flaky)


@pytest.fixture(autouse=True)
def _pipe_width(monkeypatch):
    """Output is laid out as for a pipe (120 columns), whichever runner runs the test: pytest-xdist's
    workers set COLUMNS=80. A test that needs another width sets it itself."""
    monkeypatch.setenv("COLUMNS", "120")

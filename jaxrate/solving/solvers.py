"""Solvers as values: small frozen records handed, whole, to :func:`jaxrate.deviation_ratings`.

Every solver rates the same problem (:mod:`jaxrate.normalise`, divided by
:func:`jaxrate.payoff_scale`), freezes rows by the same rule and is checked
against the same tolerances (:data:`jaxrate.TOLERANCES`); a solver says *how*,
and carries it out: ``solver.rate(problems, games, out)`` rates prepared games
(:mod:`jaxrate.solving._rated`) into the one result.

* :class:`Exact` -- float64 sequential LPs (HiGHS incremental by default, GLOP,
  the paper's naive method, or exact rational arithmetic), never gives up, every
  result verified. Accuracy: ``certificate_tol`` of the payoff range (1e-7).
* :class:`Simplex` -- the batched revised simplex in JAX (CPU or GPU), one game or
  thousands at once. Accuracy: about ``tol`` of the range in float64 (1e-9); in
  float32 about 1e-3, with unsolved games flagged.
* :class:`Auto` -- the default: :class:`Exact` for one game; for a batch, the JAX
  simplex where it measures faster (up to ``max_jax_joints`` joints) and the exact
  path elsewhere, every game the simplex does not solve re-rated exactly.

Strings name the defaults: ``"highs"``, ``"glop"``, ``"naive"``, ``"rational"``
(:class:`Exact` back ends), ``"simplex"`` and ``"auto"``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from jaxrate.game._simplex_config import STALL_AFTER, SimplexConfig, simplex_config
from jaxrate.game.normalise import DECIMALS
from jaxrate.game.tolerances import TOLERANCES
from jaxrate.results._filling import Filled, Problems
from jaxrate.results.certificate import CERTIFICATE_TOL, FREEZE_DUAL_TOL
from jaxrate.results.status import Status
from jaxrate.solving._rated import rate_exact, rate_simplex

__all__ = [
    "Auto",
    "Exact",
    "Simplex",
    "SimplexConfig",
    "as_solver",
    "SIMPLEX_TOL",
    "REFACTOR_EVERY",
    "SIMPLEX_ACCURACY",
    "STALL_AFTER",
]

BACKENDS = ("highs", "glop", "naive", "rational")
# The JAX simplex's tolerance (relative to the payoff range), pivots between
# refactorisations, and the relative accuracy it states for a SOLVED game (a
# result whose certificate residual exceeds it is FAILED; float32 measured:
# ~1e-3 typical), by precision: aliases of jaxrate.TOLERANCES.
_PRECISIONS = ("float32", "float64")
#: The JAX simplex's pivot tolerance per precision (``TOLERANCES.simplex``).
SIMPLEX_TOL = {p: TOLERANCES.simplex(p) for p in _PRECISIONS}
#: Pivots between refactorisations of the JAX simplex's basis, per precision.
REFACTOR_EVERY = {p: TOLERANCES.refactor_every(p) for p in _PRECISIONS}
#: The accuracy the JAX simplex's ratings are checked to, per precision (``TOLERANCES.accuracy``).
SIMPLEX_ACCURACY = {p: TOLERANCES.accuracy(p) for p in _PRECISIONS}
# Batches of games with at most this many joints go to the JAX simplex under
# Auto: it measured faster than the exact path on every seeded family up to
# here (3.8x-59x up to 2,500 joints; 1.7x-17x at 4,000-4,096: 3P 16 x 16 x 16,
# agent-vs-agent-vs-task 20 x 20 x 10, 2P 64 x 64), while single large games
# (Atari 3P, 21,200 joints; Chatbot Arena 129 x 129) are slower on it
# (benchmarks/jax_families.py, RESULTS.md, issue 15).
AUTO_MAX_JAX_JOINTS = 4096


@dataclasses.dataclass(frozen=True)
class Exact:
    """The exact path (:func:`jaxrate.exact.deviation_ratings`).

    Attributes:
      backend: ``"highs"`` (incremental, column generation), ``"glop"`` (CVXPY +
        GLOP, fresh LP per level), ``"naive"`` (the paper's method, frozen rows
        as equalities) or ``"rational"`` (exact rational arithmetic throughout).
      columns: ``"auto"``, ``"all"`` or ``"generate"`` (HiGHS).
      symmetry: ``"auto"``, ``None`` or a pair of interchangeable players (HiGHS).
      dual_tol: the freeze rule's dual threshold.
      certificate_tol: residuals are checked against this times the payoff range.
      decimals: payoffs are quantized to this many places of their range.
      tighten: make a proven float result exact to about 1e-12 of the range
        where its residuals say it may not be (HiGHS only; resampling turns
        it off: percentile bounds need only the certificate's accuracy).
    """

    backend: str = "highs"
    columns: str = "auto"
    symmetry: Any = "auto"
    dual_tol: float = FREEZE_DUAL_TOL
    certificate_tol: float = CERTIFICATE_TOL
    decimals: int = DECIMALS
    tighten: bool = True

    def __post_init__(self) -> None:
        if self.backend not in BACKENDS:
            raise ValueError(f"Exact backend must be one of {BACKENDS}; got {self.backend!r}")

    @property
    def name(self) -> str:
        return self.backend

    def options(self) -> dict:
        """This solver as keyword arguments of :func:`jaxrate.exact.deviation_ratings`."""
        return {
            "solver": self.backend,
            "columns": self.columns,
            "symmetry": self.symmetry,
            "dual_tol": self.dual_tol,
            "certificate_tol": self.certificate_tol,
            "decimals": self.decimals,
            "tighten": self.tighten,
        }

    def accuracy(self, precision: str = "float64") -> float:
        """Relative accuracy of the ratings this solver returns."""
        return self.certificate_tol

    def solve_one(self, game: Any, progress: Any = None, previous: Any = None) -> Any:
        """One game on the exact path with these settings (the exact path's own result).

        ``previous``: an earlier result of the board before it grew (see
        :func:`jaxrate.exact.deviation_ratings`).
        """
        from jaxrate import exact

        return exact.deviation_ratings(
            game, progress=progress, previous=previous, _candidates=_simplex_candidate, **self.options()
        )

    def rate(self, problems: Problems, games: np.ndarray, out: Filled) -> None:
        """Rate ``games`` of ``problems`` one by one into ``out``."""
        rate_exact(problems, games, self, out)


def _simplex_candidate(game: Any):
    """The JAX simplex's (float64) solution of ``game`` as the exact path's first candidate past every
    rung (``jaxrate.exact._solve._nearby``): ``(how, result)`` where it solved the game."""
    from jaxrate.game._game import as_batch

    problems = Problems(as_batch(game))
    out = Filled(problems)
    rate_simplex(problems, np.arange(1), Simplex("float64"), out)
    result = out.result()  # one game: no batch axis
    if int(result.status) == int(Status.SOLVED) and result.proof is not None:
        yield "the JAX simplex's solution (float64)", result


@dataclasses.dataclass(frozen=True)
class Simplex:
    """The batched JAX revised simplex (:mod:`jaxrate.batched`).

    Attributes:
      precision: ``"float64"`` (default: runs under a local x64 scope, whatever
        the global JAX setting) or ``"float32"`` (fast, about 1e-3 accurate; a
        game it cannot rate to :data:`SIMPLEX_ACCURACY` is ``FAILED``).
      tol: reduced-cost, pivot and dual tolerance relative to the payoff range
        (default :data:`SIMPLEX_TOL` of the precision).
      max_pivots: per-game pivot budget of each pass (default ``25 (C + 1)``; the
        seeded families of the benchmark need at most 18 (C + 1)).
      refactor_every: pivots between recomputing the basis inverse.
      lanes: games solved side by side; a larger batch streams through them
        (default: by game size, see :func:`jaxrate.batched.deviation_ratings`).
    """

    precision: str = "float64"
    tol: float | None = None
    max_pivots: int | None = None
    refactor_every: int | None = None
    lanes: int | None = None

    def __post_init__(self) -> None:
        if self.precision not in SIMPLEX_TOL:
            raise ValueError(f"Simplex precision must be 'float64' or 'float32'; got {self.precision!r}")

    @property
    def name(self) -> str:
        return "simplex" if self.precision == "float64" else "simplex-float32"

    def accuracy(self, precision: str | None = None) -> float:
        return SIMPLEX_ACCURACY[precision or self.precision]

    def rate(self, problems: Problems, games: np.ndarray, out: Filled) -> None:
        """Rate ``games`` of ``problems`` in one batch on the JAX simplex into ``out``."""
        rate_simplex(problems, games, self, out)

    def precision_scope(self) -> Any:
        """A local JAX scope in this solver's precision (never a global setting)."""
        import jax

        return jax.enable_x64(self.precision == "float64")

    def config(self, num_constraints: int, precision: str | None = None) -> SimplexConfig:
        """The static :class:`jaxrate.batched.SimplexConfig` for games with ``C`` constraints."""
        return simplex_config(
            num_constraints, precision or self.precision, self.tol, self.max_pivots, self.refactor_every
        )


@dataclasses.dataclass(frozen=True)
class Auto:
    """Exact for one game; for batches, the JAX simplex where it is faster, exact elsewhere.

    Every game the simplex does not solve is re-rated by ``exact``; the result
    names the solver of each game.

    Attributes:
      exact: the exact solver used for single games, large games and rescues.
      simplex: the JAX solver used for batches of small games.
      max_jax_joints: largest game (joints) a batch sends to the simplex.
      single: ``"exact"`` (default) or ``"simplex"``: one game tried on the JAX
        path first (the CLI's ``--fast``), re-rated exactly if unsolved.
    """

    exact: Exact = Exact()
    simplex: Simplex = Simplex()
    max_jax_joints: int = AUTO_MAX_JAX_JOINTS
    single: str = "exact"

    def __post_init__(self) -> None:
        if self.single not in ("exact", "simplex"):
            raise ValueError(f"Auto single must be 'exact' or 'simplex'; got {self.single!r}")

    @property
    def name(self) -> str:
        return "auto"

    def accuracy(self, precision: str = "float64") -> float:
        return max(self.exact.accuracy(), self.simplex.accuracy())

    def sends_to_simplex(self, num_joints: int, batched: bool) -> bool:
        """Whether games of ``num_joints`` joints go to the JAX simplex first: the
        one place the threshold lives (a batch: up to ``max_jax_joints``; one
        game: when ``single == "simplex"``)."""
        return num_joints <= self.max_jax_joints if batched else self.single == "simplex"

    def rate(self, problems: Problems, games: np.ndarray, out: Filled) -> None:
        """Rate ``games`` on the solver the policy picks; re-rate exactly what the
        JAX simplex did not solve (the one place the fallback lives)."""
        if not self.sends_to_simplex(problems.num_joints, problems.batched):
            self.exact.rate(problems, games, out)
            return
        self.simplex.rate(problems, games, out)
        unsolved = games[out.status[games] != Status.SOLVED]
        if unsolved.size:
            out.remember_status(unsolved)
            self.exact.rate(problems, unsolved, out)
            out.fallback(unsolved, self.simplex.name)


def as_solver(solver: Any) -> Exact | Simplex | Auto:
    """A solver value from a value or a name (``"auto"``, ``"simplex"``, or an exact back end)."""
    if isinstance(solver, (Exact, Simplex, Auto)):
        return solver
    if isinstance(solver, str):
        if solver == "auto":
            return Auto()
        if solver in ("simplex", "jax"):
            return Simplex()
        if solver == "simplex-float32":
            return Simplex(precision="float32")
        if solver in BACKENDS:
            return Exact(backend=solver)
    raise ValueError(
        f"solver must be 'auto', 'simplex', one of {BACKENDS}, or a jaxrate.solvers value; got {solver!r}"
    )

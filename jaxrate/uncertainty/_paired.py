r"""Item-level paired tests of two models' scores on one task: McNemar's exact test and a sign-flip test.

Both models answer the same items, so each item gives a pair ``(x_k, y_k)``
and the question "does ``a`` score higher than ``b`` on this task?" is a test
on the within-item differences ``x_k - y_k``:

* 0/1 outcomes (right or wrong): McNemar's exact test. Only the discordant
  items count, ``b`` (``a`` right, ``b`` wrong) and ``c`` (the reverse); under
  the null each discordant item is a fair coin,

  .. math::

     p = \min\bigl(1, \; 2 \, F(\min(b, c); \, b + c, \tfrac12)\bigr),

  ``F`` the binomial CDF (``p = 1`` when ``b + c = 0``).
* Real-valued scores: the paired sign-flip (permutation) test of the mean
  difference: under the null each item's pair is exchangeable, so each
  difference's sign is a fair coin. Exact (every sign pattern) for few nonzero
  differences, else ``resamples`` random patterns.

Tests are per task, one p-value each: several tasks are several tests (no
multiplicity correction is applied).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

__all__ = ["PairedTest", "mcnemar_exact", "paired_item_tests", "paired_permutation"]

# Discordant pairs up to this many: the binomial tail in exact integer arithmetic (0.7 s at 100,000);
# beyond, scipy's regularised incomplete beta (Boost's), which agrees to ~1e-13 relative there
# (scipy.special.bdtr, Cephes, is off by 1e-10).
_EXACT_BINOMIAL = 50_000
# Nonzero differences up to this many: every one of the 2^n sign patterns (65,536 at 16).
EXACT_SIGN_FLIPS = 16
_CHUNK = 4_000_000  # sign patterns times items per block of the random sign-flip test


class PairedTest(NamedTuple):
    """One paired test of two models' item scores.

    Attributes:
      test: ``"mcnemar exact"``, ``"sign-flip exact"`` or ``"sign-flip permutation"``.
      statistic: the mean paired difference ``mean(x - y)`` (``(b - c) / n`` for
        0/1 outcomes): positive when the first model scores higher.
      p_value: two-sided.
      n: the paired items.
      b, c: the discordant items (McNemar): ``x = 1, y = 0`` and ``x = 0, y = 1``;
        ``-1`` for the sign-flip test.
      resamples: random sign patterns drawn (0 for an exact test).
    """

    test: str
    statistic: float
    p_value: float
    n: int
    b: int = -1
    c: int = -1
    resamples: int = 0


def _pair(x: Any, y: Any) -> tuple[np.ndarray, np.ndarray]:
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if x.ndim != 1 or x.shape != y.shape:
        raise ValueError(
            f"x and y must be two vectors [n] of the same items; got shapes {x.shape}, {y.shape}"
        )
    if x.size == 0:
        raise ValueError("no items to compare")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ValueError("the scores must be finite")
    return x, y


def binomial_cdf_half(k: int, n: int) -> float:
    """``P(K <= k)`` for ``K ~ Binomial(n, 1/2)``: exact (integers, one rounding) up to 50,000 trials."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    if n > _EXACT_BINOMIAL:
        from scipy.special import betainc

        return float(betainc(n - k, k + 1, 0.5))  # P(K <= k) = I_{1/2}(n - k, k + 1)
    term = total = 1  # C(n, 0)
    for i in range(k):
        term = term * (n - i) // (i + 1)
        total += term
    return total / (1 << n)  # int / int: correctly rounded


def mcnemar_exact(x: Any, y: Any) -> PairedTest:
    """McNemar's exact test of paired 0/1 outcomes ``x [n]``, ``y [n]`` (model a, model b, per item).

    ``b = #{x = 1, y = 0}``, ``c = #{x = 0, y = 1}``, and
    ``p = min(1, 2 F(min(b, c); b + c, 1/2))`` with ``F`` the binomial CDF: the
    two-sided exact binomial test of the discordant pairs (what
    ``scipy.stats.binomtest(min(b, c), b + c, 0.5)`` gives); ``p = 1`` when there is
    no discordant pair.

    Raises:
      ValueError: vectors of different shapes, empty, or with a value other than 0 or 1.

    Example:
      >>> t = mcnemar_exact([1, 1, 1, 1, 1, 0], [0, 0, 0, 0, 0, 0])
      >>> t.b, t.c, round(t.p_value, 4)
      (5, 0, 0.0625)
    """
    x, y = _pair(x, y)
    if not (np.isin(x, (0.0, 1.0)).all() and np.isin(y, (0.0, 1.0)).all()):
        raise ValueError("McNemar's test needs 0/1 outcomes; use paired_permutation for other scores")
    b = int(np.count_nonzero((x == 1) & (y == 0)))
    c = int(np.count_nonzero((x == 0) & (y == 1)))
    p = min(1.0, 2.0 * binomial_cdf_half(min(b, c), b + c))
    return PairedTest("mcnemar exact", (b - c) / x.size, p, int(x.size), b, c)


def paired_permutation(x: Any, y: Any, resamples: int = 10_000, seed: int | Sequence[int] = 0) -> PairedTest:
    r"""The paired sign-flip test of the mean difference of item scores ``x [n]``, ``y [n]``.

    With ``d_k = x_k - y_k`` and ``T = |\sum_k d_k|``, the p-value is the share
    of sign patterns ``e \in \{-1, 1\}^n`` with ``|\sum_k e_k d_k| >= T``:
    over all ``2^m`` patterns of the ``m`` nonzero differences when ``m <= 16``
    (exact), else ``(1 + \#\{r : T_r \ge T\}) / (1 + R)`` over ``R = resamples``
    random patterns (seeded by ``seed``). Ties of ``T_r`` with ``T`` (up to
    rounding) count as at least as extreme.

    Raises:
      ValueError: vectors of different shapes, empty or not finite; ``resamples < 1``.

    Example:
      >>> t = paired_permutation([0.9, 0.8, 0.7, 0.95], [0.5, 0.4, 0.6, 0.5])
      >>> t.test, t.p_value  # 2 of the 16 sign patterns are as extreme
      ('sign-flip exact', 0.125)
    """
    x, y = _pair(x, y)
    if isinstance(resamples, bool) or int(resamples) != resamples or resamples < 1:
        raise ValueError(f"resamples must be an integer >= 1; got {resamples!r}")
    d = (x - y)[x != y]  # zero differences do not move under a sign flip
    mean = float(np.mean(x - y))
    if d.size == 0:
        return PairedTest("sign-flip exact", mean, 1.0, int(x.size))
    observed = abs(float(d.sum()))
    slack = 1e-9 * float(np.abs(d).sum())  # rounding of sums of the same numbers in another order
    if d.size <= EXACT_SIGN_FLIPS:
        patterns = 1 - 2 * ((np.arange(2**d.size)[:, None] >> np.arange(d.size)) & 1)  # [2^m, m]
        extreme = np.count_nonzero(np.abs(patterns @ d) >= observed - slack)
        return PairedTest("sign-flip exact", mean, float(extreme / 2**d.size), int(x.size))
    rng = np.random.default_rng(seed)
    extreme, rows = 0, max(1, _CHUNK // d.size)
    for start in range(0, int(resamples), rows):
        k = min(rows, int(resamples) - start)
        signs = rng.integers(0, 2, size=(k, d.size), dtype=np.int8) * 2 - 1
        extreme += int(np.count_nonzero(np.abs(signs @ d) >= observed - slack))
    p = (1 + extreme) / (1 + int(resamples))
    return PairedTest("sign-flip permutation", mean, float(p), int(x.size), resamples=int(resamples))


_COLUMNS = ["task", "n_items", "test", "statistic", "p_value", "mean_a", "mean_b", "b", "c"]


def _paired_data(replicates: Any, **columns: str) -> Any:
    """The paired ``Replicates`` of ``replicates`` (see
    :func:`paired_item_tests`)."""
    from jaxrate.io import ScoreReplicates
    from jaxrate.io._replicate_data import Replicates, replicates_from_frame

    if isinstance(replicates, ScoreReplicates):
        return replicates.replicates(paired=True)
    if isinstance(replicates, Replicates):
        if not replicates.paired:
            raise ValueError(
                f"the replicates are not paired: the models do not share their {replicates.column}s "
                "in every task; an item-level paired test needs the same items for both models"
            )
        return replicates
    if hasattr(replicates, "columns"):
        return replicates_from_frame(replicates, paired=True, **columns)
    raise ValueError(
        f"replicates must be a long DataFrame, ScoreReplicates or Replicates; got {type(replicates)}"
    )


def _direction(aggregate: Any) -> float:
    """+1 where a larger item value makes the rated score larger, -1 where smaller (a lower-is-better
    metric, or a harness statistic that decreases in the items' mean, such as perplexity)."""
    return float(np.sign(aggregate.of([1.0], [1.0]) - aggregate.of([0.0], [1.0])))


def paired_item_tests(
    replicates: Any,
    a: str,
    b: str,
    *,
    resamples: int = 10_000,
    seed: int = 0,
    model: str = "model",
    task: str = "task",
    replicate: str = "replicate",
    score: str = "score",
) -> Any:
    """Per task, a paired test of models ``a`` and ``b`` on the items both answered.

    McNemar's exact test (:func:`mcnemar_exact`) where every score of the two
    models on the task is 0 or 1, else the sign-flip test
    (:func:`paired_permutation`, task ``j`` seeded ``[seed, j]``). Item values
    are oriented the way jaxrate rates them (a lower-is-better metric's, or
    perplexity's log-likelihoods, reversed), so ``statistic > 0`` says ``a``
    is better on the task; for a weighted harness statistic (``bits_per_byte``,
    ``weighted_perplexity``) the test is on the items' values unweighted.

    Args:
      replicates: a long DataFrame (one row per model, task and replicate; the
        column names as given), a :class:`jaxrate.io.ScoreReplicates` (from
        :func:`jaxrate.io.read_replicates` or :func:`jaxrate.io.read_harness`),
        or paired ``Replicates`` (:meth:`jaxrate.io.ScoreReplicates.replicates`).
      a, b: the two models.
      resamples, seed: of the sign-flip test, where it is not exact.

    Returns:
      A ``pandas.DataFrame``, one row per task: ``task``, ``n_items``, ``test``,
      ``statistic`` (mean oriented difference ``a - b`` per item), ``p_value``
      (two-sided, per task, not corrected for the number of tasks), ``mean_a``,
      ``mean_b`` (the task's scores as rated: each model's aggregate of its
      items, sign applied), ``b``, ``c`` (McNemar's discordant items: ``a``
      right and ``b`` wrong, the reverse; missing for the sign-flip test).

    Raises:
      ValueError: an unknown model (naming the models, with the closest),
        ``a == b``, or data that are not paired (a model without a score on
        some item of a task).
    """
    import pandas as pd

    from jaxrate.results._difference import name_index

    data = _paired_data(replicates, model=model, task=task, replicate=replicate, score=score)
    i, k = (name_index(data.models, m, "the data", "model", "models") for m in (a, b))
    if i == k:
        raise ValueError(f"compare two different models; got {a!r} twice")
    table = data.table()
    rows = []
    for j, name in enumerate(data.tasks):
        t = _task_test(data.values[j][i], data.values[j][k], data.aggregate(j), resamples, [seed, j])
        b_c = (t.b, t.c) if t.test == "mcnemar exact" else (None, None)
        rows.append((name, t.n, t.test, t.statistic, t.p_value, table[i, j], table[k, j], *b_c))
    frame = pd.DataFrame(rows, columns=_COLUMNS)
    return frame.astype({"b": "Int64", "c": "Int64"})


def _task_test(x: np.ndarray, y: np.ndarray, aggregate: Any, resamples: int, seed: list[int]) -> PairedTest:
    """McNemar's test of one task's items ``x``, ``y`` where all are 0/1, else the sign-flip test;
    oriented by ``aggregate`` (the rated direction)."""
    binary = np.isin(x, (0.0, 1.0)).all() and np.isin(y, (0.0, 1.0)).all()
    if _direction(aggregate) < 0:
        x, y = (1 - x, 1 - y) if binary else (-x, -y)
    if binary:
        return mcnemar_exact(x, y)
    return paired_permutation(x, y, resamples=resamples, seed=seed)

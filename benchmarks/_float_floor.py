"""The floor the exact path is measured against: HiGHS in floating point alone."""

from __future__ import annotations

import jaxrate
from jaxrate.exact import _solve


def float_floor(game: jaxrate.Game, check: bool = True) -> None:
    """The HiGHS float solve with every exact-arithmetic step skipped.

    Every level warm-started in HiGHS (a cold retry, then the smallest slack
    where a level fails), no GLOP retry, no exact arithmetic; with ``check``,
    the float certificate check every shipped result passes (its time is part
    of the exact path's too), and on failure the slack run, unchecked (and
    where even the largest slack fails, the time until it gives up).
    """
    payoffs, scale = _solve.normalise_payoffs(game.payoffs, _solve.DECIMALS)
    if scale == 0.0:
        return
    swap = _solve._resolve_symmetry(payoffs, "auto")
    # refine=False: HiGHS's own points, not its bases' vertices solved again (part of the exact path).
    options = _solve._Options("highs", "auto", swap, 1e-9, None, level_fallback=lambda: False, refine=False)
    if check:
        try:
            run = _solve._float_run(payoffs, game, options, [], allow_slack=False)
            _solve._checked(run, game, scale, "highs", 1e-7, 1e-9, _solve.DECIMALS)
            return
        except _solve._LevelFailed:
            pass
    try:
        _solve._float_run(payoffs, game, options, [], allow_slack=True)
    except _solve._LevelFailed:  # float alone fails: the time until it gave up
        pass

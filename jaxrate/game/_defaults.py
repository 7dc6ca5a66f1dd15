"""The defaults that Python and the command line share, defined once.

Every public function whose option the command line also has reads its
default from :data:`DEFAULTS`, and so does the command line's parser, so that
``jaxrate rate`` and the same call from Python rate the same game the same way.
The table in ``docs/howto/scores.md`` ("Defaults") lists them, and a test
holds it to this record.
"""

from __future__ import annotations

import dataclasses

__all__ = ["DEFAULTS", "Defaults"]


@dataclasses.dataclass(frozen=True)
class Defaults:
    """The shared defaults (plain values).

    Attributes:
      score_game: the game of a ``[models, tasks]`` score table: ``"3p"``
        (agent vs agent vs task; ``"2p"``: agent vs task).
      battle_game: the game of battle records without a category column: ``"2p"``
        (the win-rate game; with a category, model vs model vs category).
      score_missing: a missing score: ``"error"`` (``drop-models``, ``drop-tasks``
        and ``fill:VALUE`` are chosen, never assumed).
      battle_missing: battle pairs that never met: ``"model"`` (filled from the
        Bradley-Terry fit of the observed battles).
      elo_prior: Elo's virtual draws per pair that met: ``"auto"`` (none, or one
        when some model never loses, said in a note).
      seed: the resampling seed.
      level: the coverage of a resampling interval.
      resamples: resamples of a Python resampling run (the command line asks
        for the number: ``--bootstrap N``, ``--task-subsets N``).
      tiers: the joint claims tiers are cut from: ``"stepdown"`` (Romano and
        Wolf's step-down max-``|t|`` band; ``"band"``: the single-step band;
        ``"holm"``: Holm on the paired p-values).
    """

    score_game: str = "3p"
    battle_game: str = "2p"
    score_missing: str = "error"
    battle_missing: str = "model"
    elo_prior: str = "auto"
    seed: int = 0
    level: float = 0.95
    resamples: int = 200
    tiers: str = "stepdown"


DEFAULTS = Defaults()

"""How sure is a rating? Resampling as one concept.

* :class:`Resampling` -- the options record (resamples, seed, level, game,
  rating, solver, stratification) that every function below and the command
  line share, with the same defaults.
* :func:`bootstrap_replicates`, :func:`bootstrap_items`,
  :func:`bootstrap_standard_errors`, :func:`bootstrap_battles` -- sampling
  intervals; :func:`task_subsets` -- sensitivity to the task set.
* :class:`RatingIntervals` -- what they return; ``to_json``/``from_json`` write
  and read it in the result file.
* :meth:`RatingIntervals.difference` -> :class:`Difference` -- which differences
  are real: the paired interval and p-value of two models' rating difference,
  from the same resamples; :func:`difference_contributions` splits it by task.
* :meth:`RatingIntervals.rank_intervals` (each model's best and worst rank) and
  :meth:`RatingIntervals.tiers` -> :class:`Tiers` (groups separated jointly),
  from the same resamples.
* :func:`paired_item_tests` -- per task, an item-level paired test of two
  models (:func:`mcnemar_exact` for 0/1 outcomes, :func:`paired_permutation`
  otherwise), each a :class:`PairedTest`.

Inside: ``_options`` (the record), ``_bootstrap`` (the functions),
``_rating`` (rating the resamples), ``_cost`` (which path rates them),
``_chunks`` (chunks of bounded memory, progress, a status per member),
``_raters`` (every rating method as a function of a table), ``_paired``
(item-level paired tests). The record,
:class:`RatingIntervals`, :class:`Difference` and :class:`Tiers` are result types, defined in
``jaxrate.results``.
"""

from jaxrate.results._difference import Difference, difference_contributions
from jaxrate.results._intervals import RatingIntervals
from jaxrate.results._significance import Tiers
from jaxrate.uncertainty._bootstrap import (
    bootstrap_battles,
    bootstrap_items,
    bootstrap_replicates,
    bootstrap_standard_errors,
    task_subsets,
)
from jaxrate.uncertainty._chunks import ResampleProgress
from jaxrate.uncertainty._options import Resampling
from jaxrate.uncertainty._paired import PairedTest, mcnemar_exact, paired_item_tests, paired_permutation

__all__ = [
    "Difference",
    "PairedTest",
    "RatingIntervals",
    "ResampleProgress",
    "Resampling",
    "Tiers",
    "bootstrap_battles",
    "bootstrap_items",
    "bootstrap_replicates",
    "bootstrap_standard_errors",
    "difference_contributions",
    "mcnemar_exact",
    "paired_item_tests",
    "paired_permutation",
    "task_subsets",
]

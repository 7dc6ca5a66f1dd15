"""Results and their proofs: what every solver returns, and how anyone checks it.

* :mod:`jaxrate.status`: the status codes, with a message each.
* :mod:`jaxrate.certificate`: the certificate (a joint and one dual vector per
  level) and :func:`jaxrate.verify`, the independent checker, in floating point
  or exact arithmetic; the freeze rule.
* :mod:`jaxrate.result`: :class:`jaxrate.Ratings`, the one result type of every
  solver; ``_filling``: how solver outputs fill it; :mod:`jaxrate.ranking`:
  tied ranks.
* ``_intervals``: :class:`jaxrate.uncertainty.RatingIntervals` and the
  :class:`jaxrate.uncertainty.Resampling` options record that made them;
  ``_difference``: :class:`jaxrate.uncertainty.Difference`, the paired
  difference of two strategies' resampled ratings, and its task contributions.
* ``_significance``: rank intervals and :class:`Tiers` (groups that hold
  jointly) from the paired resamples a :class:`RatingIntervals` stores.
* ``_result_file``, ``_saved``, ``_files``: the result file (one versioned
  JSON document) written and read back, :func:`jaxrate.read_result`.
"""

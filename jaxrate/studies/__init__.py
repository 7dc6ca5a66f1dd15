"""The paper's studies, apart from the library: each module holds one study's games and claims.

* :mod:`~jaxrate.studies.shapley`: the biased Shapley game (Table 2).
* :mod:`~jaxrate.studies.populations`: populations of R, P, S mixtures.
* :mod:`~jaxrate.studies.atari`, :mod:`~jaxrate.studies.livebench`: the leaderboards.
* :mod:`~jaxrate.studies.improvement`: ratings as fitness in a population loop
  on OpenSpiel games (needs OpenSpiel).

``jaxrate reproduce STUDY --out DIR`` runs one and writes its tables, figures
and a claims table (the paper's claim, the paper's value, the computed value,
whether it holds). The modules are imported on demand, not by this package.
"""

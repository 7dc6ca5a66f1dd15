"""Solving: the solver values and the front door that picks between the two paths.

* :mod:`jaxrate.solvers`: :class:`jaxrate.Exact`, :class:`jaxrate.Simplex` and
  :class:`jaxrate.Auto`, solvers as small frozen values.
* :mod:`jaxrate.rate`: :func:`jaxrate.deviation_ratings`, one entry point for
  one game or a batch on any solver; ``_rated``: how each path fills the result.

The paths themselves are the subpackages :mod:`jaxrate.exact` (sequential LPs
with HiGHS, the table route of large boards, exact repair) and
:mod:`jaxrate.batched` (the JAX simplex, ``jit`` and ``vmap``).
"""

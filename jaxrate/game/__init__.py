"""The game and its gains: the lowest layer, which every other imports.

* ``_game``: :class:`jaxrate.Game` (payoffs ``[N, A_1, ..., A_N]`` with names)
  and :class:`jaxrate.ScoreTableGame` (the agent-vs-agent-vs-task game held as
  its ``[M, T]`` table); ``_score_table``: a score table read and checked.
* :mod:`jaxrate.gains`: the one definition of the deviation gains and their
  adjoint ``A^T d``; ``_table_gains``: the same through a score table.
* :mod:`jaxrate.normalise`: the payoffs every solver rates (scaled, quantized);
  :mod:`jaxrate.symmetry`: the game's symmetries; :mod:`jaxrate.tolerances`:
  every tolerance, defined once, and the payoff scale they are relative to;
  :mod:`jaxrate.jumps`: the jump check's direction, moved copies and sizes;
  ``_simplex_config``: the JAX simplex's settings, plain values (no JAX import).

The public modules keep their names (``jaxrate.gains``, ...): the package
root registers them.
"""

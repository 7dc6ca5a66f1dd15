"""How robust a board is: the fewest votes, tasks or items whose removal reverses a pair, confirmed.

:func:`jaxrate.audit` is the entry point; :func:`exhaustive_minimum` is the exact answer by brute
force on small boards, which the tests and ``benchmarks/robustness_audit.py`` compare it with.
"""

from jaxrate.robustness._audit import Audit, PairAudit, audit, board_of, exhaustive_minimum, recheck
from jaxrate.robustness._boards import METHODS, BattleBoard, ItemBoard, TaskBoard, payoff_adjoint

__all__ = [
    "METHODS",
    "Audit",
    "BattleBoard",
    "ItemBoard",
    "PairAudit",
    "TaskBoard",
    "audit",
    "board_of",
    "exhaustive_minimum",
    "payoff_adjoint",
    "recheck",
]

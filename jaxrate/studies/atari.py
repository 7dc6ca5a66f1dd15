"""The paper's Atari study: 20 agents on 57 games, rated as agent vs task and agent vs agent vs task."""

from __future__ import annotations

__all__ = ["claims", "uniform_claim"]


def uniform_claim(human_rank: int) -> tuple:
    """The paper's uniform (mean score) rank of the human player, beside ``human_rank``."""
    return ("uniform ranks human 18th of 20", "18", str(human_rank), human_rank == 18)


def claims(kind: str, top: list[str], human_rank: int) -> list[tuple]:
    """The paper's claims about the deviation ratings of the ``kind`` (``"2p"``/``"3p"``) game.

    Args:
      kind: ``"2p"`` (agent vs task) or ``"3p"`` (agent vs agent vs task).
      top: the agents tied for first, sorted.
      human_rank: the human player's rank.

    Returns:
      ``(claim, paper, computed, holds)`` tuples.
    """
    if kind == "2p":
        return [("2P: four agents tie for first", "4 agents", f"{len(top)}: {', '.join(top)}", len(top) == 4)]
    return [
        ("3P: three agents tie for first", "3 agents", f"{len(top)}: {', '.join(top)}", len(top) == 3),
        ("3P: human ranked 7th", "7", str(human_rank), human_rank == 7),
    ]

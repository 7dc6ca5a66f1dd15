"""The paper's LiveBench study: the agent vs agent vs task game of the 2024-08-17 snapshot."""

from __future__ import annotations

__all__ = ["PAPER_BEST", "PAPER_TOP", "claims"]

PAPER_TOP = tuple(
    sorted(
        [
            "claude-3-5-sonnet-20240620",
            "gpt-4o-2024-08-06",
            "meta-llama-3.1-405b-instruct-turbo",
            "gemini-1.5-pro-exp-0801",
        ]
    )
)
# The paper's reading of its contribution figure: among the tied models, each
# stands out on one task. (Its fourth, "Llama-3.1-405B is good at other",
# names no task of this snapshot and is not checked.)
PAPER_BEST = {
    "claude-3-5-sonnet-20240620": "LCB_generation",
    "gemini-1.5-pro-exp-0801": "summarize",
    "gpt-4o-2024-08-06": "connections",
}


def claims(top: list[str], contributions) -> list[tuple]:
    """The paper's claims beside the models tied first (sorted) and the task contributions.

    Args:
      top: the models tied for first, sorted.
      contributions: a DataFrame ``[models, tasks]`` of each task's contribution to each model's rating.

    Returns:
      ``(claim, paper, computed, holds)`` tuples.
    """
    paper_top = list(PAPER_TOP)
    out = [("3P: four models tie for first", ", ".join(paper_top), ", ".join(top), top == paper_top)]
    tied = [m for m in paper_top if m in contributions.index]
    for model, task in PAPER_BEST.items():
        if model in contributions.index and task in contributions.columns:
            best = contributions.loc[tied, task].idxmax()
            out.append(
                (
                    f"{model} is good at {task}: the largest contribution of the tied models there",
                    model,
                    best,
                    best == model,
                )
            )
    return out

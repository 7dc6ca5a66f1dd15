"""Small local inspect-ai tasks behind the fixture logs in ``logs/``.

Five inline arithmetic questions, no dataset download. The models that answer
them are ``mockllm`` models scripted in ``regenerate.py``; this file only holds
the tasks (dataset, solver, scorers). Run ``regenerate.py`` to rewrite the logs.
"""

from __future__ import annotations

import re

from inspect_ai import Epochs, Task, task
from inspect_ai.dataset import Sample
from inspect_ai.scorer import (
    CORRECT,
    INCORRECT,
    NOANSWER,
    PARTIAL,
    Score,
    Target,
    accuracy,
    includes,
    match,
    mean,
    scorer,
    stderr,
)
from inspect_ai.solver import Generate, TaskState, generate, solver

PROMPT = "{question} Answer with a number only."

# (id, question, answer)
QUESTIONS: list[tuple[str, str, int]] = [
    ("q1", "What is 2 + 3?", 5),
    ("q2", "What is 7 * 6?", 42),
    ("q3", "What is 15 - 8?", 7),
    ("q4", "What is 9 + 10?", 19),
    ("q5", "What is 12 / 4?", 3),
]


def samples() -> list[Sample]:
    return [Sample(id=sid, input=PROMPT.format(question=q), target=str(a)) for sid, q, a in QUESTIONS]


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"-?\d+", text)]


@scorer(metrics=[accuracy(), stderr()])
def partial_letters():
    """C: the only number given is right; P: the right number among others;
    N: no number at all; I: otherwise."""

    async def score(state: TaskState, target: Target) -> Score:
        answer = state.output.completion
        nums = _numbers(answer)
        want = int(target.text)
        if not nums:
            value = NOANSWER
        elif nums == [want]:
            value = CORRECT
        elif want in nums:
            value = PARTIAL
        else:
            value = INCORRECT
        return Score(value=value, answer=answer)

    return score


@scorer(metrics=[mean(), stderr()])
def closeness():
    """Float in [0, 1]: 1 / (1 + |last number - target|), 0 with no number."""

    async def score(state: TaskState, target: Target) -> Score:
        answer = state.output.completion
        nums = _numbers(answer)
        if not nums:
            return Score(value=0.0, answer=answer)
        return Score(value=1.0 / (1.0 + abs(nums[-1] - int(target.text))), answer=answer)

    return score


@task
def qa_match() -> Task:
    """One scorer, match(): letters C/I; metrics accuracy and stderr."""
    return Task(dataset=samples(), solver=generate(), scorer=match())


@task
def qa_multi() -> Task:
    """Two scorers: includes() (letters C/I) and closeness() (floats in [0, 1])."""
    return Task(dataset=samples(), solver=generate(), scorer=[includes(), closeness()])


@task
def qa_partial() -> Task:
    """One custom scorer returning C, I, P (partial) and N (no answer)."""
    return Task(dataset=samples(), solver=generate(), scorer=partial_letters())


@task
def qa_epochs(epochs: int = 3) -> Task:
    """match() over `epochs` epochs per sample, default reducer ("mean")."""
    return Task(dataset=samples(), solver=generate(), scorer=match(), epochs=epochs)


@task
def qa_epochs_max(epochs: int = 3) -> Task:
    """partial_letters() over `epochs` epochs per sample, reducer "max"."""
    return Task(
        dataset=samples(),
        solver=generate(),
        scorer=partial_letters(),
        epochs=Epochs(epochs, "max"),
    )


@solver
def fail_on(sample_id: str):
    """Raise on one sample, to make a log with an error in it."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        if state.sample_id == sample_id:
            raise RuntimeError(f"deliberate failure on sample {sample_id}")
        return await generate(state)

    return solve


@task
def qa_error(fail_sample: str = "q3") -> Task:
    """match(), but the solver raises on one sample (for logs/bad/)."""
    return Task(dataset=samples(), solver=fail_on(fail_sample), scorer=match())

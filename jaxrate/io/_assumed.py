"""What a reading decided that neither the source nor the user said: :class:`Assumed`, one line each.

A reader decides many things a file leaves open: which way a score points when nothing declares it,
that a column of counts is not a task, that the models are the columns, which field names the
models, that a line above the header is a title. Each such decision is an :class:`Assumed`: a line
of the reading's notes (printed ``jaxrate: assumed: ...``), with what it rests on and the option that
says otherwise. ``ReadOptions(strict=True)`` (``--strict``) refuses the first one instead, for
pipelines that must never guess; ``jaxrate read INPUT --save`` pins them all.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["Assumed", "assumed_in", "refuse_assumed"]


class Assumed(str):
    """One assumption: the line a user reads (a ``str``: it travels with the notes), and its parts.

    Attributes:
      topic: what was decided: ``"direction"``, ``"columns"``, ``"orientation"``, ``"models"``,
        ``"tasks"``, ``"layout"``, ``"cells"``, ``"files"`` or ``"metric"``.
      decision: the decision, in words (``"higher is better on 'coding', 'math'"``).
      evidence: what it rests on (``"nothing in the file says which way they point"``).
      option: the option that says otherwise (``"--lower-better NAMES says otherwise"``).
      pin: the option that says the same, so that nothing is assumed (``"--higher-better 'math,code'"``).
    """

    __slots__ = ("decision", "evidence", "option", "pin", "topic")

    def __new__(
        cls, topic: str, decision: str, evidence: str, option: str, pin: str | None = None
    ) -> Assumed:
        self = super().__new__(cls, f"{decision} ({evidence}); {option}")
        self.topic, self.decision, self.evidence, self.option = topic, decision, evidence, option
        self.pin = option if pin is None else pin
        return self

    def __reduce__(self):  # pickled (worker processes, copies) as what it is
        return Assumed, (self.topic, self.decision, self.evidence, self.option, self.pin)

    def as_dict(self) -> dict:
        """``{"topic", "decision", "evidence", "option", "pin"}``, as the result file keeps it."""
        return {
            "topic": self.topic,
            "decision": self.decision,
            "evidence": self.evidence,
            "option": self.option,
            "pin": self.pin,
        }


def assumed_in(notes: Iterable) -> list[Assumed]:
    """The assumptions among ``notes``, in order."""
    return [n for n in notes if isinstance(n, Assumed)]


def refuse_assumed(name: str, notes: Iterable, flag: str = "--strict") -> None:
    """A ``ValueError`` naming the first assumption among ``notes`` (``strict`` readings make none)."""
    found = assumed_in(notes)
    if found:
        first = found[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise ValueError(
            f"{name}: {flag}: reading it would assume {first.decision} ({first.evidence}){more}; say so "
            f"with {first.pin}, or pin every decision of a reading with jaxrate read INPUT --save FILE"
        )

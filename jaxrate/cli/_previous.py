"""Reading a board's previous result file back for ``jaxrate rate --previous``.

A board that grows by a few models is re-proved from its previous result
(:func:`jaxrate.deviation_ratings` ``warm_start``): that needs the previous
joint, every level's dual and the table it was proved against, which the
result file holds (:mod:`jaxrate.results._result_file`). Rows are named by player and
strategy, so a board whose models were reordered or extended reads back; a
file changed after jaxrate wrote it (its digest) is refused, as the levels
carried over are not re-checked.
"""

from __future__ import annotations

from typing import Any

__all__ = ["read_previous"]


def read_previous(path: str) -> Any:
    """The previous :class:`jaxrate.Ratings` ``--previous PATH`` names, with its proof and table.

    Raises:
      ValueError: naming the file and what is wrong with it.
    """
    from jaxrate.results._saved import read_result

    try:
        saved = read_result(path)
    except ValueError as err:
        text = str(err)
        if "not a jaxrate result file" in text or "older jaxrate" in text:
            text = f"no proof in it ({text}); write it with `jaxrate rate BOARD --json {path}`"
        raise ValueError(f"--previous {path}: {text.removeprefix(path + ': ')}") from None
    proof = saved.ratings.proof if "games" not in saved.document else None
    if proof is None or proof.table is None:
        raise ValueError(
            f"--previous {path}: no proof in it; write it with `jaxrate rate BOARD --json {path}` "
            "(deviation ratings of a score table)"
        )
    if saved.edited:
        raise ValueError(f"--previous {path}: its proof was changed after jaxrate wrote it (digest mismatch)")
    return saved.ratings

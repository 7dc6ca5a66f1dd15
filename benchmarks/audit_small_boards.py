"""The audit's default budget on small boards (issue 54), against the exhaustive minimum.

    python benchmarks/audit_small_boards.py --seed 2026

10 score tables of 5-6 models x 8-10 tasks and 10 battle sets of 5 models (the tests' generators,
``tests/test_audit.py``), deviation ratings, every adjacent pair: the audit with its default budget
beside the exact fewest units up to 3 (``exhaustive_minimum``). Prints each pair the audit did not
find at its minimum, and per kind the pairs found at their minimum and the pairs reported "not found"
that 3 or fewer units reverse.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--boards", type=int, default=10)
    args = parser.parse_args()
    import numpy as np
    import test_audit
    from _env import header

    import jaxrate
    from jaxrate.robustness import exhaustive_minimum

    header()
    rng = np.random.default_rng(args.seed)
    for kind in ("tasks", "battles"):
        compared = minimal = missed = reported = 0
        start = time.perf_counter()
        for board in range(args.boards):
            if kind == "tasks":
                data = test_audit._small_table(rng, m=int(rng.integers(5, 7)), t=int(rng.integers(8, 11)))
            else:
                data = test_audit._small_battles(rng, m=5)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                audit = jaxrate.audit(data, method="deviation", top=False)
                named = [(p.above, p.below) for p in audit.pairs]
                exact = exhaustive_minimum(data, named, 3, method="deviation")
            for pair in audit.pairs:
                want = exact[(pair.above, pair.below)]
                reported += pair.count is not None
                if want is not None and pair.count != want:
                    print(
                        f"  {kind} board {board}: {pair.above} over {pair.below}: the audit {pair.count}, "
                        f"the exhaustive minimum {want}"
                    )
                if want is not None:
                    compared, minimal, missed = (
                        compared + 1,
                        minimal + (pair.count == want),
                        missed + (pair.count is None),
                    )
        print(
            f"{kind:<8} default budget: minimal {minimal}/{compared} "
            f"({100 * minimal / max(compared, 1):.1f}%), "
            f"'not found' where 3 or fewer reverse it: {missed}, reversals reported {reported} "
            f"({time.perf_counter() - start:.1f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()

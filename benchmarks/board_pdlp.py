"""Level 1 of a board's game by HiGHS's first-order PDLP, beside its simplex and the table route.

The reference first-order LP method for issue 32 (``solver="pdlp"`` in highspy,
CPU). Level 1 of the model vs model vs task game of an ``[M, 6]`` board is the
LP ``min t  s.t.  A sigma - t <= 0,  sum sigma = 1,  sigma >= 0`` with ``A``
the ``[2M + 6, M^2 6]`` deviation-gain matrix, which is dense: PDLP needs it
as a sparse matrix (``(2M + 6) M^2 6`` entries: 12 M at 100 models, 327 M at
300), so only small boards fit. Printed per board: the time to build ``A``,
PDLP's and dual simplex's time and level-1 value on the same LP, and the table
route's level 1 and whole rating (every level, proven) for scale.

    python benchmarks/board_pdlp.py --models 50 100 150
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent


def level_one(payoffs: np.ndarray, solver: str) -> tuple[float, float, str]:
    import highspy
    import scipy.sparse as sp

    import jaxrate

    a = jaxrate.gains.constraint_matrix(payoffs)  # [C, J]
    c, j = a.shape
    top = sp.hstack([sp.csr_matrix(-np.ones((c, 1))), sp.csr_matrix(a)])
    bottom = sp.hstack([sp.csr_matrix((1, 1)), sp.csr_matrix(np.ones((1, j)))])
    matrix = sp.vstack([top, bottom]).tocsc()
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("solver", solver)
    inf = highspy.kHighsInf
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = j + 1, c + 1
    lp.col_cost_ = np.concatenate([[1.0], np.zeros(j)])
    lp.col_lower_ = np.concatenate([[-inf], np.zeros(j)])
    lp.col_upper_ = np.full(j + 1, inf)
    lp.row_lower_ = np.concatenate([np.full(c, -inf), [1.0]])
    lp.row_upper_ = np.concatenate([np.zeros(c), [1.0]])
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = matrix.indptr
    lp.a_matrix_.index_ = matrix.indices
    lp.a_matrix_.value_ = matrix.data
    h.passModel(lp)
    start = time.perf_counter()
    h.run()
    seconds = time.perf_counter() - start
    status = h.modelStatusToString(h.getModelStatus())
    return seconds, float(h.getInfo().objective_function_value), status


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--models", nargs="*", type=int, default=[50, 100, 150])
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from _env import header
    from _games import open_llm_scores

    import jaxrate
    from jaxrate.exact import _solve

    header()
    print(
        f"{'board':<10}{'joints':>10}{'PDLP s':>9}{'PDLP t_1':>13}{'status':>10}"
        f"{'simplex s':>11}{'simplex t_1':>13}"
        f"{'table level 1 s':>17}{'table all s':>13}{'levels':>8}"
    )
    for m in args.models:
        table = open_llm_scores(m, 6, 0)
        game = jaxrate.agent_vs_agent_vs_task(table)
        scale = game.scale
        payoffs = game.payoffs / scale
        pdlp_s, pdlp_t, status = level_one(payoffs, "pdlp")
        simplex_s, simplex_t, _ = level_one(payoffs, "simplex")
        start = time.perf_counter()
        # The table route itself, on every size (jaxrate takes it from 100 models on).
        out = _solve._through_the_table(game, None, certificate_tol=1e-7, dual_tol=1e-9, decimals=12)
        whole = time.perf_counter() - start
        first = out.routes[0].seconds if out.routes else float("nan")
        print(
            f"{m:>4} x 6 {game.num_joints:>10,}{pdlp_s:>9.2f}{pdlp_t:>13.8f}{status:>10}{simplex_s:>11.2f}"
            f"{simplex_t:>13.8f}{first:>17.3f}{whole:>13.2f}{out.levels:>8}",
            flush=True,
        )


if __name__ == "__main__":
    main()

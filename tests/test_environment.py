"""The pinned solver stack loads and solves in one process (DESIGN.md hazard)."""

import numpy as np


def test_cvxpy_glop_solves_an_lp():
    import cvxpy as cp

    x = cp.Variable(2, nonneg=True)
    constraint = x[0] + 2 * x[1] >= 4
    problem = cp.Problem(cp.Minimize(3 * x[0] + x[1]), [constraint])
    problem.solve(solver=cp.GLOP)
    assert problem.status == cp.OPTIMAL
    np.testing.assert_allclose(problem.value, 2.0, atol=1e-9)
    np.testing.assert_allclose(constraint.dual_value, 0.5, atol=1e-9)


def test_highspy_and_ortools_load_together():
    import highspy
    from ortools.linear_solver.python import model_builder

    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.addVars(1, np.array([1.0]), np.array([2.0]))
    h.changeColCost(0, 1.0)
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    model = model_builder.Model()
    y = model.new_num_var(0.0, 5.0, "y")
    model.maximize(y)
    solver = model_builder.Solver("glop")
    assert solver.solve(model) == model_builder.SolveStatus.OPTIMAL
    assert solver.value(y) == 5.0

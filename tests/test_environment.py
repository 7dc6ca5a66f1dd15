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


def _required(extra: str | None = None) -> list:
    """The installed jaxrate's requirements: the base ones, and those of ``extra``."""
    from importlib import metadata

    from packaging.requirements import Requirement

    reqs = [Requirement(r) for r in metadata.requires("jaxrate")]
    if extra is None:
        return [r for r in reqs if r.marker is None]
    return [r for r in reqs if r.marker is not None and r.marker.evaluate({"extra": extra})]


def test_every_dependency_and_test_extra_package_is_installed():
    """The test suite imports the [test] extra's packages plainly: a missing one fails
    here by name (and in the tests that use it), never skips."""
    from importlib import metadata

    missing = []
    for req in _required() + _required("test"):
        try:
            version = metadata.version(req.name)
        except metadata.PackageNotFoundError:
            missing.append(f"{req} (not installed)")
            continue
        if not req.specifier.contains(version, prereleases=True):
            missing.append(f"{req} (installed: {version})")
    assert not missing, missing


# Distribution name -> the module jaxrate imports, where they differ. Used without
# an import by name: jaxlib (jax's compiled back end), ortools (cvxpy's GLOP), filelock
# (the lock of JAX's size-limited compilation cache, which jaxrate.game._xla_cache sets).
MODULE_OF = {"python-flint": "flint", "pyyaml": "yaml"}
IMPORTED_BY_PROXY = {"jaxlib", "ortools", "filelock"}


def test_every_required_dependency_is_imported_by_the_library():
    """A required dependency earns its place: some module of jaxrate imports it."""
    import re
    from pathlib import Path

    import jaxrate

    source = "\n".join(p.read_text() for p in Path(jaxrate.__file__).parent.rglob("*.py"))
    unused = []
    for req in _required():
        if req.name in IMPORTED_BY_PROXY:
            continue
        module = MODULE_OF.get(req.name, req.name.replace("-", "_"))
        if not re.search(rf"^\s*(import|from) {module}\b", source, re.MULTILINE):
            unused.append(req.name)
    assert not unused, f"required but never imported by jaxrate: {unused}"

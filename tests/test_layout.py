"""The package's layout: no import cycles among ``jaxrate`` modules.

Every module under ``jaxrate/`` is parsed with :mod:`ast` and every import of a
``jaxrate`` module anywhere in the file counts, at module level or inside a
function alike (a function-level import only postpones a cycle, it does not
remove it). The rules that turn an import into an edge of the graph:

* ``import jaxrate.a.b`` imports the module ``jaxrate.a.b`` (a package's
  ``__init__`` when ``jaxrate.a.b`` is a package).
* ``from jaxrate.a import b`` imports ``jaxrate.a.b`` when that is a module or
  a package, and ``jaxrate.a`` (its ``__init__``) when ``b`` is a name defined
  there. Relative imports are resolved against the importing module first.
* ``importlib.import_module("jaxrate.a")`` with a literal name imports ``jaxrate.a``.
* Importing ``jaxrate.a.b`` also imports the subpackage ``jaxrate.a`` (Python
  runs ``jaxrate/a/__init__.py`` first), unless the importer is itself inside
  ``jaxrate.a`` (then that ``__init__`` has run already). The root
  ``jaxrate/__init__.py`` is the one parent *not* counted: Python runs it
  before any ``jaxrate.x``, and it imports every public module, so counting
  it would put every module that imports a sibling on one cycle through the
  facade and the test could say nothing. The facades' own imports count like
  any other module's, and a module that imports a facade by name (``from
  jaxrate import Game``, ``import jaxrate.baselines``) depends on everything
  that facade imports.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "jaxrate"


def _modules() -> dict[str, Path]:
    """``{dotted name: file}`` of every module under ``jaxrate/`` (packages by their ``__init__``)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The ``jaxrate`` modules that the module ``name`` (file ``path``) imports, anywhere in it."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    found = {m for m in found if m in known}
    # Importing jaxrate.a.b runs jaxrate/a/__init__.py first, unless the importer is inside jaxrate.a.
    for module in list(found):
        parts = module.split(".")
        for k in range(2, len(parts)):
            parent = ".".join(parts[:k])
            if parent in known and not (name == parent or name.startswith(parent + ".")):
                found.add(parent)
    return found - {name}


def import_graph() -> dict[str, set[str]]:
    """``{module: modules it imports}`` over every ``jaxrate`` module."""
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle ``[a, b, ..., a]`` of ``graph``, or ``None`` (iterative depth-first search)."""
    state: dict[str, int] = {}  # 1 on the current path, 2 finished
    for root in sorted(graph):
        if root in state:
            continue
        path, stack = [root], [iter(sorted(graph[root]))]
        state[root] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(sorted(graph[nxt])))
    return None


def test_graph_sees_every_kind_of_import():
    graph = import_graph()
    # module level, absolute
    assert "jaxrate.game._game" in graph["jaxrate.games"]
    # ``from jaxrate.game import gains`` is the module jaxrate.game.gains, not the package facade
    assert "jaxrate.game.gains" in graph["jaxrate.baselines._payoff"]
    assert "jaxrate" not in graph["jaxrate.baselines._payoff"]
    # importlib.import_module with a literal name
    assert "jaxrate.batched" in graph["jaxrate"]
    # a subpackage's __init__ runs before its modules, except for an importer inside it
    assert "jaxrate.io" in graph["jaxrate.battles._read"]  # it imports jaxrate.io._tables
    assert "jaxrate.battles" not in graph["jaxrate.battles._win_rate"]


def test_relative_imports_resolve_against_the_importer(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("from . import b\nfrom .c import x\n\n\ndef f():\n    from .. import gains\n")
    known = {"jaxrate", "jaxrate.gains", "jaxrate.sub", "jaxrate.sub.b", "jaxrate.sub.c"}
    assert _imports("jaxrate.sub.m", module, known) == {"jaxrate.sub.b", "jaxrate.sub.c", "jaxrate.gains"}


def test_find_cycle_finds_a_planted_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycles():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_each_concept_has_one_home():
    import importlib.util

    import jaxrate

    # Battles: records, counts and the win-rate game are defined in jaxrate.battles;
    # the older import paths are the same objects.
    names = ("battle_counts", "BattleCounts", "win_rate_game", "WinRateGame", "battle_game", "read_battles")
    names += ("battle_support", "BattleSupport")
    for name in names:
        assert getattr(jaxrate.battles, name).__module__.startswith("jaxrate.battles."), name
    assert jaxrate.battle_game is jaxrate.games.battle_game is jaxrate.battles.battle_game
    assert jaxrate.games.win_rate_game is jaxrate.battles.win_rate_game
    assert not hasattr(importlib.import_module("jaxrate.io"), "read_battles")  # one home: battles
    # Baselines are named as such, with no second name for the package.
    for name in ("elo_ratings", "alpha_rank", "nash_average", "payoff_ratings"):
        assert getattr(jaxrate, name) is getattr(jaxrate.baselines, name)
        assert getattr(jaxrate, name).__module__.startswith("jaxrate.baselines."), name
    assert "baselines" in jaxrate.__all__ and "ratings" not in jaxrate.__all__
    assert importlib.util.find_spec("jaxrate.ratings") is None


def test_importing_the_packages_does_not_import_jax():
    import subprocess
    import sys

    code = "import sys, jaxrate, jaxrate.battles, jaxrate.baselines, jaxrate.cli; print('jax' in sys.modules)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False"


PUBLIC_MODULES = (
    "jaxrate",
    "jaxrate.solvers",
    "jaxrate.exact",
    "jaxrate.certificate",
    "jaxrate.games",
    "jaxrate.gains",
    "jaxrate.baselines",
    "jaxrate.uncertainty",
    "jaxrate.battles",
    "jaxrate.datasets",
    "jaxrate.population",
    "jaxrate.openspiel",  # imports open_spiel only when a function needs it
    "jaxrate.normalise",
    "jaxrate.io",
    "jaxrate.batched",
    "jaxrate.tolerances",
    "jaxrate.result",
    "jaxrate.ranking",
    "jaxrate.status",
    "jaxrate.symmetry",
)

_UNTYPED_KINDS = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)


def _untyped(function) -> list[str]:
    """What ``function`` leaves unannotated: its parameter names, and ``"return"``."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # a builtin without a signature is not ours to type
        return []
    missing = [
        name
        for name, p in signature.parameters.items()
        if name not in ("self", "cls") and p.kind not in _UNTYPED_KINDS and p.annotation is p.empty
    ]
    if signature.return_annotation is signature.empty:
        missing.append("return")
    return missing


def _own_methods(cls) -> dict[str, object]:
    """``{name: function}`` of the public methods (and ``__init__``) that ``cls`` defines in ``jaxrate``."""
    out = {}
    for name, member in vars(cls).items():
        if name.startswith("_") and name != "__init__":
            continue
        if isinstance(member, (staticmethod, classmethod)):
            member = member.__func__
        elif isinstance(member, property):
            member = member.fget
        if inspect.isfunction(member) and member.__module__.startswith("jaxrate"):
            out[name] = member
    return out


def untyped_public_functions(module_names=PUBLIC_MODULES) -> list[str]:
    """``"module.name(param, ..., return)"`` for each public function or method missing a hint."""
    import importlib

    found, seen = [], set()
    for module_name in module_names:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj) and obj.__module__.startswith("jaxrate"):
                members = {f"{name}.{m}": f for m, f in _own_methods(obj).items()}
            elif inspect.isfunction(obj):
                members = {name: obj}
            else:
                continue
            for label, function in members.items():
                if id(function) in seen:
                    continue
                seen.add(id(function))
                missing = _untyped(function)
                if missing:
                    found.append(f"{module_name}.{label}({', '.join(missing)})")
    return found


def test_the_typing_check_sees_parameters_returns_and_methods():
    import types

    module = types.ModuleType("jaxrate.fake")
    exec(
        "class C:\n"
        "    def typed(self, x: int) -> int: ...\n"
        "    def untyped(self, x): ...\n"
        "    @staticmethod\n"
        "    def _private(x): ...\n"
        "def f(a, *args, b: int, **kw) -> None: ...\n"
        "def g(a: int): ...\n",
        module.__dict__,
    )
    module.__all__ = ["C", "f", "g"]
    import sys

    sys.modules["jaxrate.fake"] = module
    try:
        assert untyped_public_functions(["jaxrate.fake"]) == [
            "jaxrate.fake.C.untyped(x, return)",
            "jaxrate.fake.f(a)",
            "jaxrate.fake.g(return)",
        ]
    finally:
        del sys.modules["jaxrate.fake"]


def test_every_public_function_is_typed():
    missing = untyped_public_functions()
    assert not missing, "public functions without type hints:\n" + "\n".join(missing)


# The public API, pinned: every name a user can import today keeps working (jaxrate.__all__ and
# the __all__ of each public module, old module names included). A change here is a decision.
PUBLIC_API = {
    "jaxrate": (
        "Auto",
        "Certificate",
        "Exact",
        "Game",
        "Ratings",
        "SavedResult",
        "ScoreTableGame",
        "Simplex",
        "SolvedBy",
        "SparseJoint",
        "Status",
        "TOLERANCES",
        "Tolerances",
        "Verification",
        "__version__",
        "agent_vs_agent_vs_task",
        "agent_vs_task",
        "alpha_rank",
        "audit",
        "baselines",
        "batched",
        "battle_game",
        "battles",
        "bootstrap_replicates",
        "certificate",
        "datasets",
        "deviation_gains",
        "deviation_ratings",
        "elo_ratings",
        "exact",
        "gains",
        "games",
        "nash_average",
        "online_elo",
        "payoff_ratings",
        "payoff_scale",
        "read_result",
        "sensitivity",
        "solvers",
        "task_contributions",
        "task_subsets",
        "uncertainty",
        "uniform_ratings",
        "verify",
    ),
    "jaxrate.baselines": (
        "AlphaRankResult",
        "EloResult",
        "NashAverageResult",
        "PayoffRatingResult",
        "alpha_rank",
        "battle_wins",
        "elo_ratings",
        "fixation_probability",
        "max_entropy_cce",
        "nash_average",
        "online_elo",
        "payoff_ratings",
        "win_probabilities",
    ),
    "jaxrate.batched": (
        "SimplexConfig",
        "Status",
        "WarmStart",
        "deviation_ratings",
        "no_warm_start",
        "raise_for_status",
        "rate_game",
    ),
    "jaxrate.battles": (
        "BattleCounts",
        "BattleSupport",
        "TIES",
        "WinRateGame",
        "battle_counts",
        "battle_game",
        "battle_support",
        "battle_wins",
        "battles_from_counts",
        "check_connected",
        "comparison_components",
        "read_battles",
        "win_rate_game",
    ),
    "jaxrate.certificate": (
        "CERTIFICATE_TOL",
        "Certificate",
        "FREEZE_DUAL_TOL",
        "LevelRoute",
        "Proof",
        "Verification",
        "certificate_tolerance",
        "rows_to_freeze",
        "verify",
    ),
    "jaxrate.datasets": ("DATASETS", "LIVEBENCH_URL", "SAMPLES", "load", "write_sample"),
    "jaxrate.exact": (
        "Certificate",
        "LevelRoute",
        "Progress",
        "RateOutcome",
        "SOLVERS",
        "deviation_ratings",
        "normalise_payoffs",
        "rate_many",
    ),
    "jaxrate.gains": (
        "constraint_columns",
        "constraint_matrix",
        "constraint_offsets",
        "deviation_gains",
        "deviation_gains_per_player",
        "split_players",
        "task_contributions",
        "transpose_gains",
        "uniform_ratings",
    ),
    "jaxrate.games": (
        "Game",
        "add_mixture",
        "add_offset",
        "agent_vs_agent_vs_task",
        "agent_vs_task",
        "battle_game",
        "clone_strategy",
        "permute_players",
        "permute_strategies",
        "score_table",
    ),
    "jaxrate.io": (
        "AGGREGATES",
        "Aggregate",
        "Assumed",
        "DELIMITED",
        "DELIMITERS",
        "HARNESS_FORMATS",
        "LongColumns",
        "MAX_SCORE",
        "MISSING",
        "MISSING_MARKERS",
        "MODELS",
        "NORMALISE",
        "OUTLIER_FACTOR",
        "REPLICATE_COLUMNS",
        "ReadOptions",
        "Reading",
        "Role",
        "SCALE_RATIO",
        "ScoreReplicates",
        "ScoresWithErrors",
        "complete_replicates",
        "delimiter_name",
        "far_outliers",
        "is_missing_marker",
        "largest_block",
        "long_columns",
        "normalise_scores",
        "parse_number",
        "read",
        "read_harness",
        "read_payoffs",
        "read_replicates",
        "read_scores",
        "read_scores_with_errors",
        "replicate_column",
        "scale_mismatch",
        "sniff_delimiter",
        "standard_error_columns",
        "suffix",
        "table_kind",
        "transposed_evidence",
    ),
    "jaxrate.normalise": ("DECIMALS", "normalise_payoffs", "quantized_payoffs"),
    "jaxrate.openspiel": (
        "GameTables",
        "cce_gap",
        "expected_returns_meta_game",
        "game_tables",
        "load_game",
        "meta_game",
        "random_policy",
        "to_tabular_policy",
    ),
    "jaxrate.population": ("Iteration", "population_loop", "rate_population"),
    "jaxrate.ranking": ("tie_groups", "tied_ranks"),
    "jaxrate.rate": ("deviation_ratings",),
    "jaxrate.result": ("Ratings", "SolvedBy", "ratings_frame"),
    "jaxrate.solvers": (
        "Auto",
        "Exact",
        "REFACTOR_EVERY",
        "SIMPLEX_ACCURACY",
        "SIMPLEX_TOL",
        "STALL_AFTER",
        "Simplex",
        "SimplexConfig",
        "as_solver",
    ),
    "jaxrate.status": ("SOLVER_FAILURES", "Status", "raise_first_failure"),
    "jaxrate.symmetry": ("find_interchangeable_pair", "interchangeable_players", "swap_players"),
    "jaxrate.tolerances": ("TOLERANCES", "Tolerances", "payoff_scale", "payoff_scales"),
    "jaxrate.robustness": (
        "Audit",
        "BattleBoard",
        "ItemBoard",
        "METHODS",
        "PairAudit",
        "TaskBoard",
        "audit",
        "board_of",
        "exhaustive_minimum",
        "payoff_adjoint",
        "recheck",
    ),
    "jaxrate.uncertainty": (
        "Difference",
        "PairedTest",
        "RatingIntervals",
        "ResampleProgress",
        "Resampling",
        "Tiers",
        "bootstrap_battles",
        "bootstrap_items",
        "bootstrap_replicates",
        "bootstrap_standard_errors",
        "difference_contributions",
        "mcnemar_exact",
        "paired_item_tests",
        "paired_permutation",
        "task_subsets",
    ),
}


def test_the_public_api_is_pinned():
    import importlib

    for module_name, names in PUBLIC_API.items():
        module = importlib.import_module(module_name)
        assert tuple(sorted(module.__all__)) == names, module_name
        for name in names:
            assert hasattr(module, name), f"{module_name}.{name}"
    # The public modules that moved into the concept subpackages are the same objects.
    import jaxrate.certificate
    import jaxrate.gains

    import jaxrate

    assert jaxrate.gains is jaxrate.game.gains and jaxrate.certificate is jaxrate.results.certificate
    from jaxrate.solvers import Exact

    assert Exact is jaxrate.Exact


def test_no_function_is_longer_than_60_lines():
    long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > 60:
                    long.append(
                        f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name} ({lines} lines)"
                    )
    assert not long, "functions over 60 lines:\n" + "\n".join(long)


ARCHITECTURE = PACKAGE.parent / "docs" / "architecture.md"


def _page_map() -> dict[str, tuple[int, set[str]]]:
    """``{unit: (layer, modules)}`` from the architecture page's map table."""
    rows = {}
    for line in ARCHITECTURE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0].isdigit():
            unit = cells[1].strip("`")
            modules = {m.strip().strip("`") for m in cells[2].split(",") if m.strip()}
            rows[unit] = (int(cells[0]), modules)
    return rows


def _unit(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2])


def test_the_package_root_holds_subpackages_and_a_few_leaf_modules():
    leaves = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
    assert leaves == ["_version", "datasets", "games", "openspiel", "population"]


def test_the_architecture_page_matches_the_import_graph():
    page = _page_map()
    modules = _modules()
    units = {_unit(m) for m in modules}
    assert set(page) == units, f"on the page, not a unit: {set(page) - units}; missing: {units - set(page)}"
    for unit, (_, listed) in page.items():
        inside = {
            m.split(".")[2]
            for m in modules
            if unit != "jaxrate" and m.startswith(unit + ".") and m.count(".") == 2
        }
        assert listed == inside, (
            f"{unit}: the page lists {sorted(listed)}, the package holds {sorted(inside)}"
        )
    upward = []
    for importer, imported in import_graph().items():
        for target in imported:
            a, b = _unit(importer), _unit(target)
            if a != b and page[a][0] <= page[b][0]:
                upward.append(f"{importer} (layer {page[a][0]}) imports {target} (layer {page[b][0]})")
    assert not upward, "imports that do not go down the layers:\n" + "\n".join(upward)

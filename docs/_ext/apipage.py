"""``.. api-module:: jaxrate.x``: a module's reference page, generated from its ``__all__``.

The page shows the module's docstring, a summary table of every name in
``__all__`` (in that order), then each name's full entry (autodoc, Google-style
docstrings through napoleon, maths through MathJax). A name that ``jaxrate``
itself re-exports is documented once, on the ``jaxrate`` page: other pages
list it in their table with a link there. Modules in ``__all__`` link to their
own pages. Nothing is listed by hand, so a name added to ``__all__`` appears on
its page, and one removed from the code but kept in ``__all__`` fails the build.
"""

from __future__ import annotations

import importlib
import inspect

from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective


def public_names(module_name: str) -> list[str]:
    """The names of ``module_name.__all__`` in their order (``__version__`` included)."""
    return list(importlib.import_module(module_name).__all__)


def home_of(module_name: str, name: str) -> str:
    """The fully qualified name under which ``module_name.name`` is documented."""
    import jaxrate

    module = importlib.import_module(module_name)
    obj = getattr(module, name)
    if inspect.ismodule(obj):  # a public module under its public name (jaxrate.gains is jaxrate.game.gains)
        public = obj.__name__.rsplit(".", 1)[1]
        return f"jaxrate.{public}" if getattr(jaxrate, public, None) is obj else obj.__name__
    if module_name != "jaxrate" and name in jaxrate.__all__ and getattr(jaxrate, name, None) is obj:
        return f"jaxrate.{name}"
    if module_name != "jaxrate" and inspect.isclass(obj):  # two subpackages export it: the first documents it
        for sub in sorted(n for n in jaxrate.__all__ if inspect.ismodule(getattr(jaxrate, n, None))):
            other = importlib.import_module(f"jaxrate.{sub}")
            if name in other.__all__ and getattr(other, name) is obj:
                return f"jaxrate.{sub}.{name}"
    return f"{module_name}.{name}"


def _entry(module_name: str, name: str) -> list[str]:
    """The autodoc directive of one name: classes with their documented members."""
    obj = getattr(importlib.import_module(module_name), name)
    if inspect.isclass(obj):
        return [f".. autoclass:: {name}", "   :members:", ""]
    if callable(obj):
        return [f".. autofunction:: {name}", ""]
    return [f".. autodata:: {name}", ""]


def page_lines(module_name: str) -> list[str]:
    """The reStructuredText the directive expands to."""
    homes = [(name, home_of(module_name, name)) for name in public_names(module_name)]
    lines = [f".. automodule:: {module_name}", "", ".. rubric:: Contents", ""]
    own = [name for name, home in homes if home == f"{module_name}.{name}"]
    rows = [name if name in own else f"~{home}" for name, home in homes]  # own names: relative
    lines += [".. autosummary::", "   :nosignatures:", ""] + [f"   {row}" for row in rows] + [""]
    for name in own:
        if not inspect.ismodule(getattr(importlib.import_module(module_name), name)):
            lines += _entry(module_name, name)
    return lines


def _skip_namedtuple_fields(app, what, name, obj, skip, options):
    """Skip NamedTuple fields ("Alias for field number k"): the class docstring describes them."""
    if (getattr(obj, "__doc__", None) or "").startswith("Alias for field number"):
        return True
    return None


def _attribute_doc(name: str, obj) -> list[str]:
    """The ``#:`` comment above the assignment of ``name`` in the jaxrate module that defines it
    (a constant re-exported elsewhere, as ``jaxrate.TOLERANCES``, keeps its description)."""
    import sys

    from sphinx.errors import PycodeError
    from sphinx.pycode import ModuleAnalyzer

    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("jaxrate") or getattr(module, name, None) is not obj:
            continue
        try:
            docs = ModuleAnalyzer.for_module(module_name).find_attr_docs()
        except PycodeError:
            continue
        if ("", name) in docs:
            return list(docs[("", name)])
    return []


def _drop_type_docstrings(app, what, name, obj, options, lines):
    """A constant (a dict, a float) has no docstring of its own: show the ``#:`` comment where it is
    defined, never its type's docstring."""
    if what in ("data", "attribute") and getattr(obj, "__doc__", None) == getattr(type(obj), "__doc__", 0):
        lines[:] = _attribute_doc(name.rpartition(".")[2], obj) if what == "data" else []


def _resolve_reexport(app, env, node, contnode):
    """``jaxrate.sub.Name`` re-exported as ``jaxrate.Name``: link to the entry on the ``jaxrate`` page."""
    target = node.get("reftarget", "")
    if node.get("refdomain") != "py" or not target.startswith("jaxrate."):
        return None
    module_name, _, name = target.rpartition(".")
    try:
        home = home_of(module_name, name)
    except (ImportError, AttributeError):
        return None
    if home == target:
        return None
    py = env.domains["py"]
    return py.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], home, node, contnode)


class ApiModule(SphinxDirective):
    """``.. api-module:: MODULE``: the reference of one public module."""

    required_arguments = 1
    has_content = False

    def run(self):
        # The pages are Markdown (MyST): the generated reStructuredText goes in an eval-rst block.
        rst = "\n".join(page_lines(self.arguments[0]))
        return self.parse_text_to_nodes(f"````{{eval-rst}}\n{rst}\n````\n")


def setup(app: Sphinx) -> dict:
    app.add_directive("api-module", ApiModule)
    app.connect("autodoc-skip-member", _skip_namedtuple_fields)
    app.connect("autodoc-process-docstring", _drop_type_docstrings)
    app.connect("missing-reference", _resolve_reexport)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

"""Sphinx configuration of the jaxrate documentation site.

Build it with ``.venv/bin/sphinx-build -W -b html docs docs/_build/html`` (the
``[docs]`` extra installs the toolchain; ``[test]`` includes it, since the test
suite builds the site).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import jaxrate  # noqa: E402

project = "jaxrate"
author = "the jaxrate authors"
copyright = "the jaxrate authors; Apache-2.0"  # noqa: A001
release = version = jaxrate.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",
    "sphinx-mathjax-offline",
    "apipage",
]
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}

# Markdown pages: $...$ maths, ::: fences, definition lists, header anchors.
myst_enable_extensions = ["dollarmath", "colon_fence", "deflist"]
myst_heading_anchors = 3

# The docstrings are Google style with ``.. math::`` blocks and doctests.
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_member_order = "bysource"
autodoc_preserve_defaults = True
autosummary_generate = False

# A reference to a jaxrate name that does not exist fails the build (-W);
# types from numpy, pandas, JAX and the standard library are not documented here.
nitpicky = True
nitpick_ignore_regex = [
    # private modules and their names, mentioned in docstrings for maintainers
    (r"py:.*", r"jaxrate(\.\w+)*\._\w+.*"),
    (r"py:.*", r"(?!jaxrate\b).*"),
]

# MathJax 3 shipped with the site (sphinx-mathjax-offline copies it into _static/mathjax and
# points mathjax_path at it), so formulas render with the network off. MathJax 3 is also the
# version the pages were checked with in a browser (Sphinx 9 defaults to MathJax 4, whose fonts
# load separately; they left formulas clipped in that check).

html_theme = "furo"
html_title = f"jaxrate {release}"
html_static_path = ["_static"]
html_css_files = ["custom.css"]
html_theme_options = {"navigation_with_keys": True}
pygments_style = "friendly"
pygments_dark_style = "monokai"


def setup(app):
    """Score tables are shown as ``csv`` blocks (the tests read them); Pygments has no CSV lexer."""
    from pygments.lexers.special import TextLexer
    from sphinx.highlighting import lexers

    lexers["csv"] = TextLexer()

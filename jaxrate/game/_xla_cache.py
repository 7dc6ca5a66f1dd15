"""JAX's persistent compilation cache, turned on for the JAX paths unless the user chose otherwise.

The JAX paths compile once per game shape (2P 10 x 10, ``vmap``-ped: 7-9 s on a
2-core CPU); with JAX's persistent cache a later process loads the compiled code
instead (0.5 s). The command turns it on before it runs, the JAX path
(:mod:`jaxrate.batched`) when it is imported: into ``JAXRATE_CACHE_DIR``
(default ``$XDG_CACHE_HOME/jaxrate/xla``, else ``~/.cache/jaxrate/xla``), at
most :data:`MAX_SIZE` bytes. An empty ``JAXRATE_CACHE_DIR`` turns it off; a cache
the user set for JAX (``JAX_COMPILATION_CACHE_DIR`` or ``jax.config``) is kept;
an unwritable folder runs without one. JAX keeps only programs that took at
least a second to compile (``jax_persistent_cache_min_compile_time_secs``), so
a user's own small programs stay out of it, and none that calls back to Python:
``rate_game`` with its exact fallback (the default) compiles in every process;
with ``SimplexConfig(fallback=False)``, and the host batched path, it is kept.
"""

from __future__ import annotations

import importlib.util
import os
import sys

__all__ = ["MAX_SIZE", "compilation_cache"]

# Bytes the cache may grow to when this module set it (JAX's own default is no limit).
MAX_SIZE = 2 << 30


def compilation_cache() -> str | None:
    """Turn JAX's persistent compilation cache on where the user has not chosen otherwise.

    JAX is not imported here (0.5-0.8 s, most of the exact path's start-up): the
    folder goes into ``JAX_COMPILATION_CACHE_DIR``, which JAX reads when a JAX
    path first imports it. Only when JAX is already loaded is its configuration
    updated directly.

    Returns:
      The folder set, or None where nothing was set.
    """
    path = os.environ.get("JAXRATE_CACHE_DIR")
    if path is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        path = os.path.join(base, "jaxrate", "xla")
    if not path or os.environ.get("JAX_COMPILATION_CACHE_DIR"):
        return None
    jax = sys.modules.get("jax")
    if jax is not None and jax.config.jax_compilation_cache_dir:
        return None
    try:
        os.makedirs(path, exist_ok=True)
    except OSError:
        return None  # a read-only home: run without the cache
    if not os.access(path, os.W_OK):
        return None
    if jax is not None:
        jax.config.update("jax_compilation_cache_dir", path)
        if jax.config.jax_compilation_cache_max_size == -1 and _can_evict():
            jax.config.update("jax_compilation_cache_max_size", MAX_SIZE)
    else:
        os.environ["JAX_COMPILATION_CACHE_DIR"] = path
        if _can_evict():
            os.environ.setdefault("JAX_COMPILATION_CACHE_MAX_SIZE", str(MAX_SIZE))
    return path


def _can_evict() -> bool:
    """Whether JAX can keep the cache within a size (its LRU eviction needs ``filelock``, a
    dependency; without it a limit would fail every read and write of the cache)."""
    return importlib.util.find_spec("filelock") is not None

"""Machine and library versions printed by every benchmark."""

from __future__ import annotations

import os
import platform


def header() -> None:
    import highspy
    import jax
    import numpy as np

    import jaxrate

    try:  # not needed by the JAX path; the GPU machines lack it
        import ortools

        ortools_version = ortools.__version__
    except ImportError:
        ortools_version = "not installed"

    print(f"machine: {platform.node()} {platform.machine()} {os.cpu_count()} cpus, {platform.platform()}")
    print(f"devices: {jax.devices()}")
    print(
        f"python {platform.python_version()}, numpy {np.__version__}, jax {jax.__version__}, "
        f"highspy {highspy.Highs().version()}, ortools {ortools_version}, jaxrate {jaxrate.__version__}"
    )

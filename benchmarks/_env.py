"""Machine and library versions printed by every benchmark."""

from __future__ import annotations

import os
import platform


def header() -> None:
    import highspy
    import jax
    import numpy as np
    import ortools

    import jaxrate

    print(f"machine: {platform.node()} {platform.machine()} {os.cpu_count()} cpus, {platform.platform()}")
    print(f"devices: {jax.devices()}")
    print(
        f"python {platform.python_version()}, numpy {np.__version__}, jax {jax.__version__}, "
        f"highspy {highspy.Highs().version()}, ortools {ortools.__version__}, jaxrate {jaxrate.__version__}"
    )

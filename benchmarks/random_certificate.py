"""Rate one random 3-player game and report the certificate residual (see RESULTS.md).

python benchmarks/random_certificate.py 200 200 100 1e-9
"""

import sys
import time

import numpy as np

import jaxrate

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from _env import header  # noqa: E402

header()
a, b, c = map(int, sys.argv[1:4])
dtol = float(sys.argv[4])
g = np.random.default_rng(0).random((3, a, b, c))
t0 = time.time()
try:
    r = jaxrate.exact.deviation_ratings(g, dual_tol=dtol, certificate_tol=1e-3)
    dev = jaxrate.deviation_gains(g, r.joint)
    rr = np.concatenate(r.ratings)
    res = dev - rr
    i = np.argmax(np.abs(res))
    print(
        a,
        b,
        c,
        "dtol",
        dtol,
        "time",
        round(time.time() - t0, 1),
        "levels",
        r.levels,
        "slack",
        r.certificate.slack,
        "maxres",
        np.abs(res).max(),
        "row",
        i,
        "frozen_at",
        r.frozen_at[i],
        "of",
        r.levels,
        "nviol>1e-8",
        (np.abs(res) > 1e-8).sum(),
    )
except RuntimeError as e:
    print("fail", e)

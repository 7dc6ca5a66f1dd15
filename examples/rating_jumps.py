"""Where deviation ratings jump: a population of softmax policies, one member's logits moving.

python examples/rating_jumps.py [--plot docs/jumps.png]
(from the clone's root, with the virtualenv active: `source .venv/bin/activate`, README)

A 2-player population of 4 softmax policies each over a random 6 x 6 game
(seed 1); the meta-game holds the members' expected payoffs against each
other. Player 0's first member moves along a straight line in its logits,
``theta(t) = theta0 + t d``, as a gradient step would move it. The exact
ratings are computed at 201 points of ``t`` in [0, 1]; the step where a rating
moves most is bisected until its two ends are 1e-13 apart in ``t``. It prints
how far the ratings jump across that change, and what the jump check
(``jumps=True``) says on both sides and at a point far from the jump. About
20 s.
"""

import argparse

import numpy as np

import jaxrate


def meta_game(theta: np.ndarray, base: np.ndarray) -> np.ndarray:
    """The population's meta-game ``[2, K, K]``: each pair of members' expected payoffs."""
    policies = np.exp(theta - theta.max(-1, keepdims=True))
    policies /= policies.sum(-1, keepdims=True)
    return np.einsum("ia,pab,jb->pij", policies[0], base, policies[1])


def ratings(game: np.ndarray) -> np.ndarray:
    return np.concatenate(jaxrate.deviation_ratings(game).ratings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plot", help="write the figure here (needs matplotlib)")
    args = parser.parse_args()

    rng = np.random.default_rng(1)
    actions, members = 6, 4
    base = rng.uniform(-1, 1, (2, actions, actions))
    theta0 = rng.normal(0, 2, (2, members, actions))
    d = np.zeros_like(theta0)
    d[0, 0] = rng.normal(0, 2, actions)
    ts = np.linspace(0.0, 1.0, 201)
    path = np.array([ratings(meta_game(theta0 + t * d, base)) for t in ts])
    k = int(np.argmax(np.abs(np.diff(path, axis=0)).max(axis=1)))
    lo, hi, r_lo, r_hi = ts[k], ts[k + 1], path[k], path[k + 1]
    while hi - lo > 1e-13:
        mid = (lo + hi) / 2
        r_mid = ratings(meta_game(theta0 + mid * d, base))
        if np.abs(r_mid - r_lo).max() <= np.abs(r_mid - r_hi).max():
            lo, r_lo = mid, r_mid
        else:
            hi, r_hi = mid, r_mid
    scale = jaxrate.payoff_scale(meta_game(theta0 + lo * d, base))
    logit = float(np.abs((hi - lo) * d).max())
    print(f"meta-game range {scale:.3f}; the largest step of the path is at t = {lo:.6f}")
    print(
        f"a change of {logit:.1e} in one logit moves a rating by {np.abs(r_hi - r_lo).max():.3f} "
        f"({np.abs(r_hi - r_lo).max() / scale:.1%} of the range)"
    )
    for name, t in (("before the jump", lo), ("after the jump", hi), ("far from it (t = 0.2)", 0.2)):
        out = jaxrate.deviation_ratings(meta_game(theta0 + t * d, base), jumps=True)
        print(f"  {name}: jump={bool(out.jump)}, jump_size={float(out.jump_size):.3g}")
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, axes = plt.subplots(2, 1, figsize=(4.8, 6.0), dpi=150, sharex=True)
        row = int(np.argmax(np.abs(r_hi - r_lo)))
        for p, ax in enumerate(axes):
            for m in range(members):
                ax.plot(ts, path[:, p * members + m], lw=2, label=f"member {m}")
            ax.axvline(lo, color="0.4", ls="--", lw=1)
            ax.set_ylabel(f"player {p}: rating", fontsize=12)
            ax.tick_params(labelsize=11)
        axes[1].legend(fontsize=10, loc="lower left", ncol=2)
        jumped = axes[row // members]
        jumped.annotate(
            f"jumps by {np.abs(r_hi - r_lo).max():.2f}\nfor a {logit:.0e} change\nof one logit",
            (lo, r_lo[row]),
            xytext=(8, -6),
            textcoords="offset points",
            fontsize=11,
            va="top",
        )
        axes[1].set_xlabel("t: member 0 of player 0 at logits theta0 + t d", fontsize=11)
        axes[0].set_title("A softmax population's deviation ratings", fontsize=13)
        fig.tight_layout()
        fig.savefig(args.plot)
        print(f"figure: {args.plot}")


if __name__ == "__main__":
    main()

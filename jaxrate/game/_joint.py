"""The rating joint of a large game, held by its support.

The game of an ``[M, T]`` score table has ``M^2 T`` joint strategies (1.07
billion at 4,500 models x 53 tasks, 8.6 GB as a dense float64 array) and its
rating joint weighs a few dozen of them. :class:`SparseJoint` holds the
support: the coordinates and the weight of each joint it plays. Every reader
of a joint (the gains, the certificate's checks, the result file, the report)
takes it from :func:`support`, which reads a dense array and a sparse joint
alike; a dense view is made only on request (:meth:`SparseJoint.todense`,
``numpy.asarray``) and refused past :data:`DENSE_JOINT_MAX` entries.

The exact path holds the joint of a game of more than :data:`SPARSE_JOINTS`
joint strategies sparse (:func:`held`): the table route's boards and the
result files of such games; smaller games keep the dense array they always had.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["DENSE_JOINT_MAX", "SPARSE_JOINTS", "SparseJoint", "held", "support"]

# Joint strategies past which the exact path holds a joint sparse (32 MB dense).
SPARSE_JOINTS = 1 << 22
# The largest dense view a sparse joint makes (2 GB).
DENSE_JOINT_MAX = 1 << 28


class SparseJoint:
    """A joint distribution over ``shape`` held by its support.

    Args:
      index: ``[S, N]`` integer coordinates of the joints played (one column per player).
      weight: ``[S]`` their probabilities.
      shape: the game's strategies per player, ``(A_1, ..., A_N)``.

    ``numpy.asarray(joint)`` and :meth:`todense` give the dense ``[A_1..A_N]``
    array (for games of up to :data:`DENSE_JOINT_MAX` joints); ``sum``, ``min``
    and :meth:`marginal` are taken from the support.

    Raises:
      ValueError: coordinates outside ``shape``, or ``index`` and ``weight`` that do not fit.
    """

    __slots__ = ("index", "weight", "shape")

    def __init__(self, index: Any, weight: Any, shape: Any) -> None:
        shape = tuple(int(a) for a in shape)
        index = np.asarray(index, dtype=np.int64).reshape(-1, len(shape))
        weight = np.asarray(weight, dtype=np.float64).reshape(-1)
        if len(index) != len(weight):
            raise ValueError(f"a sparse joint needs one weight per joint; got {len(weight)} for {len(index)}")
        if len(index) and (index.min() < 0 or np.any(index.max(axis=0) >= np.array(shape))):
            raise ValueError(f"a sparse joint's coordinates must lie in its shape {list(shape)}")
        if len(index) > 1 and len(np.unique(np.ravel_multi_index(tuple(index.T), shape))) < len(index):
            raise ValueError("a sparse joint lists a joint strategy twice (SparseJoint.from_flat sums them)")
        self.index, self.weight, self.shape = index, weight, shape

    @classmethod
    def from_flat(cls, flat: np.ndarray, weight: np.ndarray, shape: Any) -> SparseJoint:
        """The joint with ``weight`` on the flat (C-order) joint indices ``flat``, duplicates summed."""
        flat, inverse = np.unique(np.asarray(flat, dtype=np.int64), return_inverse=True)
        summed = np.bincount(inverse.reshape(-1), weights=np.asarray(weight, np.float64), minlength=len(flat))
        keep = summed != 0.0
        shape = tuple(int(a) for a in shape)
        return cls(np.stack(np.unravel_index(flat[keep], shape), axis=1), summed[keep], shape)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        """The game's number of joint strategies."""
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def dtype(self) -> np.dtype:
        return self.weight.dtype

    @property
    def flat(self) -> np.ndarray:
        """The support as flat (C-order) indices, ``[S]``."""
        return (
            np.ravel_multi_index(tuple(self.index.T), self.shape)
            if len(self.index)
            else np.zeros(0, np.int64)
        )

    def sum(self, axis: Any = None, dtype: Any = None, out: Any = None, **kwargs: Any) -> Any:
        """The total weight, or (``axis``) the dense marginal over the other axes (``numpy.sum``'s
        other arguments: on the dense view)."""
        if dtype is not None or out is not None or kwargs:
            return np.asarray(self).sum(axis=axis, dtype=dtype, out=out, **kwargs)
        if axis is None:
            return float(self.weight.sum())
        axes = (axis,) if np.ndim(axis) == 0 else tuple(axis)
        kept = [p for p in range(self.ndim) if p not in {a % self.ndim for a in axes}]
        return self.marginal(kept)

    def min(self, *args: Any, **kwargs: Any) -> float:
        """The smallest entry (0 where the support does not cover every joint)."""
        if args or any(v is not None for v in kwargs.values()):
            return np.asarray(self).min(*args, **kwargs)
        low = float(self.weight.min(initial=np.inf))
        return low if len(self.weight) == self.size else min(low, 0.0)

    def max(self, *args: Any, **kwargs: Any) -> float:
        """The largest entry (0 where the support does not cover every joint)."""
        if args or any(v is not None for v in kwargs.values()):
            return np.asarray(self).max(*args, **kwargs)
        high = float(self.weight.max(initial=-np.inf))
        return high if len(self.weight) == self.size else max(high, 0.0)

    def marginal(self, players: Any) -> np.ndarray:
        """The dense marginal on ``players`` (their axes, in that order)."""
        players = [int(p) for p in players]
        shape = tuple(self.shape[p] for p in players)
        if np.prod(shape, dtype=np.int64) > DENSE_JOINT_MAX:
            raise ValueError(
                f"a marginal on {len(players)} players of this joint would hold {np.prod(shape):,} entries"
            )
        if not players:
            return np.asarray(self.weight.sum())
        flat = np.ravel_multi_index(tuple(self.index[:, p] for p in players), shape)
        return np.bincount(flat, weights=self.weight, minlength=int(np.prod(shape))).reshape(shape)

    def todense(self) -> np.ndarray:
        """The dense ``[A_1..A_N]`` array.

        Raises:
          ValueError: past :data:`DENSE_JOINT_MAX` joints (read :func:`support` instead).
        """
        if self.size > DENSE_JOINT_MAX:
            raise ValueError(
                f"a dense view of this joint would hold {self.size:,} entries "
                f"({8 * self.size / 2**30:.1f} GiB); read its support (joint.index, joint.weight) instead"
            )
        out = np.zeros(self.shape)
        out[tuple(self.index.T)] = self.weight
        return out

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        dense = self.todense()
        return dense if dtype is None else dense.astype(dtype)

    def __len__(self) -> int:
        return self.shape[0]

    def __repr__(self) -> str:
        return f"SparseJoint(shape={self.shape}, support={len(self.weight)}, total={self.weight.sum():.6g})"


def support(joint: Any) -> tuple[np.ndarray, np.ndarray]:
    """``(flat indices, weights)`` of a joint's non-zero entries, dense array or :class:`SparseJoint`."""
    if isinstance(joint, SparseJoint):
        keep = joint.weight != 0.0
        return joint.flat[keep], joint.weight[keep]
    joint = np.asarray(joint, dtype=np.float64)
    flat = np.flatnonzero(joint)
    return flat, joint.reshape(-1)[flat]


def held(flat: np.ndarray, weight: np.ndarray, shape: Any) -> np.ndarray | SparseJoint:
    """The joint with ``weight`` on flat indices ``flat`` as the exact path holds it: sparse for a
    game of more than :data:`SPARSE_JOINTS` joints, else dense (duplicates summed either way)."""
    shape = tuple(int(a) for a in shape)
    if np.prod(shape, dtype=np.int64) > SPARSE_JOINTS:
        return SparseJoint.from_flat(flat, weight, shape)
    out = np.zeros(int(np.prod(shape)))
    np.add.at(out, np.asarray(flat, dtype=np.int64), np.asarray(weight, np.float64))
    return out.reshape(shape)

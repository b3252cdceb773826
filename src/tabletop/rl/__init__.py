"""Reinforcement-learning interfaces: observers, PettingZoo and Gymnasium environments.

Needs the ``rl`` extra (``pip install tabletop[rl]``: numpy, PettingZoo, Gymnasium).
The environments live in :mod:`tabletop.rl.pettingzoo` and :mod:`tabletop.rl.gymnasium`
and are imported on demand, so ``import tabletop.rl`` costs only numpy.
"""

from tabletop.rl.observers import (
    Field,
    KingOfTokyoObserver,
    KungFuObserver,
    Observer,
    UnoPowerObserver,
    observer_for,
)

__all__ = [
    "Field",
    "KingOfTokyoObserver",
    "KungFuObserver",
    "Observer",
    "UnoPowerObserver",
    "observer_for",
]

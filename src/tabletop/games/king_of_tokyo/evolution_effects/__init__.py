"""The effects of the 72 Evolutions, one module per monster.

Importing this package registers every effect in :mod:`..power_up`'s tables
(``EFFECTS``, ``PLAYABLE``, ``QUESTIONS``); the state imports it once.
"""

from tabletop.games.king_of_tokyo.evolution_effects import (
    alienoid,
    cyber_bunny,
    cyber_kitty,
    giga_zaur,
    kraken,
    meka_dragon,
    pandakai,
    space_penguin,
    the_king,
)

__all__ = [
    "alienoid",
    "cyber_bunny",
    "cyber_kitty",
    "giga_zaur",
    "kraken",
    "meka_dragon",
    "pandakai",
    "space_penguin",
    "the_king",
]

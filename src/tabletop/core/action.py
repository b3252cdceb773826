"""Actions: small immutable values with a stable id and a readable label."""

from __future__ import annotations

from typing import NamedTuple


class Action(NamedTuple):
    """One choice a player can make.

    ``id`` is stable for a game and its options and lies in
    ``[0, game.info.num_distinct_actions)``; it is what records, the server
    protocol and RL adapters use. ``label`` is for people. A named tuple, so that
    comparing and hashing run at C speed on the hot path.

    >>> a = Action(3, "play red 4")
    >>> int(a), str(a)
    (3, 'play red 4')
    """

    id: int
    label: str

    def __int__(self) -> int:
        return self.id

    def __index__(self) -> int:
        return self.id

    def __str__(self) -> str:
        return self.label

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


class ActionTableBuilder:
    """Numbers a game's actions in the order they are added, with decode tables.

    Games lay out their action ids in blocks; each action records its *move* (the
    block, a small int) and an *argument* (a card, a face, a seat; -1 when none),
    so decoding an id is two tuple lookups.

    >>> b = ActionTableBuilder()
    >>> b.add("pass", 0), b.add("play card 7", 1, 7)
    (Action(id=0, label='pass'), Action(id=1, label='play card 7'))
    >>> b.move, b.arg
    ([0, 1], [-1, 7])
    """

    __slots__ = ("actions", "arg", "move")

    def __init__(self) -> None:
        self.actions: list[Action] = []
        self.move: list[int] = []
        self.arg: list[int] = []

    def add(self, label: str, move: int, arg: int = -1) -> Action:
        action = Action(len(self.actions), label)
        self.actions.append(action)
        self.move.append(move)
        self.arg.append(arg)
        return action

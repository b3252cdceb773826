"""One monster's board: hearts, stars, energy, tokens and cards."""

from __future__ import annotations

from typing import Any, Self

from tabletop.games.king_of_tokyo.cards import Card

START_HEARTS = 10
HEART_CAP = 12  # no monster ever has more than 12 hearts
WIN_STARS = 20


class Monster:
    """Mutable per-seat data; the state copies monsters on clone.

    ``cards`` holds the Keep card instances in front of the monster; ``mimic`` is the
    instance its Mimic copies (-1: the token is off). ``mask`` has a bit for every
    card type the monster owns or copies, so rules test ownership with one AND and
    the hooks of cards nobody owns cost nothing.
    """

    __slots__ = (
        "alive",
        "cards",
        "energy",
        "hearts",
        "mask",
        "max_hearts",
        "mimic",
        "name",
        "poison",
        "seat",
        "shrink",
        "stars",
    )

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # Declared so that a compiled build (mypyc) lets ``Monster.__new__`` allocate a
        # blank instance for its copies, as plain Python always does.
        return object.__new__(cls)

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name
        self.hearts = START_HEARTS
        self.max_hearts = START_HEARTS
        self.stars = 0
        self.energy = 0
        self.alive = True
        self.cards: list[int] = []
        self.mimic = -1
        self.poison = 0
        self.shrink = 0
        self.mask = 0

    def copy(self) -> Monster:
        twin = Monster.__new__(Monster)
        twin.seat = self.seat
        twin.name = self.name
        twin.hearts = self.hearts
        twin.max_hearts = self.max_hearts
        twin.stars = self.stars
        twin.energy = self.energy
        twin.alive = self.alive
        twin.cards = self.cards.copy()
        twin.mimic = self.mimic
        twin.poison = self.poison
        twin.shrink = self.shrink
        twin.mask = self.mask
        return twin

    def has(self, card: Card) -> bool:
        return bool(self.mask & (1 << card))

    def to_list(self) -> list[Any]:
        return [
            self.name,
            self.hearts,
            self.max_hearts,
            self.stars,
            self.energy,
            self.alive,
            self.cards,
            self.mimic,
            self.poison,
            self.shrink,
        ]

    @classmethod
    def from_list(cls, seat: int, data: list[Any]) -> Monster:
        m = cls(seat, str(data[0]))
        m.hearts, m.max_hearts, m.stars, m.energy = (int(x) for x in data[1:5])
        m.alive = bool(data[5])
        m.cards = [int(c) for c in data[6]]
        m.mimic, m.poison, m.shrink = int(data[7]), int(data[8]), int(data[9])
        return m


__all__ = ["HEART_CAP", "START_HEARTS", "WIN_STARS", "Monster"]

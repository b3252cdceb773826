"""Draw piles with reshuffle-from-discard, shared by every card game.

Cards are plain ints (each game decides what an int means). The top of a pile is
the end of its list, so drawing is ``list.pop()``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Self

from tabletop.core.errors import StateFormatError
from tabletop.core.rng import Rng


class Deck:
    """A face-down draw pile and its face-up discard pile.

    When the draw pile runs out, the discard pile except its top ``keep`` cards is
    shuffled into a new draw pile.

    >>> deck = Deck([1, 2, 3])
    >>> deck.draw(Rng(1)), deck.discard(9), len(deck.draw_pile)
    (3, None, 2)
    """

    __slots__ = ("discard_pile", "draw_pile", "keep")

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # Declared so that a compiled build (mypyc) lets ``Deck.__new__`` allocate a
        # blank instance for its copies, as plain Python always does.
        return object.__new__(cls)

    def __init__(self, cards: Iterable[int] = (), *, keep: int = 0) -> None:
        self.draw_pile: list[int] = list(cards)
        self.discard_pile: list[int] = []
        self.keep = keep

    def copy(self) -> Deck:
        twin = Deck.__new__(Deck)
        twin.draw_pile = self.draw_pile[:]
        twin.discard_pile = self.discard_pile[:]
        twin.keep = self.keep
        return twin

    def shuffle(self, rng: Rng) -> None:
        rng.shuffle(self.draw_pile)

    def discard(self, card: int) -> None:
        self.discard_pile.append(card)

    def reshuffle(self, rng: Rng) -> bool:
        """Turn the discards (less the kept top cards) into the draw pile.

        Returns whether any card moved.
        """
        keep = self.keep
        pile = self.discard_pile
        movable = len(pile) - keep
        if movable <= 0:
            return False
        moved = pile[:movable]
        del pile[:movable]
        rng.shuffle(moved)
        self.draw_pile = moved + self.draw_pile
        return True

    def draw(self, rng: Rng) -> int | None:
        """Draw the top card, reshuffling first if needed; ``None`` if none is left."""
        if not self.draw_pile and not self.reshuffle(rng):
            return None
        return self.draw_pile.pop()

    def draw_many(self, n: int, rng: Rng) -> list[int]:
        """Draw up to ``n`` cards (fewer when every card is in play)."""
        out: list[int] = []
        for _ in range(n):
            card = self.draw(rng)
            if card is None:
                break
            out.append(card)
        return out

    def to_dict(self) -> dict[str, list[int]]:
        return {"draw": list(self.draw_pile), "discard": list(self.discard_pile)}

    @classmethod
    def from_dict(cls, data: dict[str, list[int]], *, keep: int = 0) -> Deck:
        deck = cls(data["draw"], keep=keep)
        deck.discard_pile = list(data["discard"])
        return deck


def check_every_card_once(
    names: Sequence[str], copies: Sequence[int], places: Mapping[str, Counter[int]]
) -> None:
    """Raise :class:`StateFormatError` unless each card kind ``k`` (``names[k]``) lies
    ``copies[k]`` times across ``places`` (a count of card kinds per named place), with
    the places that hold it in the message."""
    for k, name in enumerate(names):
        found = {place: count[k] for place, count in places.items() if count[k]}
        total = sum(found.values())
        if total != copies[k]:
            where = ", ".join(f"{place} {n}" for place, n in found.items()) or "nowhere"
            raise StateFormatError(
                "cards: the deck holds {copies} {name} but the state has {total} "
                "({where}): every card must lie in exactly one place",
                copies=copies[k],
                name=name,
                total=total,
                where=where,
            )

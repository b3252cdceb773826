"""Cards of UNO Power as small ints, and the precomputed tables the rules use.

A card is its *kind*: colour, symbol and power icon. Copies of one kind are
interchangeable, so a hand is a list of counts per kind plus a bitmask of the kinds
held; the playable set is one AND of that mask with a table entry. The kind list
comes from the deck data and the icon table, so both stay data.

Kinds are numbered colour by colour (plain numbers, icon numbers, actions), then
the two wild kinds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from tabletop.core.errors import InvalidOptionsError

COLOURS: Final = ("red", "blue", "green", "yellow")
TOWERS: Final = ("U", "N", "O", "!")
NUM_COLOURS: Final = 4
NUM_TOWERS: Final = 4
ALL_TOWERS: Final = 0b1111

# Symbols: 1..9 are numbers; the rest are actions and wilds.
DRAW1, DRAW2, SKIP, REVERSE, GRAB2, WILD_GRAB, WILD_DRAW4 = range(10, 17)
NUM_SYMBOLS: Final = 17
ACTION_NAMES: Final = {
    DRAW1: "draw1",
    DRAW2: "draw2",
    SKIP: "skip",
    REVERSE: "reverse",
    GRAB2: "grab2",
    WILD_GRAB: "wild_grab",
    WILD_DRAW4: "wild_draw4",
}
SYMBOL_BY_NAME: Final = {v: k for k, v in ACTION_NAMES.items()}
ACTION_LABELS: Final = {
    DRAW1: "Draw One",
    DRAW2: "Draw Two",
    SKIP: "Skip",
    REVERSE: "Reverse",
    GRAB2: "Grab Two Towers",
    WILD_GRAB: "Wild Grab-a-Tower",
    WILD_DRAW4: "Wild Draw Four",
}
DRAW_AMOUNT: Final = {DRAW1: 1, DRAW2: 2, WILD_DRAW4: 4}
# The tower that protects its holder from each targeting card.
BLOCKING_TOWER: Final = {DRAW1: 0, DRAW2: 1, WILD_DRAW4: 2, SKIP: 3}
# What each power icon means: the card its tower protects against (rulebook: "U: ...
# Er ist jetzt gegen Zieh-1-Karten geschützt!", N Draw Two, O Wild Draw Four, ! Skip).
ICON_MEANING: Final = {tower: symbol for symbol, tower in BLOCKING_TOWER.items()}

_U_N_O_BANG: Final = {name: i for i, name in enumerate(TOWERS)}


@cache
def deck_data() -> dict[str, Any]:
    """The packaged deck description (``data/deck.json``)."""
    text = resources.files(__package__).joinpath("data/deck.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def default_icon_table() -> str:
    table = deck_data()["icon_table"]
    return " ".join(f"{icon}:{','.join(map(str, nums))}" for icon, nums in table.items())


def parse_icon_table(text: str) -> dict[int, tuple[int, ...]]:
    """Parse ``"U:1,5 N:2,6 O:3,7 !:4,8"`` into {tower: numbers}.

    Each number appears on at most two cards per colour, so it may carry icons at
    most twice.
    """
    out: dict[int, tuple[int, ...]] = {t: () for t in range(NUM_TOWERS)}
    per_number: dict[int, int] = {}
    for part in text.split():
        icon, sep, nums = part.partition(":")
        if not sep or icon not in _U_N_O_BANG:
            raise InvalidOptionsError(
                "icon_table", "bad entry {entry!r}; write e.g. 'U:1,5 N:2,6'", entry=part
            )
        try:
            numbers = tuple(int(n) for n in nums.split(",") if n)
        except ValueError:
            raise InvalidOptionsError(
                "icon_table", "bad numbers in {entry!r}", entry=part
            ) from None
        for n in numbers:
            if not 1 <= n <= 9:
                raise InvalidOptionsError(
                    "icon_table", "number {number} is not a card number 1-9", number=n
                )
            per_number[n] = per_number.get(n, 0) + 1
            if per_number[n] > 2:
                raise InvalidOptionsError(
                    "icon_table", "number {number} has only two cards per colour", number=n
                )
        out[_U_N_O_BANG[icon]] += numbers
    return out


def parse_points(text: str) -> dict[str, int]:
    """Parse overrides such as ``"draw1=20,wild_grab=50"`` over the default values."""
    points: dict[str, int] = {k: v for k, v in deck_data()["points"].items() if k != "number"}
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        name, sep, value = part.partition("=")
        if not sep or name not in points:
            raise InvalidOptionsError(
                "card_points",
                "bad entry {entry!r}; known cards: {known}",
                entry=part,
                known=", ".join(points),
            )
        try:
            points[name] = int(value)
        except ValueError:
            raise InvalidOptionsError(
                "card_points", "{value!r} is not a whole number", value=value
            ) from None
        if points[name] < 1:
            raise InvalidOptionsError(
                "card_points", "{card} must be worth at least 1 point", card=name
            )
    return points


@dataclass(frozen=True, slots=True)
class Kind:
    """What is printed on a card."""

    colour: int  # -1 for wilds
    symbol: int
    icon: int  # tower index, or -1

    @property
    def is_wild(self) -> bool:
        return self.colour < 0

    def name(self) -> str:
        face = str(self.symbol) if self.symbol <= 9 else ACTION_LABELS[self.symbol]
        if self.colour < 0:
            return face
        icon = f" ({TOWERS[self.icon]})" if self.icon >= 0 else ""
        return f"{COLOURS[self.colour]} {face}{icon}"


class CardTable:
    """Every per-kind table of one deck composition (shared, never mutated)."""

    def __init__(self, icon_table: str, card_points: str) -> None:
        data = deck_data()
        icons = parse_icon_table(icon_table)
        points = parse_points(card_points)
        per_colour = data["per_colour"]
        icon_numbers: dict[int, list[int]] = {}
        for tower, numbers in icons.items():
            for n in numbers:
                icon_numbers.setdefault(n, []).append(tower)

        kinds: list[Kind] = []
        copies: list[int] = []
        for colour in range(NUM_COLOURS):
            plain: list[tuple[int, int]] = []
            iconic: list[tuple[Kind, int]] = []
            for num_text, count in per_colour["numbers"].items():
                n = int(num_text)
                towers = icon_numbers.get(n, [])
                if count - len(towers) > 0:
                    plain.append((n, count - len(towers)))
                for tower in towers:
                    iconic.append((Kind(colour, n, tower), 1))
            for n, count in plain:
                kinds.append(Kind(colour, n, -1))
                copies.append(count)
            for kind, count in sorted(iconic, key=lambda kc: (kc[0].symbol, kc[0].icon)):
                found = [i for i, k in enumerate(kinds) if k == kind]
                if found:
                    copies[found[0]] += count
                else:
                    kinds.append(kind)
                    copies.append(count)
            for name in ("draw1", "draw2", "skip", "reverse", "grab2"):
                kinds.append(Kind(colour, SYMBOL_BY_NAME[name], -1))
                copies.append(per_colour[name])
        self.num_coloured = len(kinds)
        for name, count in data["wilds"].items():
            kinds.append(Kind(-1, SYMBOL_BY_NAME[name], -1))
            copies.append(count)

        self.kinds: tuple[Kind, ...] = tuple(kinds)
        self.num_kinds = len(kinds)
        self.copies: tuple[int, ...] = tuple(copies)
        self.colour: tuple[int, ...] = tuple(k.colour for k in kinds)
        self.symbol: tuple[int, ...] = tuple(k.symbol for k in kinds)
        self.icon: tuple[int, ...] = tuple(k.icon for k in kinds)
        self.names: tuple[str, ...] = tuple(k.name() for k in kinds)
        self.points: tuple[int, ...] = tuple(
            k.symbol if k.symbol <= 9 else points[ACTION_NAMES[k.symbol]] for k in kinds
        )
        self.deck: tuple[int, ...] = tuple(k for k, c in enumerate(copies) for _ in range(c))
        self.wild_grab = kinds.index(Kind(-1, WILD_GRAB, -1))
        self.wild_draw4 = kinds.index(Kind(-1, WILD_DRAW4, -1))
        self.wild_mask = (1 << self.wild_grab) | (1 << self.wild_draw4)
        self.wd4_bit = 1 << self.wild_draw4
        self.colour_mask: tuple[int, ...] = tuple(
            _mask(i for i, k in enumerate(kinds) if k.colour == c) for c in range(NUM_COLOURS)
        )
        symbol_mask = self.symbol_mask = tuple(
            _mask(i for i, k in enumerate(kinds) if k.symbol == s) for s in range(NUM_SYMBOLS)
        )
        # match[colour * NUM_SYMBOLS + symbol]: kinds playable on that top card by the
        # plain matching rule (the game adds the rules its options change).
        self.match: tuple[int, ...] = tuple(
            self.colour_mask[c] | symbol_mask[s] | self.wild_mask
            for c in range(NUM_COLOURS)
            for s in range(NUM_SYMBOLS)
        )
        self.number_mask = _mask(i for i, k in enumerate(kinds) if k.symbol <= 9)
        # Kinds that carry no effect at all (plain numbers): the fast path.
        self.plain: tuple[bool, ...] = tuple(k.symbol <= 9 and k.icon < 0 for k in kinds)
        # Same face (colour and symbol, icons ignored): what jump-in calls identical.
        self.same_face: tuple[int, ...] = tuple(
            0
            if k.colour < 0
            else _mask(
                i for i, j in enumerate(kinds) if j.colour == k.colour and j.symbol == k.symbol
            )
            for k in kinds
        )
        self.draw_amount: tuple[int, ...] = tuple(DRAW_AMOUNT.get(k.symbol, 0) for k in kinds)
        self._described = tuple(self._describe(i) for i in range(len(kinds)))

    def describe(self, kind: int) -> dict[str, Any]:
        """A JSON-ready description of a card kind for views and logs (a fresh dict)."""
        # Views describe every card in hand at every step: copy a prebuilt dict.
        return self._described[kind].copy()

    def _describe(self, kind: int) -> dict[str, Any]:
        k = self.kinds[kind]
        return {
            "kind": kind,
            "colour": COLOURS[k.colour] if k.colour >= 0 else None,
            "symbol": str(k.symbol) if k.symbol <= 9 else ACTION_NAMES[k.symbol],
            "icon": TOWERS[k.icon] if k.icon >= 0 else None,
            "points": self.points[kind],
            "label": self.names[kind],
        }


def _mask(indices: Any) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


@cache
def card_table(icon_table: str, card_points: str) -> CardTable:
    """The shared table for a deck composition (cached: tables are immutable)."""
    return CardTable(icon_table, card_points)

"""Kung Fu cards as small ints: the card types' numbers, their effects, and the
:class:`CardTable` of one deck, with the texts and labels people read.

Each card type of a deck file (:mod:`.deck_file`, which loads and checks one) is numbered
in file order, and that number is what hands, piles, Koku rows and action ids use.
"""

from __future__ import annotations

from typing import Any, Final

from tabletop.core.text import plural

RED: Final = 0
BLUE: Final = 1
COLOUR_NAMES: Final = ("red", "blue")
DECK_NAMES: Final = ("attack", "parry")

MAX_VALUE: Final = 12  # a difference to draw is at most 12: the DRAW_RED block has 13 ids
MAX_AMOUNT: Final = 12
MAX_TYPES: Final = 64


class Effect:
    """Effect types as plain ints (``EFFECT_KEYS`` holds their data names)."""

    BOOST: Final = 0
    GAIN_KOKU: Final = 1
    NEGATE_PARRY: Final = 2
    SWITCH_INITIATIVE: Final = 3
    DRAW: Final = 4
    NO_PARRY: Final = 5
    DISCARD_RANDOM: Final = 6
    DISCARD_KOKU: Final = 7
    HEAL: Final = 8
    LOSE: Final = 9


EFFECT_KEYS: Final = (
    "boost",
    "gain_koku",
    "negate_parry",
    "switch_initiative",
    "draw3",
    "no_parry_next_round",
    "discard_random_2",
    "discard_opp_koku",
    "heal2",
    "lose2",
)
EFFECT_BY_KEY: Final = {k: i for i, k in enumerate(EFFECT_KEYS)}
DEFAULT_AMOUNT: Final = {Effect.DRAW: 3, Effect.DISCARD_RANDOM: 2, Effect.HEAL: 2, Effect.LOSE: 2}
ON_ACTIVATE: Final = "on_activate"
ARROW: Final = "on_opp_life_loss"


class EffectSpec:
    """One printed effect of a card type (immutable by convention).

    ``kind`` is an :class:`Effect` int; ``arrow`` whether it waits for the
    opponent's life loss; ``amount`` its number (cards or life); ``to_self``
    whether a ``lose2`` hits its owner (from the data; the game may override).
    """

    __slots__ = ("amount", "arrow", "kind", "to_self")

    def __init__(self, kind: int, arrow: bool, amount: int, to_self: bool) -> None:
        self.kind = kind
        self.arrow = arrow
        self.amount = amount
        self.to_self = to_self

    @property
    def key(self) -> str:
        """The view's name: the type, prefixed ``on_opp_life_loss:`` for the arrow."""
        return f"{ARROW}:{EFFECT_KEYS[self.kind]}" if self.arrow else EFFECT_KEYS[self.kind]


def _words(e: EffectSpec, boosted: int, lose_to_self: bool | None = None) -> str:
    """A few words for a card label; ``lose_to_self`` as in :func:`_sentence`."""
    k = e.kind
    n = e.amount
    to_self = e.to_self if lose_to_self is None else lose_to_self
    text = {
        Effect.BOOST: f"boost to {boosted}",
        Effect.GAIN_KOKU: "keep as koku",
        Effect.NEGATE_PARRY: "negate the parry",
        Effect.SWITCH_INITIATIVE: "switch the initiative",
        Effect.DRAW: f"draw {n}",
        Effect.NO_PARRY: "no parry next round",
        Effect.DISCARD_RANDOM: f"opponent discards {n} at random",
        Effect.DISCARD_KOKU: "discard an opponent's koku",
        Effect.HEAL: f"heal {n}",
        Effect.LOSE: f"lose {n}" if to_self else f"opponent loses {n}",
    }[k]
    return f"after a hit, {text}" if e.arrow else text


def _sentence(e: EffectSpec, boosted: int, worth: int, lose_to_self: bool | None) -> str:
    """What an effect does, for a card's text as people read it; ``lose_to_self``
    overrides whom ``lose2`` hurts (the option ``lose2_target``)."""
    n = e.amount
    to_self = e.to_self if lose_to_self is None else lose_to_self
    text = {
        Effect.BOOST: f"its value becomes {boosted}",
        Effect.GAIN_KOKU: f"after the round it joins your koku row, worth {worth} koku",
        Effect.NEGATE_PARRY: "the opponent's parry counts 0 and cannot be activated",
        Effect.SWITCH_INITIATIVE: "after this round, the defender of this round holds the "
        "initiative",
        Effect.DRAW: f"you draw {plural(n, 'card')}, choosing the piles",
        Effect.NO_PARRY: "the opponent may not parry in the next round",
        Effect.DISCARD_RANDOM: f"the opponent discards {plural(n, 'card')} at random",
        Effect.DISCARD_KOKU: "you discard one card of the opponent's koku row",
        Effect.HEAL: f"you regain {n} life",
        Effect.LOSE: f"you lose {n} life" if to_self else f"the opponent loses {n} life",
    }[e.kind]
    return f"if the opponent has lost life this round, {text}" if e.arrow else text


class CardTable:
    """Every per-type table of one deck (shared between games, never mutated).

    Tuples indexed by type: ``ids``, ``names``, ``colour`` (``RED``/``BLUE``),
    ``value``, ``boosted`` (the boosted value, or ``value``), ``boosted_value``
    (as in the data), ``koku``, ``cost``, ``worth`` (coins in a Koku row),
    ``effects`` (:class:`EffectSpec` tuples), ``post`` (the effects other than
    boost and negate, which resolve after the comparison), ``has_effect``,
    ``has_boost``, ``has_negate``. ``colour_mask`` holds a bitmask of the types of
    each colour and ``deck_cards`` the cards of each colour with repeats.
    """

    def __init__(self, cards: list[dict[str, Any]], title: str, provenance: str) -> None:
        self.title = title
        self.provenance = provenance
        self.num_types = len(cards)
        self.ids: tuple[str, ...] = tuple(c["id"] for c in cards)
        self.names: tuple[str, ...] = tuple(c["name"] for c in cards)
        self.colour: tuple[int, ...] = tuple(DECK_NAMES.index(c["deck"]) for c in cards)
        self.count: tuple[int, ...] = tuple(c["count"] for c in cards)
        self.value: tuple[int, ...] = tuple(c["value"] for c in cards)
        self.boosted_value: tuple[int | None, ...] = tuple(c["boosted_value"] for c in cards)
        self.boosted: tuple[int, ...] = tuple(
            c["value"] if c["boosted_value"] is None else c["boosted_value"] for c in cards
        )
        self.koku: tuple[int, ...] = tuple(c["koku"] for c in cards)
        self.cost: tuple[int, ...] = tuple(c["cost"] for c in cards)
        self.koku_when_gained: tuple[int, ...] = tuple(c["koku_when_gained"] or 0 for c in cards)
        self.card_provenance: tuple[str, ...] = tuple(c["provenance"] for c in cards)
        effects: list[tuple[EffectSpec, ...]] = []
        for c in cards:
            specs = []
            for e in c["effects"]:
                kind = EFFECT_BY_KEY[e["type"]]
                amount = int(e.get("amount", DEFAULT_AMOUNT.get(kind, 0)))
                specs.append(
                    EffectSpec(
                        kind, e["trigger"] == ARROW, amount, e.get("target", "self") == "self"
                    )
                )
            effects.append(tuple(specs))
        self.effects: tuple[tuple[EffectSpec, ...], ...] = tuple(effects)
        self.has_effect: tuple[bool, ...] = tuple(bool(e) for e in effects)
        self.has_boost: tuple[bool, ...] = tuple(
            any(s.kind == Effect.BOOST for s in e) for e in effects
        )
        self.has_negate: tuple[bool, ...] = tuple(
            any(s.kind == Effect.NEGATE_PARRY for s in e) for e in effects
        )
        self.has_gain: tuple[bool, ...] = tuple(
            any(s.kind == Effect.GAIN_KOKU for s in e) for e in effects
        )
        self.post: tuple[tuple[EffectSpec, ...], ...] = tuple(
            tuple(s for s in e if s.kind not in (Effect.BOOST, Effect.NEGATE_PARRY))
            for e in effects
        )
        # Coins a card counts in a Koku row. A gain_koku card counts its
        # koku_when_gained (or its printed coins, if more).
        self.worth: tuple[int, ...] = tuple(
            max(self.koku[k], self.koku_when_gained[k]) if self.has_gain[k] else self.koku[k]
            for k in range(self.num_types)
        )
        self.colour_mask: tuple[int, int] = (_mask(self._types(RED)), _mask(self._types(BLUE)))
        self.deck_cards: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(k for k in self._types(RED) for _ in range(self.count[k])),
            tuple(k for k in self._types(BLUE) for _ in range(self.count[k])),
        )
        self.total_cards = sum(self.count)
        self.max_cost = max(self.cost)
        self.max_effects = max(len(e) for e in effects)
        self.max_amount = max([s.amount for e in effects for s in e] + [0])
        self.labels: tuple[str, ...] = tuple(self._label(k) for k in range(self.num_types))
        self.effect_keys: tuple[tuple[str, ...], ...] = tuple(
            tuple(s.key for s in e) for e in effects
        )
        self.texts: tuple[str, ...] = tuple(self.text(k) for k in range(self.num_types))

    def text(self, k: int, lose_to_self: bool | None = None) -> str:
        """Card type ``k``'s effect as a sentence ("" without one), from the deck's own
        effect data, so the words follow whatever cards are loaded.

        >>> table = load_deck("default")
        >>> table.text(table.type_of("A07"))
        'Activate for 2 koku: its value becomes 5.'
        """
        if not self.effects[k]:
            return ""
        boosted, worth = self.boosted[k], self.worth[k]
        words = "; ".join(_sentence(e, boosted, worth, lose_to_self) for e in self.effects[k])
        return f"Activate for {self.cost[k]} koku: {words}."

    def _types(self, colour: int) -> list[int]:
        return [k for k in range(self.num_types) if self.colour[k] == colour]

    def label(self, k: int, lose_to_self: bool | None = None) -> str:
        """Card type ``k`` in a few words; ``lose_to_self`` overrides whom ``lose2``
        hurts, as in :meth:`text`.

        >>> table = load_deck("default")
        >>> table.label(table.type_of("A07"))
        'Tiger Claw (attack 3/5; cost 2: boost to 5)'
        """
        return self._label(k, lose_to_self)

    def _label(self, k: int, lose_to_self: bool | None = None) -> str:
        deck = DECK_NAMES[self.colour[k]]
        value = (
            f"{self.value[k]}/{self.boosted_value[k]}" if self.has_boost[k] else str(self.value[k])
        )
        text = f"{self.names[k]} ({deck} {value}"
        if self.koku[k]:
            text += f", {self.koku[k]} koku"
        if self.effects[k]:
            words = ", ".join(_words(e, self.boosted[k], lose_to_self) for e in self.effects[k])
            text += f"; cost {self.cost[k]}: {words}"
        return text + ")"

    def describe(self, k: int) -> dict[str, Any]:
        """A JSON-ready description of card type ``k`` for views and logs."""
        return {
            "type": self.ids[k],
            "name": self.names[k],
            "deck": DECK_NAMES[self.colour[k]],
            "value": self.value[k],
            "boosted_value": self.boosted_value[k],
            "koku": self.koku[k],
            "worth": self.worth[k],
            "cost": self.cost[k],
            "effects": list(self.effect_keys[k]),
            "text": self.texts[k],
            "label": self.labels[k],
        }

    def type_of(self, card_id: str) -> int:
        """The type number of the card with id ``card_id`` (e.g. ``"A07"``)."""
        try:
            return self.ids.index(card_id)
        except ValueError:
            raise KeyError(f"no card with id {card_id!r}") from None


def _mask(indices: Any) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m

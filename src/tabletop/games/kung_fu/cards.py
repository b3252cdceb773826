"""Kung Fu cards as small ints: loading and validating a deck file, and the tables.

A deck file is JSON: ``{"format": 1, "title": ..., "provenance": ..., "cards": [...]}``
(a bare list of cards is accepted too). Each card entry is one *type* with a
``count`` of identical copies; types are numbered in file order, and that number is
what hands, piles, Koku rows and action ids use. Fields of an entry (reference
section 6):

==================  ==========================================================
``id``              unique text, e.g. ``"A07"``
``name``            unique text, e.g. ``"Tiger Claw"``
``deck``            ``"attack"`` (red) or ``"parry"`` (blue)
``count``           copies, 1-50
``value``           printed attack or parry value, 0-12
``boosted_value``   ``null``, or the value when the ``boost`` is paid (0-12,
                    at least ``value``); required exactly when there is a boost
``koku``            printed coins, 0-9 (a card with coins stays in its player's
                    Koku row after the round)
``cost``            Koku to activate the effects, 0-20; 0 when there are none
                    (a card with effects and cost 0 is activated for free)
``effects``         list of ``{"type", "trigger", "amount"?, "target"?}``, in
                    printed order; ``trigger`` is ``"on_activate"`` or
                    ``"on_opp_life_loss"`` (the arrow)
``koku_when_gained`` coins counted for a ``gain_koku`` card in the Koku row (1-9);
                    required with ``gain_koku``, ``null`` otherwise
``provenance``      free text: where the data comes from (optional)
==================  ==========================================================

Effect types: ``boost``, ``gain_koku``, ``negate_parry``, ``switch_initiative``,
``draw3``, ``no_parry_next_round``, ``discard_random_2``, ``discard_opp_koku``,
``heal2``, ``lose2``. ``amount`` may change the number of ``draw3`` (cards),
``discard_random_2`` (cards), ``heal2`` and ``lose2`` (life), 1-12; ``target``
(``"opponent"`` or ``"self"``) is for ``lose2`` only; without it the card's owner loses
the life, as the rulebook's legend says ("Du verlierst zwei Lebenspunkte"). ``boost``
and ``negate_parry`` act before the comparison, so they cannot wait for the arrow;
``negate_parry`` belongs on attack cards.

A bad file raises :class:`~tabletop.core.errors.InvalidOptionsError` for the option
``deck``, naming the card and the field.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from tabletop.core.errors import InvalidOptionsError, TabletopError
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

_FIELDS: Final = (
    "id",
    "name",
    "deck",
    "count",
    "value",
    "boosted_value",
    "koku",
    "cost",
    "effects",
    "koku_when_gained",
    "provenance",
)
_REQUIRED: Final = ("id", "name", "deck", "count", "value", "koku", "cost", "effects")


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


# -- loading and validation -------------------------------------------------------


def _int(card: str, data: dict[str, Any], field: str, lo: int, hi: int, where: str = "") -> int:
    value = data[field]
    name = where or field
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidOptionsError(
            "deck",
            "card {card}: field {field!r} must be a whole number, got {value!r}",
            card=card,
            field=name,
            value=value,
        )
    if not lo <= value <= hi:
        raise InvalidOptionsError(
            "deck",
            "card {card}: field {field!r} must be {low} to {high}, got {value}",
            card=card,
            field=name,
            low=lo,
            high=hi,
            value=value,
        )
    return value


def _validate_card(index: int, raw: Any) -> dict[str, Any]:
    """One checked, normalised card entry (missing optional fields filled in)."""
    if not isinstance(raw, dict):
        raise InvalidOptionsError(
            "deck", "card #{number} must be an object, got {raw!r}", number=index + 1, raw=raw
        )
    ident = raw.get("id")
    card = ident if isinstance(ident, str) and ident else f"#{index + 1}"
    for field in raw:
        if field not in _FIELDS:
            raise InvalidOptionsError(
                "deck",
                "card {card}: field {field!r} is not a card field (known: {known})",
                card=card,
                field=field,
                known=", ".join(_FIELDS),
            )
    for field in _REQUIRED:
        if field not in raw:
            raise InvalidOptionsError(
                "deck", "card {card}: field {field!r} is missing", card=card, field=field
            )
    c: dict[str, Any] = {
        "boosted_value": None,
        "koku_when_gained": None,
        "provenance": "",
        **raw,
    }
    for field in ("id", "name"):
        if not isinstance(c[field], str) or not c[field].strip():
            raise InvalidOptionsError(
                "deck",
                "card {card}: field {field!r} must be non-empty text, got {value!r}",
                card=card,
                field=field,
                value=c[field],
            )
    if c["deck"] not in DECK_NAMES:
        raise InvalidOptionsError(
            "deck",
            "card {card}: field {field!r} must be 'attack' or 'parry', got {value!r}",
            card=card,
            field="deck",
            value=c["deck"],
        )
    _int(card, c, "count", 1, 50)
    value = _int(card, c, "value", 0, MAX_VALUE)
    _int(card, c, "koku", 0, 9)
    cost = _int(card, c, "cost", 0, 20)
    if not isinstance(c["provenance"], str):
        raise InvalidOptionsError(
            "deck",
            "card {card}: field {field!r} must be text, got {value!r}",
            card=card,
            field="provenance",
            value=c["provenance"],
        )
    effects = c["effects"]
    if not isinstance(effects, list):
        raise InvalidOptionsError(
            "deck",
            "card {card}: field {field!r} must be a list, got {value!r}",
            card=card,
            field="effects",
            value=effects,
        )
    seen: set[str] = set()
    for j, e in enumerate(effects):
        where = f"effects[{j}]"
        if not isinstance(e, dict):
            raise InvalidOptionsError(
                "deck",
                "card {card}: field {field!r} must be an object, got {value!r}",
                card=card,
                field=where,
                value=e,
            )
        for key in e:
            if key not in ("type", "trigger", "amount", "target"):
                raise InvalidOptionsError(
                    "deck",
                    "card {card}: field {field!r} is not an effect field",
                    card=card,
                    field=f"{where}.{key}",
                )
        kind = e.get("type")
        if kind not in EFFECT_BY_KEY:
            raise InvalidOptionsError(
                "deck",
                "card {card}: field {field!r} must be one of {choices}, got {value!r}",
                card=card,
                field=f"{where}.type",
                choices=", ".join(EFFECT_KEYS),
                value=kind,
            )
        if kind in seen:
            raise InvalidOptionsError(
                "deck",
                "card {card}: field {field!r} repeats {value!r}",
                card=card,
                field=f"{where}.type",
                value=kind,
            )
        seen.add(kind)
        trigger = e.get("trigger")
        if trigger not in (ON_ACTIVATE, ARROW):
            raise InvalidOptionsError(
                "deck",
                "card {card}: field {field!r} must be {first!r} or {second!r}, got {value!r}",
                card=card,
                field=f"{where}.trigger",
                first=ON_ACTIVATE,
                second=ARROW,
                value=trigger,
            )
        if kind in ("boost", "negate_parry") and trigger == ARROW:
            raise InvalidOptionsError(
                "deck",
                "card {card}: field {field!r} {effect} acts before the comparison: use {use!r}",
                card=card,
                field=f"{where}.trigger",
                effect=kind,
                use=ON_ACTIVATE,
            )
        if kind == "negate_parry" and c["deck"] != "attack":
            raise InvalidOptionsError(
                "deck",
                "card {card}: field {field!r} negate_parry belongs on attack cards",
                card=card,
                field=f"{where}.type",
            )
        if "amount" in e:
            if EFFECT_BY_KEY[kind] not in DEFAULT_AMOUNT:
                raise InvalidOptionsError(
                    "deck",
                    "card {card}: field {field!r} {effect} takes no amount",
                    card=card,
                    field=f"{where}.amount",
                    effect=kind,
                )
            _int(card, e, "amount", 1, MAX_AMOUNT, f"{where}.amount")
        if "target" in e:
            if kind != "lose2":
                raise InvalidOptionsError(
                    "deck",
                    "card {card}: field {field!r} only lose2 takes a target",
                    card=card,
                    field=f"{where}.target",
                )
            if e["target"] not in ("opponent", "self"):
                raise InvalidOptionsError(
                    "deck",
                    "card {card}: field {field!r} must be 'opponent' or 'self', got {value!r}",
                    card=card,
                    field=f"{where}.target",
                    value=e["target"],
                )
    if not effects and cost:
        raise InvalidOptionsError(
            "deck",
            "card {card}: field {field!r} is {cost} but the card has no effects",
            card=card,
            field="cost",
            cost=cost,
        )
    boosted = c["boosted_value"]
    if "boost" in seen:
        if boosted is None:
            raise InvalidOptionsError(
                "deck",
                "card {card}: field {field!r} is required with a boost effect",
                card=card,
                field="boosted_value",
            )
        _int(card, c, "boosted_value", value, MAX_VALUE)
    elif boosted is not None:
        raise InvalidOptionsError(
            "deck",
            "card {card}: field {field!r} must be null without a boost effect",
            card=card,
            field="boosted_value",
        )
    if "gain_koku" in seen:
        if c["koku_when_gained"] is None:
            raise InvalidOptionsError(
                "deck",
                "card {card}: field {field!r} is required with gain_koku",
                card=card,
                field="koku_when_gained",
            )
        _int(card, c, "koku_when_gained", 1, 9)
    elif c["koku_when_gained"] is not None:
        raise InvalidOptionsError(
            "deck",
            "card {card}: field {field!r} must be null without gain_koku",
            card=card,
            field="koku_when_gained",
        )
    return c


@lru_cache(maxsize=32)
def parse_deck(text: str, origin: str = "deck file") -> CardTable:
    """Validate deck JSON text and build its :class:`CardTable` (cached by text).

    ``origin`` says where the text comes from in messages: the path of a file, the name
    of a packaged deck (:data:`PACKAGED_DECKS`), or ``"deck file"``.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidOptionsError(
            "deck",
            "{origin} is not valid JSON: {reason}",
            origin=_origin(origin),
            reason=str(exc),
        ) from None
    title = ""
    provenance = ""
    if isinstance(data, dict):
        if "cards" not in data:
            raise InvalidOptionsError(
                "deck", "{origin} has no 'cards' list", origin=_origin(origin)
            )
        title = str(data.get("title", ""))
        provenance = str(data.get("provenance", ""))
        data = data["cards"]
    if not isinstance(data, list) or not data:
        raise InvalidOptionsError(
            "deck", "{origin}: 'cards' must be a non-empty list", origin=_origin(origin)
        )
    if len(data) > MAX_TYPES:
        raise InvalidOptionsError(
            "deck",
            "{origin}: at most {most} card types",
            origin=_origin(origin),
            most=MAX_TYPES,
        )
    cards = [_validate_card(i, raw) for i, raw in enumerate(data)]
    for field in ("id", "name"):
        first: dict[str, str] = {}
        for c in cards:
            if c[field] in first:
                raise InvalidOptionsError(
                    "deck",
                    "card {card}: field {field!r} {value!r} is already used by {other}",
                    card=c["id"],
                    field=field,
                    value=c[field],
                    other=first[c[field]],
                )
            first[c[field]] = c["id"]
    for deck in DECK_NAMES:
        if not any(c["deck"] == deck for c in cards):
            if deck == "attack":
                raise InvalidOptionsError(
                    "deck", "{origin} has no attack cards", origin=_origin(origin)
                )
            raise InvalidOptionsError("deck", "{origin} has no parry cards", origin=_origin(origin))
    return CardTable(cards, title, provenance)


def _origin(origin: str) -> str | TabletopError:
    """Where a deck comes from, for a message: a packaged deck's name and the words
    "deck file" in the reader's language, a path as it is."""
    if origin in PACKAGED_DECKS:
        return TabletopError("the {name} deck", name=origin)
    if origin == "deck file":
        return TabletopError("deck file")
    return origin


PACKAGED_DECKS: Final = {"default": "data/deck.json", "balanced": "data/deck_balanced.json"}
"""The decks shipped with the game, by name: the provisional deck, and the same with
stronger parries so that the starting player has no edge (docs/studies/kung-fu-deck.md)."""


def load_deck(source: str) -> CardTable:
    """The card table of ``source``: a packaged deck (``"default"``, the provisional
    deck, or ``"balanced"``) or the path of a JSON file of the same schema.

    >>> table = load_deck("default")
    >>> table.num_types, table.names[12]
    (32, 'Drunken Master')
    >>> load_deck("balanced").title
    'Kung Fu: BALANCED provisional deck'
    """
    packaged = PACKAGED_DECKS.get(source)
    if packaged is not None:
        text = resources.files(__package__).joinpath(packaged).read_text("utf-8")
        return parse_deck(text, source)
    try:
        text = Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidOptionsError(
            "deck",
            "cannot read {source!r} ({reason}); use 'default' or a path",
            source=source,
            reason=exc.strerror or str(exc),
        ) from None
    return parse_deck(text, source)

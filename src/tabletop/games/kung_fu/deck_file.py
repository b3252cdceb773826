"""A Kung Fu deck file, loaded and checked field by field into a :class:`~.cards.CardTable`.

A deck file is JSON: ``{"format": 1, "title": ..., "provenance": ..., "cards": [...]}``
(a bare list of cards is accepted too). Each card entry is one *type* with a
``count`` of identical copies; types are numbered in file order, and that number is
what hands, piles, Koku rows and action ids use (:mod:`.cards`). Fields of an entry
(docs/games/kung-fu.md, "Entering the real cards"):

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
from tabletop.games.kung_fu.cards import (
    ARROW,
    DECK_NAMES,
    DEFAULT_AMOUNT,
    EFFECT_BY_KEY,
    EFFECT_KEYS,
    MAX_AMOUNT,
    MAX_TYPES,
    MAX_VALUE,
    ON_ACTIVATE,
    CardTable,
)

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

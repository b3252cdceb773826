"""The 66 Power cards of King of Tokyo, loaded from ``data/cards.json``.

Card *types* are the :class:`Card` ints (64 of them, in file order); card
*instances* are the ints ``0..65`` of the physical deck (Extra Head and Evacuation
Orders come twice). Rules code compares types; piles and hands hold instances, so
that two copies of a card stay two cards.

The data keeps the 2016 names, costs and texts, with the 2011 differences under
``edition_2011``; :class:`CardTable` serves one edition.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from importlib import resources
from typing import Any, Literal

Edition = Literal["2011", "2016"]


class Card(IntEnum):
    """Power card types, by their stable ids (the order of the data file)."""

    ACID_ATTACK = 0
    ALIEN_ORIGIN = 1
    ALPHA_MONSTER = 2
    ARMOR_PLATING = 3
    BACKGROUND_DWELLER = 4
    BATTERY_MONSTER = 5
    BURROWING = 6
    CAMOUFLAGE = 7
    COMPLETE_DESTRUCTION = 8
    DETRITIVORE = 9
    EATER_OF_THE_DEAD = 10
    ENERGY_DRINK = 11
    ENERGY_HOARDER = 12
    EVEN_BIGGER = 13
    EXTRA_HEAD = 14
    FIRE_BREATHING = 15
    FREEZE_TIME = 16
    FRIEND_OF_CHILDREN = 17
    GIANT_BRAIN = 18
    GOURMET = 19
    HEALING_RAY = 20
    HERBIVORE = 21
    HERD_CULLER = 22
    IT_HAS_A_CHILD = 23
    JETS = 24
    MADE_IN_A_LAB = 25
    MEDIA_FRIENDLY = 26
    METAMORPH = 27
    MIMIC = 28
    NOVA_BREATH = 29
    OPPORTUNIST = 30
    PARASITIC_TENTACLES = 31
    PLOT_TWIST = 32
    POISON_QUILLS = 33
    POISON_SPIT = 34
    PSYCHIC_PROBE = 35
    RAPID_HEALING = 36
    REGENERATION = 37
    ROOTING_FOR_THE_UNDERDOG = 38
    SHRINK_RAY = 39
    SMOKE_CLOUD = 40
    SOLAR_POWERED = 41
    SPIKED_TAIL = 42
    STRETCHY = 43
    URBAVORE = 44
    WERE_ONLY_MAKING_IT_STRONGER = 45
    WINGS = 46
    APARTMENT_BUILDING = 47
    COMMUTER_TRAIN = 48
    CORNER_STORE = 49
    DEATH_FROM_ABOVE = 50
    ENERGIZE = 51
    EVACUATION_ORDERS = 52
    FLAME_THROWER = 53
    FRENZY = 54
    GAS_REFINERY = 55
    HEAL = 56
    HIGH_ALTITUDE_BOMBING = 57
    JET_FIGHTERS = 58
    NATIONAL_GUARD = 59
    NUCLEAR_POWER_PLANT = 60
    SKYSCRAPER = 61
    TANK = 62
    VAST_STORM = 63

    @property
    def slug(self) -> str:
        """The card's stable id, e.g. ``"acid_attack"``."""
        return self.name.lower()


NUM_TYPES = len(Card)


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card type as printed in one edition."""

    card: Card
    name: str
    cost: int
    keep: bool
    count: int
    text: str
    bga: tuple[int, ...]

    def describe(self) -> dict[str, Any]:
        """JSON-ready description for views and clients."""
        return {
            "id": self.card.slug,
            "name": self.name,
            "cost": self.cost,
            "kind": "keep" if self.keep else "discard",
            "text": self.text,
        }


class CardTable:
    """The cards of one edition: per-type info and the physical deck.

    >>> table = card_table("2011")
    >>> table.info[Card.BATTERY_MONSTER].name, table.info[Card.BATTERY_MONSTER].cost
    ('Monster Batteries', 2)
    >>> len(table.instances), table.instances.count(Card.EXTRA_HEAD)
    (66, 2)
    """

    def __init__(self, edition: Edition, raw: list[dict[str, Any]]) -> None:
        if len(raw) != NUM_TYPES:
            raise ValueError(f"cards.json lists {len(raw)} card types, expected {NUM_TYPES}")
        infos: list[CardInfo] = []
        for card, entry in zip(Card, raw, strict=True):
            if entry["id"] != card.slug:
                raise ValueError(
                    f"cards.json: {entry['id']!r} is out of order (expected {card.slug})"
                )
            printed = dict(entry)
            if edition == "2011":
                printed.update(entry.get("edition_2011", {}))
            infos.append(
                CardInfo(
                    card=card,
                    name=str(printed["name"]),
                    cost=int(printed["cost"]),
                    keep=printed["kind"] == "keep",
                    count=int(printed["count"]),
                    text=str(printed["text"]),
                    bga=tuple(int(b) for b in entry["bga"]),
                )
            )
        self.edition = edition
        self.info: tuple[CardInfo, ...] = tuple(infos)
        self.instances: tuple[Card, ...] = tuple(i.card for i in infos for _ in range(i.count))
        # ``1 << card`` per instance, as plain ints (for the monsters' masks).
        self.bits: tuple[int, ...] = tuple(1 << c for c in self.instances)
        self.cost: tuple[int, ...] = tuple(self.info[c].cost for c in self.instances)
        self.keep: tuple[bool, ...] = tuple(self.info[c].keep for c in self.instances)
        self.names: tuple[str, ...] = tuple(self.info[c].name for c in self.instances)
        # A name per instance that tells the two copies of a card apart, for labels.
        self.instance_names: tuple[str, ...] = tuple(
            f"{self.info[c].name} #{self.instances[:i].count(c) + 1}"
            if self.info[c].count > 1
            else self.info[c].name
            for i, c in enumerate(self.instances)
        )
        self.described: tuple[dict[str, Any], ...] = tuple(
            self.info[c].describe() for c in self.instances
        )

    def __len__(self) -> int:
        return len(self.instances)


@cache
def _raw_cards() -> tuple[dict[str, Any], ...]:
    text = resources.files("tabletop.games.king_of_tokyo").joinpath("data/cards.json").read_text()
    data = json.loads(text)
    return tuple(data["cards"])


@cache
def card_table(edition: Edition) -> CardTable:
    """The (shared, immutable) card table of ``edition``."""
    return CardTable(edition, list(_raw_cards()))


NUM_INSTANCES = sum(int(c["count"]) for c in _raw_cards())

"""The 72 Power Up! Evolution cards, loaded from ``data/evolutions.json``.

Each monster has a deck of 8 Evolutions (docs/games/king-of-tokyo.md, "The 72
Evolutions"), *temporary* (discarded after use) or *permanent* (played face up).
``when`` names the timing window in which a card may be played (``any`` for none).
Evolutions are numbered ``0..71`` in file order; an Evolution is a single card, so
its number is both its type and its instance.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

WINDOWS = (
    "any",
    "before_start",
    "start_question",
    "after_other_roll",
    "change_dice",
    "before_resolve",
    "resolving",
    "damage",
    "after_damage",
    "zero",
    "yield",
    "other_enter",
    "after_enter",
    "other_buy",
    "buy",
    "end",
    "end_own",
)
"""The timing windows (the moments the cards name for playing them), as ``when``
values."""


@dataclass(frozen=True, slots=True)
class EvolutionInfo:
    """One Evolution card."""

    number: int
    id: str
    bga: int
    monster: str
    name: str
    permanent: bool
    when: str
    text: str

    def describe(self) -> dict[str, Any]:
        """JSON-ready description for views and clients."""
        return {
            "id": self.id,
            "name": self.name,
            "monster": self.monster,
            "kind": "permanent" if self.permanent else "temporary",
            "text": self.text,
        }


class EvolutionTable:
    """Every Evolution, and each monster's deck of them.

    >>> table = evolution_table()
    >>> len(table.info), len(table.deck_of["pandakai"])
    (72, 8)
    >>> table.by_id["nine_lives"].monster
    'cyber_kitty'
    """

    def __init__(self, raw: list[dict[str, Any]]) -> None:
        infos = []
        for number, entry in enumerate(raw):
            when = str(entry["when"])
            if when not in WINDOWS:
                raise ValueError(f"evolutions.json: {entry['id']} has an unknown window {when!r}")
            infos.append(
                EvolutionInfo(
                    number=number,
                    id=str(entry["id"]),
                    bga=int(entry["bga"]),
                    monster=str(entry["monster"]),
                    name=str(entry["name"]),
                    permanent=entry["kind"] == "permanent",
                    when=when,
                    text=str(entry["text"]),
                )
            )
        self.info: tuple[EvolutionInfo, ...] = tuple(infos)
        self.by_id: dict[str, EvolutionInfo] = {e.id: e for e in infos}
        decks: dict[str, list[int]] = {}
        for e in infos:
            decks.setdefault(e.monster, []).append(e.number)
        self.deck_of: dict[str, tuple[int, ...]] = {m: tuple(d) for m, d in decks.items()}
        self.untimed: frozenset[int] = frozenset(e.number for e in infos if e.when == "any")
        """The Evolutions without a printed timing (``when == "any"``)."""


@cache
def evolution_table() -> EvolutionTable:
    """The shared, immutable table of Evolutions."""
    pkg = resources.files("tabletop.games.king_of_tokyo")
    data = json.loads(pkg.joinpath("data/evolutions.json").read_text())
    return EvolutionTable(list(data["evolutions"]))

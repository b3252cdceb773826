"""Per-game statistics: one small module per game, found by the game's id.

A game's module (``tabletop.sim.stats.<game_id with _ for ->``, e.g.
``king_of_tokyo``) defines ``STATS``, a :class:`StatsExtractor`. It reads a
finished state (its ``view(None)``, ``to_dict()`` or log) and returns a
:class:`GameStats` of four generic kinds of data, which the summary turns into
tables and plots without knowing the game:

- ``counters``: numbers per seat (towers taken, effects used, turns in Tokyo),
  averaged per player, and for winners against the others;
- ``items``: things a seat had during the game (cards bought, effects used); the
  summary gives each item's win rate *with* and *without* it, with intervals (the
  "card strength" table);
- ``labels``: one category per seat and key (the monster played), with a win rate
  per value;
- ``outcome``: categories of the whole game (victory by stars or by elimination).

Adding a game's statistics is adding its module; games without one still get
every generic figure (win rates, ratings, first-player advantage, lengths).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tabletop.core.game import State


@dataclass(frozen=True, slots=True)
class GameStats:
    """Statistics of one finished game, JSON-ready, with one entry per seat."""

    counters: list[dict[str, float]] = field(default_factory=list)
    items: list[list[str]] = field(default_factory=list)
    labels: list[dict[str, str]] = field(default_factory=list)
    outcome: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "counters": self.counters,
            "items": self.items,
            "labels": self.labels,
            "outcome": self.outcome,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameStats:
        return cls(
            counters=[{str(k): float(v) for k, v in c.items()} for c in data.get("counters", [])],
            items=[[str(i) for i in seat] for seat in data.get("items", [])],
            labels=[{str(k): str(v) for k, v in s.items()} for s in data.get("labels", [])],
            outcome={str(k): str(v) for k, v in data.get("outcome", {}).items()},
        )


class StatsExtractor:
    """Reads what a game's statistics need from its final state.

    The base class is the extractor of games without their own module: no
    per-game figures, the first player is ``current_player`` of the new state.
    """

    title: str = ""
    """A heading for the game's section of the report."""
    needs_log: bool = False
    """Whether ``extract`` reads ``state.log`` (the games are then played with the log on)."""
    counters: ClassVar[Mapping[str, str]] = {}
    """Counter name -> what it counts, in display order."""
    items_title: str = "item"
    """What an item is ("card bought"), for the strength table's heading."""
    labels: ClassVar[Mapping[str, str]] = {}
    """Label key -> what it is."""
    outcomes: ClassVar[Mapping[str, str]] = {}
    """Outcome key -> what it is."""

    def first_player(self, state: State) -> int:
        """The seat that acts first in the new ``state`` (for the first-player advantage)."""
        return state.current_player

    def extract(self, state: State) -> GameStats:
        """The statistics of the finished game ``state``."""
        return GameStats()


_GENERIC = StatsExtractor()
_REGISTERED: dict[str, StatsExtractor] = {}


def register_stats(game_id: str, extractor: StatsExtractor) -> None:
    """Use ``extractor`` for ``game_id`` (for games outside this package)."""
    _REGISTERED[game_id] = extractor


def stats_for(game_id: str) -> StatsExtractor:
    """The extractor of ``game_id``: registered, its module's ``STATS``, or the generic one."""
    found = _REGISTERED.get(game_id)
    if found is not None:
        return found
    name = f"{__name__}.{game_id.replace('-', '_')}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        found = _GENERIC
    else:
        found = module.STATS
        if not isinstance(found, StatsExtractor):
            raise TypeError(f"{name}.STATS must be a StatsExtractor")
    _REGISTERED[game_id] = found
    return found


__all__ = ["GameStats", "StatsExtractor", "register_stats", "stats_for"]

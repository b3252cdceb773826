"""Bots by name: ``make_bot("heuristic", "uno-power", seed=1)``.

Game-specific bots live in ``tabletop.games.<game>.bots`` and are looked up here
by name, so every layer (terminal, server, simulation, RL opponents) offers the
same list.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from tabletop.bots.base import Bot, RandomBot
from tabletop.core.errors import TabletopError
from tabletop.core.registry import game_class

BotFactory = Callable[[int | None], Bot]

_GENERIC: dict[str, str] = {
    "random": "tabletop.bots.base:RandomBot",
    "ismcts": "tabletop.bots.ismcts:NormalBot",
    "easy": "tabletop.bots.ismcts:EasyBot",
    "normal": "tabletop.bots.ismcts:NormalBot",
    "hard": "tabletop.bots.ismcts:HardBot",
}
# game id -> bot name -> "module:Class"
_PER_GAME: dict[str, dict[str, str]] = {
    "uno-power": {"heuristic": "tabletop.games.uno_power.bots:UnoHeuristicBot"},
    "kung-fu": {"heuristic": "tabletop.games.kung_fu.bots:KungFuHeuristicBot"},
    "king-of-tokyo": {"heuristic": "tabletop.games.king_of_tokyo.bots:KingOfTokyoHeuristicBot"},
}


class UnknownBotError(TabletopError):
    """No bot of that name exists for the game."""


def list_bots(game_id: str) -> list[str]:
    """Bot names available for ``game_id``."""
    game_class(game_id)  # validates the id
    return sorted({*_GENERIC, *_PER_GAME.get(game_id, {})})


def register_bot(game_id: str | None, name: str, target: str) -> None:
    """Register a bot class (``"module:Class"``) for one game, or all if ``None``."""
    if game_id is None:
        _GENERIC[name] = target
    else:
        _PER_GAME.setdefault(game_id, {})[name] = target


def make_bot(name: str, game_id: str, *, seed: int | None = None) -> Bot:
    """A new bot called ``name`` for ``game_id``, seeded with ``seed``."""
    target = _PER_GAME.get(game_id, {}).get(name) or _GENERIC.get(name)
    if target is None:
        raise UnknownBotError(
            f"unknown bot {name!r} for {game_id}; available: {', '.join(list_bots(game_id))}"
        )
    module, _, attr = target.partition(":")
    cls: type[Bot] = getattr(importlib.import_module(module), attr)
    return cls(seed)


__all__ = ["Bot", "RandomBot", "UnknownBotError", "list_bots", "make_bot", "register_bot"]

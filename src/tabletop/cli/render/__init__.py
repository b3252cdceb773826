"""Renderers by game id: how the terminal draws each game.

The play loop and ``replay`` are generic; what a game's screen looks like lives
in one renderer module per game, found here by game id. A game without one gets
the generic :class:`Renderer`, which prints the view as indented key/values, so
every registered game is playable in the terminal from day one. To add a game:
write ``render/<game>.py`` with a :class:`Renderer` subclass and register it in
``_RENDERERS`` (or call :func:`register_renderer`).
"""

from __future__ import annotations

import importlib

from tabletop.cli.render.base import MatchResult, Renderer, Seating, View

# game id -> "module:Class"; imported on first use, like the game registry, so a
# broken renderer cannot break the other games' commands.
_RENDERERS: dict[str, str] = {
    "uno-power": "tabletop.cli.render.uno_power:UnoPowerRenderer",
    "kung-fu": "tabletop.cli.render.kung_fu:KungFuRenderer",
    "king-of-tokyo": "tabletop.cli.render.king_of_tokyo:KingOfTokyoRenderer",
}


def register_renderer(game_id: str, target: str) -> None:
    """Use the renderer class ``target`` (``"module:Class"``) for ``game_id``."""
    _RENDERERS[game_id] = target


def get_renderer(game_id: str) -> Renderer:
    """A renderer for ``game_id``: its own if registered, else the generic one."""
    target = _RENDERERS.get(game_id)
    if target is None:
        return Renderer()
    module, _, name = target.partition(":")
    cls: type[Renderer] = getattr(importlib.import_module(module), name)
    return cls()


__all__ = ["MatchResult", "Renderer", "Seating", "View", "get_renderer", "register_renderer"]

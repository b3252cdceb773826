"""Kung Fu (Michael Palm and Lukas Zach, White Goblin Games, 2013): a two-player
card duel of red attacks against blue parries, paid effects and the initiative.

See ``docs/games/kung-fu.md`` for the rules as implemented, every option and
ruling, the action encoding and the view schema. The shipped deck is provisional.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.registry import lazy_exports

if TYPE_CHECKING:
    from tabletop.games.kung_fu.game import KungFuGame
    from tabletop.games.kung_fu.options import KungFuOptions

__all__ = ["KungFuGame", "KungFuOptions"]
__getattr__ = lazy_exports(
    __name__,
    {
        "KungFuGame": "tabletop.games.kung_fu.game",
        "KungFuOptions": "tabletop.games.kung_fu.options",
    },
)

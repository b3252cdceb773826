"""King of Tokyo: the 2011 and 2016 base game for 2 to 6 monsters.

The rules follow the 2011 and 2016 rulebooks; ``docs/games/king-of-tokyo.md``
describes the rules as implemented, every option, the actions and the view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.registry import lazy_exports

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.game import KingOfTokyoGame

__all__ = ["KingOfTokyoGame"]
__getattr__ = lazy_exports(__name__, {"KingOfTokyoGame": "tabletop.games.king_of_tokyo.game"})

"""UNO Power (Mattel BBR60, "UNO Power Grab"): UNO with four Power Towers.

See ``docs/games/uno-power.md`` for the rules as implemented, every option and
ruling, and the view schema.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.registry import lazy_exports

if TYPE_CHECKING:
    from tabletop.games.uno_power.game import UnoPowerGame
    from tabletop.games.uno_power.options import UnoPowerOptions

__all__ = ["UnoPowerGame", "UnoPowerOptions"]
__getattr__ = lazy_exports(
    __name__,
    {
        "UnoPowerGame": "tabletop.games.uno_power.game",
        "UnoPowerOptions": "tabletop.games.uno_power.options",
    },
)

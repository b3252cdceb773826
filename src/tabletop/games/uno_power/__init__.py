"""UNO Power (Mattel BBR60, "UNO Power Grab"): UNO with four Power Towers.

See ``docs/games/uno-power.md`` for the rules as implemented, every option and
ruling, and the view schema.
"""

from tabletop.games.uno_power.game import UnoPowerGame
from tabletop.games.uno_power.options import UnoPowerOptions

__all__ = ["UnoPowerGame", "UnoPowerOptions"]

"""How fast a table's bots move: the pace its creator chose, within the server's bounds.

The driver waits a table's pace before each bot move, so that a person sees a bot's
move before the next one (the browser animates each). A table's creator may choose
the pace (the lobby's "Bots' pace"), between ``min_bot_pause_s`` and
``max_bot_pause_s`` (never narrower than the server's own ``bot_pause_s``, which a
table without a choice takes). A pace stored with a table is bounded again whenever
it is used, so that a server restarted with other bounds applies them to its tables.
"""

from __future__ import annotations

import math

from tabletop.server.live import TableError
from tabletop.server.rows import TableRow
from tabletop.server.settings import ServerSettings
from tabletop.server.words import N_


def pace_range(settings: ServerSettings) -> tuple[float, float]:
    """The least and the most seconds between two bot moves a table may choose."""
    low = min(settings.min_bot_pause_s, settings.bot_pause_s)
    high = max(settings.max_bot_pause_s, settings.bot_pause_s)
    return max(0.0, low), high


def pace_offer(settings: ServerSettings) -> dict[str, float]:
    """What the lobby offers: the server's pace (``default``) and the range."""
    low, high = pace_range(settings)
    return {"default": settings.bot_pause_s, "min": low, "max": high}


def checked_pace(seconds: float | None, settings: ServerSettings) -> float | None:
    """A creator's pace for a new table (``None``: the server's), or a refusal that
    names the range."""
    if seconds is None:
        return None
    low, high = pace_range(settings)
    if not (math.isfinite(seconds) and low <= seconds <= high):
        raise TableError(
            N_("the bots' pace is between {low} and {high} seconds a move"),
            422,
            low=f"{low:g}",
            high=f"{high:g}",
        )
    return float(seconds)


def table_pace(row: TableRow, settings: ServerSettings) -> float:
    """The seconds the driver waits before each bot move of the table ``row``."""
    if row.bot_pause_s is None:
        return settings.bot_pause_s
    low, high = pace_range(settings)
    return min(max(row.bot_pause_s, low), high)

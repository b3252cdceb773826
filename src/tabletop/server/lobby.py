"""The lobby's list of tables: each table's public summary and how long it has been idle.

A table left by its people stays listed (a waiting table until it expires, a game
paused until somebody comes back): ``idle_s``, the seconds since it was made or since
its last move, lets the lobby say its age and fold away the ones abandoned long ago.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from tabletop.server.live import OVER, PLAYING, WAITING, row_summary
from tabletop.server.rows import TableRow
from tabletop.server.storage import Storage

if TYPE_CHECKING:
    from tabletop.server.tables import TableManager

LISTED = 200
"""The newest tables the lobby lists."""


def _rows_and_moves(storage: Storage) -> tuple[list[TableRow], dict[str, float]]:
    rows = storage.list_tables(statuses=(WAITING, PLAYING, OVER), limit=LISTED)
    return rows, storage.last_moves([(row.id, row.version) for row in rows])


async def lobby_tables(storage: Storage, manager: TableManager) -> list[dict[str, Any]]:
    """The lobby's list, newest first: each table's summary (a live one's from memory)
    with ``idle_s``, the whole seconds since its last move or its making."""
    rows, moved = await asyncio.to_thread(_rows_and_moves, storage)
    now = time.time()
    out = []
    for row in rows:
        live = manager.tables.get(row.id) or manager.finished.get(row.id)
        summary = live.summary() if live is not None else row_summary(row)
        since = max(row.created_at, moved.get(row.id, row.created_at))
        summary["idle_s"] = max(0, round(now - since))
        out.append(summary)
    return out

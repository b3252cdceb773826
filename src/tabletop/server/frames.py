"""What each client receives after a change: its own seat's view, the log events it
may see since its last frame, and its legal actions, in its person's language.

Nothing else of a table's state ever leaves the server: every frame is built here,
per connection, from ``state.view(seat)`` and ``state.log_for(seat, since)``.
"""

from __future__ import annotations

from typing import Any

from tabletop.server import preferences as prefs
from tabletop.server.live import PLAYING, Connection, LiveTable
from tabletop.server.reading import client_event, legal_moves


def state_message(
    table: LiveTable, conn: Connection, views: dict[int | None, Any]
) -> dict[str, Any]:
    """``conn``'s update: its own view and new log events, never another seat's;
    the events and the labels of its legal actions in its person's language."""
    state = table.state
    words = conn.reader
    seat = conn.seat
    if seat not in views:
        views[seat] = state.view(seat)
    events = state.log_for(seat, conn.next_seq)
    all_events = state.log
    conn.next_seq = all_events[-1].seq + 1 if all_events else 0
    legal: list[dict[str, Any]] = []
    if (
        seat is not None
        and table.row.status == PLAYING
        and seat == state.current_player
        and table.bot_for(seat) is None
        and not prefs.will_answer(table, seat)
    ):
        legal = legal_moves(state, words)
    return {
        "type": "state",
        "version": len(state.history),
        "seat": seat,
        "table": table.summary(),
        "current_player": state.current_player,
        "view": views[seat],
        "log": [client_event(state, e, words) for e in events],
        "legal": legal,
        "result": table.row.result,
        "preferences": prefs.values(table, seat),
    }


def broadcast(table: LiveTable) -> None:
    """Send every connection of ``table`` its update: one view per seat, reused."""
    views: dict[int | None, Any] = {}
    for conn in list(table.connections):
        conn.send(state_message(table, conn, views))

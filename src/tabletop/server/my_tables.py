"""An account's tables: the seats it holds, found from any device.

A seat is an account's when a signed-in person takes it, or when a guest's browser
that holds the seat's token links it (at sign-up or sign-in the browser links every
seat it holds: a guest who signs up keeps them). On another device, the signed-in
person takes the seat there: the seat gets a new token, handed to that browser only,
and the token the other device held stops working (it takes the seat back the same
way). Nothing here needs the old token, so the account alone is the key: a session
is worth as much as the seats it holds.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from sqlalchemy import and_, func, select, update

from tabletop.core.registry import game_class
from tabletop.server.live import READ_ONLY, TableError, hash_token
from tabletop.server.schema import actions_t, seats_t, tables_t
from tabletop.server.words import N_

if TYPE_CHECKING:
    from tabletop.server.accounts import User
    from tabletop.server.storage import Storage
    from tabletop.server.tables import TableManager

MOST_LINKED = 50
"""The seats one request may link: about what a browser holds."""
MOST_LISTED = 100


def link_seats(storage: Storage, user: User, claims: Any) -> int:
    """Make the guest seats whose tokens ``claims`` holds (``[{"table", "seat",
    "token"}]``) the account's; how many were. A wrong token, or a seat already
    another account's, is passed over without a word (a browser's list may be old)."""
    if not isinstance(claims, list) or len(claims) > MOST_LINKED:
        raise TableError(N_("seats is a list of at most {most} seats"), 422, most=MOST_LINKED)
    linked = 0
    with storage.transaction() as conn:
        for claim in claims:
            if not isinstance(claim, dict):
                continue
            table, seat, token = claim.get("table"), claim.get("seat"), claim.get("token")
            if not (isinstance(table, str) and isinstance(seat, int) and isinstance(token, str)):
                continue
            done = conn.execute(
                update(seats_t)
                .where(
                    seats_t.c.table_id == table,
                    seats_t.c.seat == seat,
                    seats_t.c.token_hash == hash_token(token),
                    seats_t.c.user_id.is_(None),
                )
                .values(user_id=user.id)
            )
            linked += done.rowcount
    return linked


def my_tables(storage: Storage, user: User) -> list[dict[str, Any]]:
    """The account's tables, the most recently played first: each with its game,
    status, moves, the seat held, the players' names and the last move's time."""
    last_move = (
        select(actions_t.c.table_id, func.max(actions_t.c.at).label("at"))
        .group_by(actions_t.c.table_id)
        .subquery()
    )
    with storage.connection() as conn:
        rows = conn.execute(
            select(
                tables_t.c.id,
                tables_t.c.game,
                tables_t.c.status,
                tables_t.c.version,
                tables_t.c.created_at,
                tables_t.c.turn_due_at,
                tables_t.c.to_move,
                seats_t.c.seat,
                last_move.c.at,
            )
            .join(seats_t, and_(seats_t.c.table_id == tables_t.c.id, seats_t.c.user_id == user.id))
            .outerjoin(last_move, last_move.c.table_id == tables_t.c.id)
            .where(tables_t.c.status.in_(("waiting", "playing", "over")))
            .order_by(func.coalesce(last_move.c.at, tables_t.c.created_at).desc())
            .limit(MOST_LISTED)
        ).all()
        ids = [r.id for r in rows]
        names: dict[str, list[str]] = {i: [] for i in ids}
        for seat in conn.execute(
            select(seats_t.c.table_id, seats_t.c.name)
            .where(seats_t.c.table_id.in_(ids))
            .order_by(seats_t.c.table_id, seats_t.c.seat)
        ):
            names[seat.table_id].append(seat.name)
    return [
        {
            "id": r.id,
            "game": r.game,
            "title": game_class(r.game).title,
            "status": r.status,
            "version": r.version,
            "seat": r.seat,
            "players": names[r.id],
            "created_at": r.created_at,
            "last_move_at": r.at,
            "turn_due_at": r.turn_due_at,  # turn-based: when the person to move runs out
            # Whose turn as stored with the last move (None: a table from before that)
            "your_turn": None if r.to_move is None else r.to_move == r.seat,
        }
        for r in rows
    ]


def with_turns(manager: TableManager, tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``tables`` with ``your_turn`` (True when the account's seat decides now) and
    ``turn_due_at`` (a turn-based table's clock: when the person to move runs out of
    time; None while a bot is to move) as this process holds them where it plays the
    table, else as stored with the table's last move."""
    for entry in tables:
        live = manager.tables.get(entry["id"])
        if entry["status"] != "playing":
            entry["your_turn"] = False
        elif live is not None:
            entry["your_turn"] = live.state.current_player == entry["seat"]
            entry["turn_due_at"] = live.row.turn_due_at
    return tables


async def take_seat(
    manager: TableManager, storage: Storage, user: User, table_id: str, seat: int
) -> str:
    """A new token for the account's ``seat`` of ``table_id``, for this browser; the
    token another device held stops working. 404 for a seat that is not the
    account's (whether the table exists is not told), 409 at a finished table."""
    owner = await asyncio.to_thread(_seat_owner, storage, table_id, seat)
    if owner != user.id:
        raise TableError(N_("you hold no seat {seat} at this table"), 404, seat=seat)
    table = await manager.get(table_id)  # another process's table: the request goes there
    if table is None:
        raise TableError(N_("you hold no seat {seat} at this table"), 404, seat=seat)
    async with table.lock:
        if table.row.status in READ_ONLY:
            raise TableError(N_("the game is over"), 409)
        token = secrets.token_urlsafe(24)
        row = table.row.seats[seat]
        row.token_hash = hash_token(token)
        await asyncio.to_thread(storage.update_seat, table.id, row)
    return token


def _seat_owner(storage: Storage, table_id: str, seat: int) -> str | None:
    with storage.connection() as conn:
        owner: str | None = conn.execute(
            select(seats_t.c.user_id).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
        ).scalar_one_or_none()
    return owner

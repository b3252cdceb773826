"""A table's rows as Python values, and their conversion to and from the database's
(:mod:`.schema`): what :mod:`.storage` writes and reads, and what the rest of the
server holds of a table between its writes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, insert

from tabletop.server.schema import seats_t, tables_t
from tabletop.server.terms import TableTerms


@dataclass(slots=True)
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None = None
    replaced: bool = False
    preferences: dict[str, Any] | None = None
    think: float | None = None
    user_id: str | None = None  # the account holding it (a rated table's seats are accounts')


@dataclass(slots=True)
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    num_players: int
    seed: int
    status: str
    version: int
    replace_bot: str | None
    leave_grace_s: float
    created_at: float
    seats: list[SeatRow] = field(default_factory=list)
    result: dict[str, Any] | None = None
    known_deal: bool = False
    created_by: str | None = None
    position: dict[str, Any] | None = None
    owner: str | None = None  # the process playing it (server/cluster.py)
    asleep: bool = False  # out of memory until somebody opens it (server/quotas.py)
    bot_pause_s: float | None = None  # the bots' pace its creator chose (server/pace.py)
    # Real-time or turn-based, rated or not (server/terms.py)
    terms: TableTerms = field(default_factory=TableTerms)
    turn_due_at: float | None = None  # turn-based: when the person to move runs out of time
    to_move: int | None = None  # the seat whose decision it is (none: over, or not known)


@dataclass(frozen=True, slots=True)
class Append:
    """One table's next action, to be committed (:meth:`Storage.append_actions`)."""

    table_id: str
    ply: int
    action: int
    seat: int
    status: str
    result: dict[str, Any] | None = None
    snapshot: dict[str, Any] | None = None
    owner: str | None = None  # several processes: the writer's id, checked in the same statement
    turn_due_at: float | None = None  # turn-based: the clock after it (server/turns.py)
    to_move: int | None = None  # the seat whose decision it is after it (none: over)
    rating_due: bool = False  # a rated table's end by its rules, to be rated (server/ratings.py)


def insert_table(conn: Connection, row: TableRow) -> None:
    """Insert the table ``row`` and its seats (within the caller's transaction)."""
    conn.execute(
        insert(tables_t).values(
            id=row.id,
            game=row.game,
            options=row.options,
            num_players=row.num_players,
            seed=str(row.seed),
            status=row.status,
            version=row.version,
            replace_bot=row.replace_bot,
            leave_grace_s=row.leave_grace_s,
            created_at=row.created_at,
            result=row.result,
            known_deal=row.known_deal,
            created_by=row.created_by,
            position=row.position,
            owner=row.owner,
            bot_pause_s=row.bot_pause_s,
            terms=row.terms.to_json(),
            turn_due_at=row.turn_due_at,
            to_move=row.to_move,
        )
    )
    conn.execute(
        insert(seats_t),
        [
            {
                "table_id": row.id,
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "name": s.name,
                "token_hash": s.token_hash,
                "replaced": s.replaced,
                "preferences": s.preferences,
                "think": s.think,
                "user_id": s.user_id,
            }
            for s in row.seats
        ],
    )


def seat_row(r: Any) -> SeatRow:
    return SeatRow(
        seat=int(r["seat"]),
        kind=str(r["kind"]),
        bot=r["bot"],
        name=str(r["name"]),
        token_hash=r["token_hash"],
        replaced=bool(r["replaced"]),
        preferences=r["preferences"] if isinstance(r["preferences"], dict) else None,
        think=None if r["think"] is None else float(r["think"]),
        user_id=r["user_id"],
    )


def table_row(r: Any, seats: list[SeatRow]) -> TableRow:
    return TableRow(
        id=str(r["id"]),
        game=str(r["game"]),
        options=dict(r["options"]),
        num_players=int(r["num_players"]),
        seed=int(r["seed"]),
        status=str(r["status"]),
        version=int(r["version"]),
        replace_bot=r["replace_bot"],
        leave_grace_s=float(r["leave_grace_s"]),
        created_at=float(r["created_at"]),
        seats=seats,
        result=r["result"],
        known_deal=bool(r["known_deal"]),
        created_by=r["created_by"],
        position=r["position"] if isinstance(r["position"], dict) else None,
        asleep=bool(r["asleep"]),
        bot_pause_s=None if r["bot_pause_s"] is None else float(r["bot_pause_s"]),
        terms=TableTerms.from_json(r["terms"]),
        turn_due_at=None if r["turn_due_at"] is None else float(r["turn_due_at"]),
        to_move=None if r["to_move"] is None else int(r["to_move"]),
    )

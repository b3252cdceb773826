"""Persistence: tables, seats, the action log and snapshots, through SQLAlchemy.

The action log is the truth: a table's state is its seed and options plus the
action ids applied, in order. Snapshots (``State.to_dict(include_log=True)``)
every few actions only make a resume fast. Every write is one transaction, and an
action is committed before anybody hears of it, so killing the process loses
nothing that a client has seen.

SQLite (a file) is the default; PostgreSQL works through its URL
(``postgresql://user@host/db``, driven by psycopg 3).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import (
    Connection,
    bindparam,
    func,
    insert,
    select,
    text,
    tuple_,
    update,
)
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from tabletop.server import migrations
from tabletop.server.engine import make_engine
from tabletop.server.faults import READ_ONLY, UNAVAILABLE, fault_kind
from tabletop.server.rows import Append, SeatRow, TableRow, insert_table, seat_row, table_row
from tabletop.server.schema import (
    actions_t,
    meta_t,
    seats_t,
    snapshots_t,
    tables_t,
)


class SeatTaken(Exception):
    """The seat was claimed by somebody else first."""


class TableMoved(RuntimeError):
    """Another process owns the table now: this one's action was not stored."""


# Several tables' actions in one transaction: the statements of Storage.append_actions.
_NEXT_VERSIONS = (
    update(tables_t)
    .where(tables_t.c.id == bindparam("b_id"), tables_t.c.version == bindparam("b_ply"))
    .values(
        version=bindparam("b_next"),
        status=bindparam("b_status"),
        result=bindparam("b_result", type_=tables_t.c.result.type),
        turn_due_at=bindparam("b_due"),
        to_move=bindparam("b_to_move"),
        rating_due=bindparam("b_rating_due"),
    )
)
_NEXT_VERSIONS_OWNED = _NEXT_VERSIONS.where(tables_t.c.owner == bindparam("b_owner"))


class Storage:
    """Synchronous storage calls; the server runs them in a thread, off the event loop."""

    def __init__(self, url: str, durable: bool = True, migrate: bool = True) -> None:
        """Open ``url`` and bring its schema to this version's (server/migrations/), or
        with ``migrate=False`` only check it is there (else ``DatabaseBehind``). A newer
        version's database is refused (``DatabaseTooNew``): this one could break it."""
        self.url = url
        self.engine = make_engine(url, durable)
        try:
            if migrate:
                migrations.upgrade(self.engine)
            else:
                migrations.check(self.engine)
        except BaseException:
            self.engine.dispose()
            raise
        self._in_flight = 0
        self._idle = threading.Condition()

    def close(self) -> None:
        """Close the connections, once the calls still running in other threads end.

        A caller that stopped waiting for a call (a cancelled task) does not stop
        its thread; closing SQLite's connection under it would crash the process.
        """
        with self._idle:
            self._idle.wait_for(lambda: not self._in_flight)
            self.engine.dispose()

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """``engine.begin()``, counted so that :meth:`close` waits for it (the stores
        sharing this database use it too: server/account_store.py)."""
        with self._counted(), self._healing(), self.engine.begin() as conn:
            yield conn

    @contextmanager
    def connection(self) -> Iterator[Connection]:
        """``engine.connect()``, counted so that :meth:`close` waits for it."""
        with self._counted(), self._healing(), self.engine.connect() as conn:
            yield conn

    @contextmanager
    def _healing(self) -> Iterator[None]:
        """After a database error, drop the pool's connections: one opened while the
        database refused writes (a read-only file or database, a server restarting)
        would keep failing after it is fixed; new ones are opened on the next call."""
        try:
            yield
        except DBAPIError as exc:
            if fault_kind(exc) in (READ_ONLY, UNAVAILABLE):
                self.engine.dispose()
            raise

    @contextmanager
    def _counted(self) -> Iterator[None]:
        with self._idle:
            self._in_flight += 1
        try:
            yield
        finally:
            with self._idle:
                self._in_flight -= 1
                if not self._in_flight:
                    self._idle.notify_all()

    # -- writes ---------------------------------------------------------------

    def create_table(self, row: TableRow) -> None:
        with self.transaction() as conn:
            insert_table(conn, row)

    def import_table(self, row: TableRow, moves: Sequence[tuple[int, int]]) -> None:
        """A finished game brought in whole (a record's): its table, seats and every
        action, as ``(action, seat)`` in order, in one transaction."""
        now = time.time()
        with self.transaction() as conn:
            insert_table(conn, row)
            if moves:
                conn.execute(
                    insert(actions_t),
                    [
                        {"table_id": row.id, "ply": ply, "action": a, "seat": s, "at": now}
                        for ply, (a, s) in enumerate(moves)
                    ],
                )

    def update_seat(self, table_id: str, seat: SeatRow, status: str | None = None) -> None:
        """Store a seat's name, token hash, replacement flag and preferences (and the
        table status)."""
        with self.transaction() as conn:
            conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat.seat)
                .values(
                    name=seat.name,
                    token_hash=seat.token_hash,
                    replaced=seat.replaced,
                    preferences=seat.preferences,
                )
            )
            if status is not None:
                conn.execute(
                    update(tables_t).where(tables_t.c.id == table_id).values(status=status)
                )

    def append_action(
        self,
        table_id: str,
        ply: int,
        action: int,
        seat: int,
        *,
        status: str,
        result: dict[str, Any] | None = None,
        snapshot: dict[str, Any] | None = None,
        owner: str | None = None,
        turn_due_at: float | None = None,
        to_move: int | None = None,
        rating_due: bool = False,
    ) -> None:
        """Commit action number ``ply`` (0-based) in one transaction, with the clock of
        a turn-based table as it leaves it (server/turns.py), the seat to move, and whether
        it ends a rated table (to be rated: server/rating_store.py).

        The primary key (table, ply) makes a second writer of the same ply fail
        instead of forking the log; the table's version must be ``ply`` before. With
        ``owner`` (several processes) the table must still be that process's, checked
        in the same statement: a process that lost a table without knowing it yet
        cannot extend a log that its new owner has already read
        (:class:`TableMoved`).
        """
        with self.transaction() as conn:
            versions = update(tables_t).where(tables_t.c.id == table_id, tables_t.c.version == ply)
            if owner is not None:
                versions = versions.where(tables_t.c.owner == owner)
            done = conn.execute(
                versions.values(
                    version=ply + 1,
                    status=status,
                    result=result,
                    turn_due_at=turn_due_at,
                    to_move=to_move,
                    rating_due=rating_due,
                )
            )
            if done.rowcount != 1:
                now = conn.execute(select(tables_t.c.owner).where(tables_t.c.id == table_id))
                if owner is not None and now.scalar_one_or_none() != owner:
                    raise TableMoved(f"table {table_id} is played by another process now")
                raise RuntimeError(f"table {table_id}: action {ply} is not the next one")
            conn.execute(
                insert(actions_t).values(
                    table_id=table_id, ply=ply, action=action, seat=seat, at=time.time()
                )
            )
            if snapshot is not None:
                conn.execute(
                    insert(snapshots_t).values(
                        table_id=table_id, ply=ply + 1, data=json.dumps(snapshot)
                    )
                )

    def append_actions(self, batch: Sequence[Append]) -> list[Exception | None]:
        """Commit the next actions of several tables in one transaction (group commit:
        one round of the database's work for many actions); for each, ``None`` or the
        error that refused it.

        Each is checked as :meth:`append_action` checks one. If any is refused, each is
        then tried on its own, so that one table's trouble refuses nothing of the
        others'. If the database cannot be reached, all are refused at once.
        """
        if len(batch) > 1:
            try:
                self._append_together(batch)
            except (OperationalError, InterfaceError) as exc:  # the database, not a table
                return [exc] * len(batch)
            except Exception:  # one of them: sort it out one by one
                pass
            else:
                return [None] * len(batch)
        outcomes: list[Exception | None] = []
        for a in batch:
            try:
                self.append_action(
                    a.table_id,
                    a.ply,
                    a.action,
                    a.seat,
                    status=a.status,
                    result=a.result,
                    snapshot=a.snapshot,
                    owner=a.owner,
                    turn_due_at=a.turn_due_at,
                    to_move=a.to_move,
                    rating_due=a.rating_due,
                )
            except Exception as exc:
                outcomes.append(exc)
            else:
                outcomes.append(None)
        return outcomes

    def _append_together(self, batch: Sequence[Append]) -> None:
        now = time.time()
        with self.transaction() as conn:
            owners = {a.owner for a in batch}
            if len(owners) != 1:
                raise RuntimeError("one writer per batch")  # so: one by one
            owner = owners.pop()
            versions = [
                {
                    "b_id": a.table_id,
                    "b_ply": a.ply,
                    "b_next": a.ply + 1,
                    "b_status": a.status,
                    "b_result": a.result,
                    "b_due": a.turn_due_at,
                    "b_to_move": a.to_move,
                    "b_rating_due": a.rating_due,
                    **({} if owner is None else {"b_owner": owner}),
                }
                for a in batch
            ]
            statement = _NEXT_VERSIONS if owner is None else _NEXT_VERSIONS_OWNED
            if conn.execute(statement, versions).rowcount != len(batch):
                raise RuntimeError("an action of the batch is not its table's next one")
            actions = [
                {
                    "table_id": a.table_id,
                    "ply": a.ply,
                    "action": a.action,
                    "seat": a.seat,
                    "at": now,
                }
                for a in batch
            ]
            conn.execute(insert(actions_t), actions)
            snapshots = [
                {"table_id": a.table_id, "ply": a.ply + 1, "data": json.dumps(a.snapshot)}
                for a in batch
                if a.snapshot is not None
            ]
            if snapshots:
                conn.execute(insert(snapshots_t), snapshots)

    def claim_seat(
        self, table_id: str, seat: int, name: str, token_hash: str, user_id: str | None = None
    ) -> bool:
        """Take an open human seat (an account's, with ``user_id``); whether the table
        is now full (and so playing).

        The seat is checked free in the statement that takes it, so two claims of one
        seat through two processes leave one winner: the other raises
        :class:`SeatTaken`.
        """
        with self.transaction() as conn:
            done = conn.execute(
                update(seats_t)
                .where(
                    seats_t.c.table_id == table_id,
                    seats_t.c.seat == seat,
                    seats_t.c.kind == "human",
                    seats_t.c.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash, user_id=user_id)
            )
            if done.rowcount != 1:
                raise SeatTaken(f"seat {seat} is taken")
            open_seats = conn.execute(
                select(seats_t.c.seat).where(
                    seats_t.c.table_id == table_id,
                    seats_t.c.kind == "human",
                    seats_t.c.token_hash.is_(None),
                )
            ).first()
            if open_seats is not None:
                return False
            conn.execute(
                update(tables_t)
                .where(tables_t.c.id == table_id, tables_t.c.status == "waiting")
                .values(status="playing")
            )
            return True

    def set_status(self, table_id: str, status: str) -> None:
        with self.transaction() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(status=status))

    def set_asleep(self, table_id: str, asleep: bool) -> None:
        """Mark an unfinished table out of memory (a start leaves it there), or back."""
        with self.transaction() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(asleep=asleep))

    def expire_asleep(self, created_before: float) -> int:
        """Expire the sleeping tables still waiting for players that were created before
        ``created_before`` (those in memory expire there); how many."""
        with self.transaction() as conn:
            done = conn.execute(
                update(tables_t)
                .where(
                    tables_t.c.status == "waiting",
                    tables_t.c.asleep.is_(True),
                    tables_t.c.created_at < created_before,
                )
                .values(status="expired")
            )
        return int(done.rowcount)

    def secret(self, name: str) -> bytes:
        """A random secret of the server's, made on first use and kept in the database,
        so that every process and every restart of the server shares it."""
        import secrets as _secrets

        with self.transaction() as conn:
            if conn.dialect.name == "postgresql":  # processes starting together: one makes it
                conn.execute(text(f"SELECT pg_advisory_xact_lock({migrations.SCHEMA_LOCK})"))
            value = conn.execute(select(meta_t.c.value).where(meta_t.c.key == name)).scalar()
            if value is None:
                value = _secrets.token_hex(32)
                conn.execute(insert(meta_t).values(key=name, value=value))
        return bytes.fromhex(str(value))

    # -- reads ----------------------------------------------------------------

    def load_table(self, table_id: str) -> TableRow | None:
        with self.connection() as conn:
            r = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().first()
            if r is None:
                return None
            seats = conn.execute(
                select(seats_t).where(seats_t.c.table_id == table_id).order_by(seats_t.c.seat)
            ).mappings()
            return table_row(r, [seat_row(s) for s in seats])

    def list_tables(
        self,
        *,
        statuses: tuple[str, ...] | None = None,
        limit: int | None = None,
        asleep: bool | None = None,
    ) -> list[TableRow]:
        """Every table (of ``statuses``, asleep or not; at most ``limit``), newest first,
        with its seats."""
        with self.connection() as conn:
            query = select(tables_t).order_by(tables_t.c.created_at.desc())
            if statuses is not None:
                query = query.where(tables_t.c.status.in_(statuses))
            if asleep is not None:
                query = query.where(tables_t.c.asleep.is_(asleep))
            if limit is not None:
                query = query.limit(limit)
            rows = list(conn.execute(query).mappings())
            seats: dict[str, list[SeatRow]] = {r["id"]: [] for r in rows}
            if rows:
                for s in conn.execute(
                    select(seats_t)
                    .where(seats_t.c.table_id.in_(list(seats)))
                    .order_by(seats_t.c.seat)
                ).mappings():
                    seats[s["table_id"]].append(seat_row(s))
            return [table_row(r, seats[r["id"]]) for r in rows]

    def last_moves(self, tables: Sequence[tuple[str, int]]) -> dict[str, float]:
        """When each table of ``tables`` (its id and version) last had an action stored
        (the lobby says how long a table has been idle); a table without an action is
        left out. Each last action is found by its key (table, ply), so the lobby
        reads one row per table, however long the games."""
        last = [(table_id, version - 1) for table_id, version in tables if version > 0]
        if not last:
            return {}
        query = select(actions_t.c.table_id, actions_t.c.at).where(
            tuple_(actions_t.c.table_id, actions_t.c.ply).in_(last)
        )
        with self.connection() as conn:
            return {str(table): float(at) for table, at in conn.execute(query).all()}

    def tables_of(self, created_by: str) -> tuple[int, int]:
        """How many tables made from one address wait for players (asleep or not), and
        how many are in some process's memory (waiting or playing, not asleep)."""
        query = (
            select(tables_t.c.status, tables_t.c.asleep, func.count())
            .where(
                tables_t.c.created_by == created_by,
                tables_t.c.status.in_(("waiting", "playing")),
            )
            .group_by(tables_t.c.status, tables_t.c.asleep)
        )
        with self.connection() as conn:
            counts = conn.execute(query).all()
        waiting = sum(int(n) for status, _, n in counts if status == "waiting")
        awake = sum(int(n) for _, asleep, n in counts if not asleep)
        return waiting, awake

    def actions(self, table_id: str, after: int = 0, before: int | None = None) -> list[int]:
        """Action ids number ``after`` onwards (up to ``before``), in order.

        Actions are only ever appended, so reading a table's row and then its actions
        before the row's version is a consistent view whatever another process
        commits in between.
        """
        query = select(actions_t.c.ply, actions_t.c.action).where(
            actions_t.c.table_id == table_id, actions_t.c.ply >= after
        )
        if before is not None:
            query = query.where(actions_t.c.ply < before)
        with self.connection() as conn:
            rows = conn.execute(query.order_by(actions_t.c.ply)).all()
        out = []
        for expected, (ply, action) in enumerate(rows, start=after):
            if ply != expected:
                raise RuntimeError(f"table {table_id}: action {expected} is missing")
            out.append(int(action))
        return out

    def latest_snapshot(self, table_id: str, at_most: int) -> tuple[int, dict[str, Any]] | None:
        """The newest snapshot taken after at most ``at_most`` actions."""
        with self.connection() as conn:
            r = conn.execute(
                select(snapshots_t.c.ply, snapshots_t.c.data)
                .where(snapshots_t.c.table_id == table_id, snapshots_t.c.ply <= at_most)
                .order_by(snapshots_t.c.ply.desc())
                .limit(1)
            ).first()
        if r is None:
            return None
        data: dict[str, Any] = json.loads(r[1])
        return int(r[0]), data

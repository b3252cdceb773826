"""The clock of turn-based tables (:mod:`.terms`): when the person to move runs out of
time, and what happens then.

At a turn-based table, when the decision passes to a person's seat (one not handed to
a bot), that person has the table's ``move_time_s``: ``turn_due_at`` (a wall-clock
time, stored in the table's row) is set to now plus that. While the same person goes
on deciding (the several decisions of one turn) the clock runs on; it starts afresh
when the decision comes to them from another seat, when the table starts (its
creation, the claim of its last seat) and when they take back a seat the heuristic
bot played. While a bot is to move, or the game is over, ``turn_due_at`` is ``None``.
The game asks one seat at a time (``State.current_player``: an out-of-turn question
moves the decision to the seat that must answer), so there is always one person, or
none, whose clock runs.

The clock is written with the action that moves the decision (the same transaction:
:class:`~tabletop.server.rows.Append`), so a restart finds it as it was. Every
``turn_scan_s`` each process looks, in one query on the indexed ``turn_due_at``, for
the tables playing past it, and acts only on those it owns or may take (nobody's, or
asleep: :meth:`TableManager.get <tabletop.server.tables.TableManager.get>` loads and
wakes them, and refuses another process's), so two processes never both act. Then the
table's ``on_timeout`` applies: ``"bot"`` hands the seat to the heuristic bot (the seat
is ``replaced``; its person takes it back by opening the table again), ``"end"`` ends
the table with the result ``{"winners": [], "returns": [0.0, ...], "timeout": seat}``:
no winner, and the ``timeout`` key says it did not end by the rules (ratings count only
games ended by the rules). Either way every connection is told first, with a
``{"type": "timeout", "seat", "then"}`` message.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update

from tabletop.core.game import State
from tabletop.server import frames
from tabletop.server.cluster import ClusterError
from tabletop.server.faults import DATABASE_ERRORS
from tabletop.server.live import HUMAN, OVER, PLAYING, LiveTable, TableError
from tabletop.server.rows import SeatRow, TableRow
from tabletop.server.schema import seats_t, tables_t
from tabletop.server.storage import Storage, TableMoved

if TYPE_CHECKING:
    from tabletop.server.tables import TableManager

log = logging.getLogger("tabletop.server")

MOST_PER_SCAN = 500
"""Tables acted on per scan at most: the rest wait for the next one."""


def due_at(row: TableRow, state: State, now: float, *, acted: int | None = None) -> float | None:
    """When the person to move at ``row``'s table runs out of time in ``state``
    (``None``: the table is real-time, not playing, over, or a bot is to move).

    ``acted``: the seat whose action led to ``state``; when it decides again, its
    clock runs on (one turn's decisions share the time) instead of starting afresh.
    """
    move_time = row.terms.move_time_s
    if move_time is None or row.status != PLAYING or state.is_terminal():
        return None
    seat = row.seats[state.current_player]
    if seat.kind != HUMAN or seat.replaced:
        return None
    if acted == seat.seat and row.turn_due_at is not None:
        return row.turn_due_at
    return now + move_time


def bot_to_move(table: LiveTable) -> bool:
    """Whether a turn-based table's game waits for one of its bots, which plays on
    whoever is connected: such a table must not go to sleep (:mod:`.quotas`)."""
    row = table.row
    return (
        row.terms.turn_based
        and row.status == PLAYING
        and table.bot_for(table.state.current_player) is not None
    )


def timeout_result(num_players: int, seat: int) -> dict[str, Any]:
    """The result of a table ended because ``seat`` ran out of time: nobody won (the
    rules did not end it), and ``timeout`` names the seat."""
    return {"winners": [], "returns": [0.0] * num_players, "timeout": seat}


class Turns:
    """Keeps the clock of the manager's turn-based tables."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.settings = manager.settings

    async def restart(self, table: LiveTable) -> None:
        """Set the table's clock for its current decision afresh (a start, a seat taken
        back) and store it. The caller holds the table's lock. A database that refuses
        it leaves the clock in memory, which this process's scans also read."""
        row = table.row
        if not row.terms.turn_based:
            return
        due = due_at(row, table.state, time.time())
        row.turn_due_at = due
        try:
            await asyncio.to_thread(_store_due, self.manager.storage, row.id, due)
        except DATABASE_ERRORS as exc:
            self.manager.faults.note(exc, f"table {row.id}: its turn's clock")

    async def store_seat(self, table: LiveTable, seat: SeatRow) -> None:
        """Store ``seat``'s replacement flag, with the table's clock as the change
        leaves it (one transaction: a restart finds both or neither). The caller holds
        the table's lock; a refusal raises and changes nothing in memory."""
        manager = self.manager
        row = table.row
        if not row.terms.turn_based:
            await asyncio.to_thread(manager.storage.update_seat, table.id, seat)
            return
        due = due_at(row, table.state, time.time())
        owner = manager.cluster.writer_id
        await asyncio.to_thread(_store_seat, manager.storage, row.id, seat, due, owner)
        row.turn_due_at = due

    # -- running out of time ---------------------------------------------------------

    async def keep_time(self) -> None:
        """Look for turns out of time every ``turn_scan_s``, for ever (the manager
        cancels it)."""
        while True:
            await asyncio.sleep(self.settings.turn_scan_s)
            try:
                await self.scan()
            except Exception as exc:  # the database is away: the next scan tries again
                self.manager.faults.note(exc, "looking for turns out of time")

    async def scan(self) -> int:
        """Act on every table whose person to move is out of time and that this
        process may play; how many it acted on."""
        manager = self.manager
        now = time.time()
        due = set(await asyncio.to_thread(overdue, manager.storage, now, MOST_PER_SCAN))
        due.update(  # a clock the database refused to store runs here all the same
            t.id
            for t in manager.tables.values()
            if t.row.turn_due_at is not None and t.row.turn_due_at <= now
        )
        acted = 0
        for table_id in sorted(due):
            try:
                acted += await self.time_out(table_id)
            except (TableError, ClusterError):  # another process's, or changing hands
                continue
            except DATABASE_ERRORS as exc:  # the next scan tries again
                manager.faults.note(exc, f"table {table_id}: a turn out of time")
        return acted

    async def time_out(self, table_id: str) -> bool:
        """Apply the table's ``on_timeout`` if its person to move is out of time still
        (loading or waking it, when no other process plays it); whether it did."""
        manager = self.manager
        table = manager.tables.get(table_id) or await manager.get(table_id)
        if table is None:
            return False
        async with table.lock:
            row = table.row
            if table.let_go or manager.tables.get(table_id) is not table:
                return False
            if row.status != PLAYING or row.turn_due_at is None or row.turn_due_at > time.time():
                return False
            seat = table.state.current_player
            person = row.seats[seat]
            if person.kind != HUMAN or person.replaced:  # a clock that should not run
                await self.restart(table)
                return False
            try:
                if row.terms.on_timeout == "end":
                    await self._end(table, seat)
                else:
                    await self._hand_to_bot(table, person)
            except TableMoved:
                manager.ownership.let_go(table)
                return False
        if row.status == OVER:
            if not table.connections:
                manager.forget(table)  # nobody watches: out of the live tables
        else:
            manager.driver.kick(table)
        return True

    async def _hand_to_bot(self, table: LiveTable, person: SeatRow) -> None:
        await self.manager.people.store_replaced(table, person.seat, True)
        log.info(
            "table %s: seat %d ran out of time; the heuristic bot plays it", table.id, person.seat
        )
        _tell(table, person.seat, "bot")
        frames.broadcast(table)

    async def _end(self, table: LiveTable, seat: int) -> None:
        row = table.row
        result = timeout_result(row.num_players, seat)
        owner = self.manager.cluster.writer_id
        await asyncio.to_thread(_store_end, self.manager.storage, row.id, result, owner)
        row.status = OVER
        row.result = result
        row.turn_due_at = None
        table.hold.clear()
        log.info("table %s: seat %d ran out of time; the table ends", table.id, seat)
        _tell(table, seat, "end")
        frames.broadcast(table)


def _tell(table: LiveTable, seat: int, then: str) -> None:
    """Tell every connection that ``seat`` ran out of time, and what follows (the state
    that shows it comes next)."""
    message = {"type": "timeout", "seat": seat, "then": then}
    for conn in list(table.connections):
        conn.send(message)


# -- the database ------------------------------------------------------------------------


def overdue(storage: Storage, now: float, most: int) -> list[str]:
    """The tables playing whose person to move ran out of time before ``now`` (the
    index on ``turn_due_at`` finds them), earliest first."""
    query = (
        select(tables_t.c.id)
        .where(tables_t.c.turn_due_at <= now, tables_t.c.status == PLAYING)
        .order_by(tables_t.c.turn_due_at)
        .limit(most)
    )
    with storage.connection() as conn:
        return [str(r[0]) for r in conn.execute(query).all()]


def _owned(table_id: str, owner: str | None) -> Any:
    where = tables_t.c.id == table_id
    return where if owner is None else where & (tables_t.c.owner == owner)


def _store_due(storage: Storage, table_id: str, due: float | None) -> None:
    with storage.transaction() as conn:
        conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(turn_due_at=due))


def _store_seat(
    storage: Storage, table_id: str, seat: SeatRow, due: float | None, owner: str | None
) -> None:
    """A seat handed to the bot or taken back, and the clock, in one transaction; with
    ``owner`` (several processes) only while this process owns the table."""
    with storage.transaction() as conn:
        done = conn.execute(update(tables_t).where(_owned(table_id, owner)).values(turn_due_at=due))
        if done.rowcount != 1:
            raise TableMoved(f"table {table_id} is played by another process now")
        conn.execute(
            update(seats_t)
            .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat.seat)
            .values(replaced=seat.replaced)
        )


def _store_end(storage: Storage, table_id: str, result: dict[str, Any], owner: str | None) -> None:
    with storage.transaction() as conn:
        done = conn.execute(
            update(tables_t)
            .where(_owned(table_id, owner), tables_t.c.status == PLAYING)
            .values(status=OVER, result=result, turn_due_at=None)
        )
        if done.rowcount != 1:
            raise TableMoved(f"table {table_id} is played by another process now")

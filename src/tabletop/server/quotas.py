"""What tables may hold of the server's memory: quotas per address, and for how long.

Every table waiting for players or playing is in its process's memory. One client
address may have ``max_waiting_tables_per_address`` tables waiting for players and
``max_live_tables_per_address`` in memory in all, waiting or playing, counted in the
database over every process (a new one past either gets 429). Time frees the rest: a
table nobody joins expires after ``waiting_table_ttl_s``, and a table nobody has been
connected to for ``idle_table_s``, a game of bots nobody watches too, goes to
**sleep**: it leaves memory, is marked asleep in the database so that a restart leaves
it there too, and is loaded again from its stored log when somebody opens it
(:meth:`TableManager.get <tabletop.server.tables.TableManager.get>`); its summary
says ``asleep`` (and ``paused``: its game waits). A turn-based table sleeps only
while a person is to move: its bots play on whoever is there, and the clock's scan
wakes it when that person runs out of time (:mod:`.turns`).

When the server holds ``max_tables``, the table nobody has been at for longest goes
to sleep to make room; a table woken past its creator's quota sends the creator's
idlest other table to sleep. So neither one address nor time fills the server.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from tabletop.server.live import EXPIRED, PLAYING, WAITING, LiveTable, TableError
from tabletop.server.rows import TableRow
from tabletop.server.turns import bot_to_move
from tabletop.server.words import N_

if TYPE_CHECKING:
    from tabletop.server.tables import TableManager

SWEEP_MIN_S, SWEEP_MAX_S = 0.05, 60.0  # how often tables are looked over, at most and least


class Quotas:
    """Counts each address's tables and puts away those nobody is at."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.settings = manager.settings

    def expired(self, row: TableRow) -> bool:
        """Whether nobody joined a waiting table in ``waiting_table_ttl_s``."""
        age = time.time() - row.created_at
        return row.status == WAITING and age > self.settings.waiting_table_ttl_s

    async def check_new_table(self, created_by: str | None, status: str) -> None:
        """Refuse a new table (429) past its creator's quotas. The caller holds off other
        creations until the table is stored, so two at once cannot both pass."""
        if created_by is None:
            return
        settings = self.settings
        waiting, live = await asyncio.to_thread(self.manager.storage.tables_of, created_by)
        limit = settings.max_waiting_tables_per_address
        if status == WAITING and waiting >= limit:
            raise TableError(
                N_(
                    "you have {waiting} tables waiting for players already (at most {limit}): "
                    "start one of them, or wait until they expire"
                ),
                429,
                waiting=waiting,
                limit=limit,
            )
        if live >= settings.max_live_tables_per_address:
            raise TableError(
                N_(
                    "you have {tables} tables going already (at most {most}): finish some "
                    "of them first; a table nobody has opened for {minutes} minutes stops "
                    "counting"
                ),
                429,
                tables=live,
                most=settings.max_live_tables_per_address,
                minutes=round(settings.idle_table_s / 60),
            )

    async def make_room(self) -> None:
        """Make room for one more table in memory: while the server holds
        ``max_tables``, the table nobody has been at for longest goes to sleep; 503 when
        somebody is at every one."""
        tables = self.manager.tables
        while len(tables) >= self.settings.max_tables:
            idlest = self.idlest(tables.values())
            if idlest is None:
                raise TableError(N_("the server holds too many tables"), 503)
            await self.manager.put_to_sleep(idlest)  # or somebody came: look again

    async def wake(self, row: TableRow) -> bool:
        """Mark a sleeping table awake, to be loaded because somebody opens it; False if
        it expired asleep instead (nobody joined it in time). The caller owns the table
        and holds off other loads."""
        manager = self.manager
        try:
            if self.expired(row):
                await asyncio.to_thread(manager.storage.set_status, row.id, EXPIRED)
                await manager.cluster.release(row.id)
                return False
            await self.make_room()
        except TableError:
            await manager.cluster.release(row.id)
            raise
        await asyncio.to_thread(manager.storage.set_asleep, row.id, False)
        row.asleep = False
        return True

    @staticmethod
    def idlest(tables: Iterable[LiveTable]) -> LiveTable | None:
        """Of ``tables``, the unfinished one nobody has been connected to for longest."""
        unattended = [
            t
            for t in tables
            if not t.connections
            and not t.let_go
            and t.row.status in (WAITING, PLAYING)
            and not bot_to_move(t)  # a turn-based table's bots play on: awake
        ]
        return min(unattended, key=lambda t: t.idle_since, default=None)

    async def woken(self, table: LiveTable) -> None:
        """``table`` was loaded again: while its creator has more tables in memory than
        its quota, the creator's idlest other table goes to sleep (so that opening
        one's sleeping tables one by one cannot bring them all back)."""
        created_by = table.row.created_by
        if created_by is None:
            return
        while True:
            theirs = [
                t
                for t in self.manager.tables.values()
                if t.row.created_by == created_by and t.row.status in (WAITING, PLAYING)
            ]
            other = self.idlest(t for t in theirs if t is not table)
            if len(theirs) <= self.settings.max_live_tables_per_address or other is None:
                return
            await self.manager.put_to_sleep(other)  # or somebody came: look again

    async def keep_within_bounds(self) -> None:
        """Look the tables over every so often, for ever (the manager cancels it)."""
        shortest = min(self.settings.idle_table_s, self.settings.waiting_table_ttl_s)
        every = max(SWEEP_MIN_S, min(SWEEP_MAX_S, shortest / 10))
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception as exc:  # the database is away: the next round tries again
                self.manager.faults.note(exc, "putting idle tables away")

    async def sweep(self) -> None:
        """Expire the tables nobody joined in time and put to sleep those nobody has been
        at for ``idle_table_s``."""
        manager = self.manager
        storage = manager.storage
        now = time.monotonic()
        for table in list(manager.tables.values()):
            if table.connections or manager.tables.get(table.id) is not table:
                continue
            if self.expired(table.row):
                async with table.lock:  # a claim may be filling its last seat just now
                    if not self.expired(table.row) or table.connections:
                        continue
                    await asyncio.to_thread(storage.set_status, table.id, EXPIRED)
                    table.row.status = EXPIRED
                    manager.tables.pop(table.id, None)
                await manager.release(table.id)
            elif now - table.idle_since >= self.settings.idle_table_s and not bot_to_move(table):
                await manager.put_to_sleep(table)
        # Asleep, a waiting table is in nobody's memory: it expires where it is stored.
        await asyncio.to_thread(
            storage.expire_asleep, time.time() - self.settings.waiting_table_ttl_s
        )

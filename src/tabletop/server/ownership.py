"""Several processes on one database: which process plays which table.

Each table has one owner process at a time (a lock in the database, held by
:mod:`.cluster`). When an owner dies or stops, the others take its unfinished tables
over from their stored logs; when this process loses its owners' connection, the
locks went with it, so it lets every table go and takes back what nobody took.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from tabletop.server.faults import DATABASE_ERRORS
from tabletop.server.live import PLAYING, WAITING, LiveTable, TableBroken
from tabletop.server.relay import RESTART

if TYPE_CHECKING:
    from tabletop.server.tables import TableManager

log = logging.getLogger("tabletop.server")


class Ownership:
    """Takes over the tables nobody owns, and lets this process's tables go."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager

    async def take_over_orphans(self) -> None:
        """Take over the unfinished tables whose owner died or stopped, from their
        stored log, and play on (their bots, their timers)."""
        manager = self.manager
        while True:
            await asyncio.sleep(manager.settings.cluster_scan_s)
            try:
                for table_id in await manager.cluster.unowned():
                    await self.take_over(table_id)
            except Exception as exc:  # the database is away: the next scan tries again
                manager.faults.note(exc, "looking for tables without an owner")
                if not manager.cluster.connected:
                    await self.lost()

    async def take_over(self, table_id: str) -> None:
        manager = self.manager
        async with manager.load_lock:
            if table_id in manager.tables or not await manager.cluster.own(table_id):
                return
            try:
                row = await asyncio.to_thread(manager.storage.load_table, table_id)
                if row is None or row.status not in (WAITING, PLAYING) or row.asleep:
                    await manager.cluster.release(table_id)
                    return
                table = await manager.load_row(row)
            except TableBroken:
                return
            except DATABASE_ERRORS:  # not loaded: not kept either, so a later scan finds it
                with contextlib.suppress(*DATABASE_ERRORS):
                    await manager.cluster.release(table_id)
                raise
        log.info("took over table %s at version %d", table_id, row.version)
        manager.people.schedule_replacements(table)
        manager.driver.kick(table)

    async def lost(self) -> None:
        """The owners' connection is gone, and the tables' locks with it: any other
        process may take any of them over now. Let them all go (their people are told
        to reconnect, and reach whichever process plays each table next) and take a
        new connection, from which the scans take back what nobody took."""
        manager = self.manager
        async with manager.load_lock:  # no table half loaded on the old connection
            if manager.tables:  # (said once: the scans that find it still away say nothing)
                log.warning(
                    "lost the owners' connection: letting %d tables go", len(manager.tables)
                )
            for table in list(manager.tables.values()):
                self.let_go(table)
            # Actions already handed over are stored (or refused) before this process
            # can take any table back: none may land on a table it has reloaded.
            await manager.writer.idle()
        try:
            await manager.cluster.reconnect()
        except Exception as exc:  # still away: the next scan tries again
            manager.faults.note(exc, "opening a new owners' connection")

    def let_go(self, table: LiveTable) -> None:
        """Stop playing ``table`` here: no more moves, timers or bots, and its clients
        hung up on with "service restart" (browsers reconnect at once)."""
        table.let_go = True
        tables = self.manager.tables
        if tables.get(table.id) is table:  # not a copy loaded since
            del tables[table.id]
            self.manager.cluster.disown(table.id)
        for task in table.tasks():
            task.cancel()
        if table.presence_due is not None:
            table.presence_due.cancel()
        for conn in list(table.connections):
            conn.hang_up(RESTART)

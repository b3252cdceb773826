"""The people at a table: who joins and leaves, who waits for whom.

Bots wait for people. A table with a person in the game plays on only while one of
its people is connected: a person alone with bots who closes the tab finds the game
where it was. A replacement bot takes an absent person's seat only when other people
are there, waiting, after the table's grace period. After a break event of the game
(UNO Power's end of a round) the bots wait until every person at the table has said
``ready``, so that the round's summary can be read. A turn-based table is the
exception: people come and go for days, so its bots always play and no replacement
bot takes a seat for being away; a person's clock does instead (:mod:`.turns`).

Joins and leaves change no view: the others hear of them in one small ``presence``
message per table at most every ``presence_delay_s``, so a thousand spectators
arriving cost a thousand messages, not a million states. A connection is sent the
last ``join_log_events`` events of the log at most, so that joining a game of
fourteen thousand actions costs what joining a new one does.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from tabletop.core.game import State
from tabletop.server import frames
from tabletop.server import preferences as prefs
from tabletop.server import protocol as p
from tabletop.server.driver import RETRY_MAX_S
from tabletop.server.faults import DATABASE_ERRORS
from tabletop.server.live import HUMAN, READ_ONLY, Connection, LiveTable
from tabletop.server.words import N_

if TYPE_CHECKING:
    from tabletop.server.tables import TableManager


class People:
    """Joins, leaves, replacements, preferences and breaks of the manager's tables."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.settings = manager.settings

    # -- joining and leaving -------------------------------------------------------

    async def hello(self, table: LiveTable, conn: Connection, token: str | None) -> None:
        """Seat ``conn`` by its token (or as a spectator), within the table's limits."""
        manager = self.manager
        settings = self.settings
        if conn.greeted:
            raise p.ProtocolError(p.BAD_MESSAGE, N_("this connection has already said hello"))
        seat = None
        if token:
            seat = manager.seat_for_token(table, token)
            if seat is None:
                raise p.ProtocolError(p.BAD_TOKEN, N_("this token holds no seat at this table"))
        if len(table.connections) >= settings.max_connections_per_table:
            raise p.ProtocolError(
                p.TABLE_FULL,
                N_("this table has {most} connections already"),
                most=settings.max_connections_per_table,
            )
        if seat is None and table.spectators >= settings.max_spectators_per_table:
            raise p.ProtocolError(
                p.TABLE_FULL,
                N_("this table has {most} spectators already"),
                most=settings.max_spectators_per_table,
            )
        if seat is not None and table.row.seats[seat].replaced:
            # The person takes the seat back from the replacement bot. Under the
            # table's lock, so no bot move reaches the connection before its welcome
            # and its seat's return; a database that refuses it leaves everything as
            # it was, and the hello may be sent again.
            async with table.lock:
                if table.row.seats[seat].replaced:  # not taken back meanwhile
                    await self.store_replaced(table, seat, False)
                self._greet(table, conn, seat)
                self.schedule_replacements(table)
                frames.broadcast(table)
            manager.driver.kick(table)
            return
        self._greet(table, conn, seat)
        if seat is not None:
            self.schedule_replacements(table)
        conn.send(frames.state_message(table, conn, {}))
        self.presence_soon(table)
        manager.driver.kick(table)  # a paused table plays on now that its person is back

    def _greet(self, table: LiveTable, conn: Connection, seat: int | None) -> None:
        """Join ``conn`` to ``table`` at ``seat`` and welcome it (its state follows)."""
        conn.seat = seat
        conn.greeted = True
        conn.next_seq = log_start(table.state, self.settings.join_log_events)
        table.join(conn)
        conn.send(
            {
                "type": "welcome",
                "seat": seat,
                "lang": conn.lang,
                "table": table.summary(),
                "preferences": prefs.catalogue(table.state.game) if seat is not None else [],
                "log_from": conn.next_seq,
            }
        )
        if seat is not None:
            task = table.replacers.pop(seat, None)
            if task is not None:
                task.cancel()

    def disconnect(self, table: LiveTable, conn: Connection) -> None:
        """Forget ``conn``; an absent person's seat may be handed to the replacement bot."""
        if not table.leave(conn):
            return
        seat = conn.seat
        if table.row.status in READ_ONLY and not table.connections:
            self.manager.forget(table)  # finished and unwatched: free the memory
            return
        if seat is not None and not table.connected(seat) and seat in table.hold:
            table.hold.discard(seat)  # nobody there to read the summary: do not wait
            self.manager.driver.kick(table)
        self.schedule_replacements(table)
        self.presence_soon(table)

    def presence_soon(self, table: LiveTable) -> None:
        """Tell every connection who is here, once for all joins and leaves in the next
        ``presence_delay_s``."""
        if table.presence_due is not None:
            return

        def tell() -> None:
            table.presence_due = None
            message = {"type": "presence", "table": table.summary()}
            for conn in list(table.connections):
                conn.send(message)

        table.presence_due = asyncio.get_running_loop().call_later(
            self.settings.presence_delay_s, tell
        )

    # -- replacement bots ------------------------------------------------------------

    def schedule_replacements(self, table: LiveTable) -> None:
        """Start the grace period of each absent person while other people wait, and
        stop it when nobody is left waiting (then the whole table pauses instead)."""
        row = table.row
        present = table.people_present()
        for s in row.seats:
            absent = (
                s.kind == HUMAN and s.token_hash is not None and not s.replaced
            ) and not table.connected(s.seat)
            waiting = bool(present - {s.seat})
            task = table.replacers.get(s.seat)
            replaces = row.replace_bot is not None and not row.terms.turn_based  # (turns.py)
            if absent and waiting and replaces and row.status not in READ_ONLY:
                if task is None:
                    table.replacers[s.seat] = asyncio.ensure_future(
                        self._replace_later(table, s.seat, row.leave_grace_s)
                    )
            elif task is not None:
                task.cancel()
                del table.replacers[s.seat]

    async def _replace_later(self, table: LiveTable, seat: int, delay: float) -> None:
        """After the grace period, hand ``seat`` to the replacement bot if its person is
        still away while others wait; a database that refuses it is asked again, each
        time after a longer pause."""
        try:
            await asyncio.sleep(delay)  # the grace period a person has to come back
            pause = self.settings.storage_retry_s
            while (
                table.people_present() - {seat}
                and not table.connected(seat)
                and not table.row.seats[seat].replaced
            ):
                try:
                    await self.set_replaced(table, seat, True)
                    return
                except DATABASE_ERRORS as exc:
                    self.manager.faults.note(exc, f"table {table.id}: a replacement bot")
                    await asyncio.sleep(pause)
                    pause = min(2 * pause, RETRY_MAX_S)
        finally:
            if table.replacers.get(seat) is asyncio.current_task():
                del table.replacers[seat]

    async def leave(self, table: LiveTable, seat: int) -> None:
        """A person hands their seat to the table's replacement bot."""
        if table.row.replace_bot is None:
            raise p.ProtocolError(
                p.NO_REPLACEMENT, N_("this table has no replacement bot: your seat waits for you")
            )
        if table.row.status in READ_ONLY:
            raise p.ProtocolError(p.NOT_PLAYING, N_("the game is over"))
        if not table.row.seats[seat].replaced:
            await self.set_replaced(table, seat, True)

    async def set_replaced(self, table: LiveTable, seat: int, value: bool) -> None:
        manager = self.manager
        async with table.lock:
            await self.store_replaced(table, seat, value)
            self.schedule_replacements(table)
            frames.broadcast(table)
        manager.driver.kick(table)

    async def store_replaced(self, table: LiveTable, seat: int, value: bool) -> None:
        """Hand ``seat`` to the replacement bot (at a turn-based table, the heuristic bot
        that takes the seat of a person out of time) or back, stored first (the caller holds
        the table's lock); a refusal changes nothing. At a turn-based table, a person
        taking their seat back gets a fresh clock if it is their decision."""
        s = table.row.seats[seat]
        s.replaced = value
        try:
            await self.manager.turns.store_seat(table, s)
        except BaseException:
            s.replaced = not value
            raise
        if value:
            table.hold.discard(seat)

    # -- preferences --------------------------------------------------------------------

    async def set_preferences(self, table: LiveTable, seat: int, changes: dict[str, Any]) -> None:
        """Change some of ``seat``'s preferences, or refuse them all changing nothing;
        its connections get the new values, and the driver answers for it if they now
        cover its pending question."""
        new = prefs.changed(table, seat, changes)
        async with table.lock:
            await self.store_preferences(table, seat, new)
            views: dict[int | None, Any] = {}
            for conn in table.connections_of(seat):  # its legal actions may have changed
                conn.send(frames.state_message(table, conn, views))
        self.manager.driver.kick(table)

    async def store_preferences(self, table: LiveTable, seat: int, new: Any) -> None:
        """Keep ``seat``'s preferences and tell its connections. The caller holds the
        table's lock."""
        if prefs.keep(table, seat, new):
            storage = self.manager.storage
            await asyncio.to_thread(storage.update_seat, table.id, table.row.seats[seat])
        message = {"type": "preferences", "preferences": prefs.values(table, seat)}
        for conn in table.connections_of(seat):
            conn.send(message)

    # -- breaks ------------------------------------------------------------------------

    def start_break(self, table: LiveTable) -> None:
        """A break event happened: wait for every person here to say ``ready``."""
        table.hold = table.people_present()

    def ready(self, table: LiveTable, seat: int) -> None:
        if seat in table.hold:
            table.hold.discard(seat)
            frames.broadcast(table)
            self.manager.driver.kick(table)


def log_start(state: State, most: int) -> int:
    """The number of the first log event a joining connection is sent: that of the
    ``most``-th last event of the log (0: the whole log), of which it gets those it may
    see. Earlier events are left out; the ``welcome`` says where the log starts."""
    events = state.log
    if len(events) <= most:
        return 0
    return events[-most].seq if most > 0 else events[-1].seq + 1

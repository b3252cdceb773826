"""Bots and hints: who thinks when, and what one table or one seat may cost.

Each table has one driver task that plays its bots' turns one after the other, so a
table never has more than one bot decision in flight; it also plays what a person's
preferences answer for it (:mod:`.preferences`). The decisions of all tables
share the bot pool through :class:`FairSlots`: when a worker frees up, a table where
people wait goes before a table of bots only, and among equals the one that asked
first. Hints run on a pool of their own and each seat may ask ``hints_per_minute``
of them, so no client can make another table's bots wait. A bot its creator lets
think by the clock holds a worker that long, at most the server's cap
(``ServerSettings.bot_think_cap``), within ``bot_time_limit_s``.

A commit the database refuses does not stop a driver: the table tells its players
that storage is failing, and the driver tries again with a growing pause until the
database answers.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from tabletop.bots.base import RandomBot
from tabletop.i18n import SOURCE, render_label
from tabletop.server import preferences as prefs
from tabletop.server import protocol as p
from tabletop.server.live import PLAYING, Connection, LiveTable
from tabletop.server.words import N_, Said
from tabletop.server.workers import WorkerPool, choose_action, decision_seed, hints

if TYPE_CHECKING:
    from tabletop.server.tables import TableManager

log = logging.getLogger("tabletop.server")

RETRY_MAX_S = 30.0


class FairSlots:
    """``size`` slots, handed out by priority (lower first), then by arrival."""

    def __init__(self, size: int) -> None:
        self.free = max(1, size)
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()

    @asynccontextmanager
    async def slot(self, priority: int) -> AsyncIterator[None]:
        if self.free and not self._waiting:
            self.free -= 1
        else:
            ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            heapq.heappush(self._waiting, (priority, next(self._arrivals), ticket))
            try:
                await ticket
            except asyncio.CancelledError:
                if ticket.done() and not ticket.cancelled():
                    self._release()  # handed a slot just as we were cancelled: pass it on
                else:
                    ticket.cancel()
                raise
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        while self._waiting:
            _, _, ticket = heapq.heappop(self._waiting)
            if not ticket.done():
                ticket.set_result(None)
                return
        self.free += 1


class BotDriver:
    """Plays the bots of the manager's tables and answers hints."""

    def __init__(self, manager: TableManager, bots: WorkerPool, hint_pool: WorkerPool) -> None:
        self.manager = manager
        self.settings = manager.settings
        self.bots = bots
        self.hint_pool = hint_pool
        self.slots = FairSlots(bots.workers or 2)

    def kick(self, table: LiveTable) -> None:
        """Start the table's driver unless it is already running."""
        if table.row.status != PLAYING or self.manager.stopping or table.let_go:
            return
        if table.driver is None or table.driver.done():
            table.driver = asyncio.ensure_future(self._drive(table))

    async def _drive(self, table: LiveTable) -> None:
        """Play bot turns until a person must decide, people are away, or it ends."""
        first_pause = self.settings.storage_retry_s
        pause = first_pause
        try:
            while not self.manager.stopping:
                if table.row.status != PLAYING or table.hold:
                    return  # over, or a break: every "ready" kicks
                seat = table.state.current_player
                if table.bot_for(seat) is None:
                    # A person's question: its preferences may answer it, even while its
                    # tab sleeps; otherwise the person will. Waiting for the table's lock,
                    # the seat may have gone to a bot (whose kick found this task still
                    # running): look again before stopping.
                    answered = table.state.game.preferences_type is not None and (
                        await self.auto_turn(table, seat)
                    )
                    if answered or table.bot_for(table.state.current_player) is not None:
                        continue
                    return
                if not table.attended():
                    return  # the people are away: hello and claims kick
                if self.settings.bot_pause_s > 0:
                    await asyncio.sleep(self.settings.bot_pause_s)  # pacing for watchers
                try:
                    await self._bot_turn(table)
                except p.ProtocolError:
                    raise
                except Exception as exc:  # the database refused the commit: try again
                    log.warning("table %s: storage failed (%s); retry in %gs", table.id, exc, pause)
                    self._trouble(table, True)
                    await asyncio.sleep(pause)
                    pause = min(2 * pause, RETRY_MAX_S)
                    continue
                pause = first_pause
                self._trouble(table, False)
        except asyncio.CancelledError:
            raise
        except Exception:
            if table.let_go:  # another process plays it now
                return
            log.exception("table %s: the bot driver stopped", table.id)

    async def auto_turn(self, table: LiveTable, seat: int) -> bool:
        """Play what ``seat``'s preferences answer to its pending question, as its own
        action (True), or leave the question to the person (False)."""
        async with table.lock:
            if table.row.status != PLAYING or table.state.current_player != seat:
                return False
            current = prefs.current(table, seat)
            if current is None:
                return False
            state = table.state
            action, after = state.game.auto_answer(state, seat, current)
            if after != current:
                await self.manager.store_preferences(table, seat, after)
            if action is None:
                return False
            await self.manager.commit(table, seat, action.id)
            labels: dict[str, str] = {}  # by language
            for conn in table.connections_of(seat):
                if conn.lang not in labels:
                    english = conn.lang == SOURCE
                    labels[conn.lang] = (
                        action.label if english else render_label(state, action.id, conn.reader)
                    )
                label = labels[conn.lang]
                conn.send({"type": "answered", "version": table.version, "label": label})
        return True

    def _trouble(self, table: LiveTable, value: bool) -> None:
        if table.storage_trouble != value:
            table.storage_trouble = value
            self.manager.people.presence_soon(table)

    async def _bot_turn(self, table: LiveTable) -> None:
        state = table.state
        seat = state.current_player
        bot = table.bot_for(seat)
        if table.row.status != PLAYING or bot is None or table.hold or not table.attended():
            return
        version = len(state.history)
        seed = decision_seed(table.row.seed, seat, version)
        data = state.to_dict(include_log=False)
        think = table.think_for(seat)
        if think is not None:  # the cap may have been lowered since the table was made
            think = min(think, self.settings.bot_think_cap())
        people_wait = any(table.seat_connections)
        try:
            async with self.slots.slot(0 if people_wait else 1):
                action = await self.bots.run(
                    choose_action,
                    table.row.game,
                    table.row.options,
                    data,
                    bot,
                    seed,
                    think,
                    timeout=self.settings.bot_time_limit_s,
                )
        except TimeoutError:
            log.warning("table %s: bot %s ran out of time; a random move instead", table.id, bot)
            action = RandomBot(seed).choose(state, seat).id
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: bot %s failed; a random move instead", table.id, bot)
            action = RandomBot(seed).choose(state, seat).id
        async with table.lock:
            if table.version != version or table.bot_for(seat) is None:
                return  # somebody else moved, or the person came back: think again
            if table.hold or not table.attended() or self.manager.stopping:
                return  # the people left or asked for a break while the bot thought
            try:
                await self.manager.commit(table, seat, action)
            except p.ProtocolError as exc:
                log.error("table %s: bot %s chose an illegal action: %s", table.id, bot, exc)
                await self.manager.commit(table, seat, RandomBot(seed).choose(state, seat).id)

    # -- hints -----------------------------------------------------------------------

    def hint(self, table: LiveTable, conn: Connection, seat: int) -> None:
        """Start computing a hint for ``seat``, within the seat's allowance."""
        if conn.hint_pending:
            raise p.ProtocolError(p.BUSY, N_("a hint is already being computed"))
        per_minute = self.settings.hints_per_minute
        allowance = table.hint_allowance.get(seat)
        if allowance is None:
            allowance = table.hint_allowance[seat] = p.RateLimiter(
                max(1, min(3, per_minute)), per_minute / 60.0
            )
        if not allowance.allow():
            raise p.ProtocolError(
                p.RATE_LIMITED,
                N_("a seat may ask for {most} hints a minute; wait a little"),
                most=per_minute,
            )
        conn.hint_pending = True
        self.manager.spawn(self._send_hint(table, conn, seat))

    async def _send_hint(self, table: LiveTable, conn: Connection, seat: int) -> None:
        state = table.state
        version = len(state.history)
        try:
            result = await self.hint_pool.run(
                hints,
                table.row.game,
                table.row.options,
                state.to_dict(include_log=False),
                self.settings.hint_iterations,
                decision_seed(table.row.seed, seat, version, "hint"),
                conn.reader.lang,
                timeout=self.settings.bot_time_limit_s,
            )
            conn.send({"type": "hint", "version": version, "hints": result})
        except TimeoutError:
            late = Said(N_("the hint took too long")).read(conn.reader)
            conn.send({"type": "error", "code": p.BUSY, "message": late})
        finally:
            conn.hint_pending = False

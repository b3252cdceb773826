"""Bots: who thinks when, and what one table may cost.

Each table has one driver task that plays its bots' turns one after the other, so a
table never has more than one bot decision in flight; it also plays what a person's
preferences answer for it (:mod:`.preferences`). The decisions of all tables
share the bot pool through :class:`FairSlots`: when a worker frees up, a table where
people wait goes before a table of bots only, and among equals the one that asked
first. Hints run on a pool of their own (:mod:`.hints`), so no client can make
another table's bots wait. A bot its creator lets think by the clock holds a worker
that long, at most the server's cap (``ServerSettings.bot_think_cap``), within
``bot_time_limit_s``.

A commit the database refuses does not stop a driver: the table tells its players
that storage is failing, and the driver tries again with a growing pause until the
database answers.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from tabletop.bots.base import RandomBot
from tabletop.i18n import render_label
from tabletop.server import preferences as prefs
from tabletop.server import protocol as p
from tabletop.server.faults import DATABASE_ERRORS
from tabletop.server.live import PLAYING, LiveTable
from tabletop.server.pace import table_pace
from tabletop.server.workers import WorkerPool, choose_action, decision_seed

if TYPE_CHECKING:
    from tabletop.server.tables import TableManager

log = logging.getLogger("tabletop.server")

RETRY_MAX_S = 30.0
OPEN_QUESTION_THINK = 0.8
"""The share of the answer pace a search bot thinks on an open question: the rest
absorbs the worker's own time, so that its answer still lands when the pace ends."""


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
    """Plays the bots of the manager's tables."""

    def __init__(self, manager: TableManager, bots: WorkerPool) -> None:
        self.manager = manager
        self.settings = manager.settings
        self.bots = bots
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
                    try:
                        answered = table.state.game.preferences_type is not None and (
                            await self.auto_turn(table, seat)
                        )
                    except DATABASE_ERRORS as exc:  # the answer was not stored: again later
                        pause = await self._retry_later(table, exc, pause, "an automatic answer")
                        continue
                    if answered:
                        pause = first_pause
                        self._trouble(table, False)
                    if answered or table.bot_for(table.state.current_player) is not None:
                        continue
                    return
                if not table.attended():
                    return  # the people are away: hello and claims kick
                pace = table_pace(table.row, self.settings)
                if pace > 0:
                    await asyncio.sleep(pace)  # the table's pace: people see each move
                try:
                    await self._bot_turn(table)
                except p.ProtocolError:
                    raise
                except Exception as exc:  # the database refused the commit: try again
                    pause = await self._retry_later(table, exc, pause, "a bot's move")
                    continue
                pause = first_pause
                self._trouble(table, False)
        except asyncio.CancelledError:
            raise
        except Exception:
            if table.let_go:  # another process plays it now
                return
            log.exception("table %s: the bot driver stopped", table.id)

    async def _retry_later(
        self, table: LiveTable, exc: Exception, pause: float, what: str
    ) -> float:
        """``what`` failed on ``exc``: say so (the log once a while, the table's people
        at once), wait ``pause`` and return the next, doubled pause."""
        self.manager.faults.note(exc, f"table {table.id}: {what}")
        self._trouble(table, True)
        await asyncio.sleep(pause)
        return min(2 * pause, RETRY_MAX_S)

    async def auto_turn(self, table: LiveTable, seat: int) -> bool:
        """Play what ``seat``'s preferences answer to its pending question, as its own
        action (True), or leave the question to the person (False). The answer waits
        out the pace (:func:`.preferences.answer_wait`), as a person's would."""
        version = table.version
        if prefs.will_answer(table, seat):
            wait = prefs.answer_wait(table, self.settings.answer_pace_s, automatic=True)
            if wait > 0:
                await asyncio.sleep(wait)
        async with table.lock:
            if table.version != version:
                return True  # somebody moved meanwhile: look at the new question
            if table.row.status != PLAYING or table.state.current_player != seat:
                return False
            current = prefs.current(table, seat)
            if current is None:
                return False
            state = table.state
            action, after = state.game.auto_answer(state, seat, current)
            if after != current:
                await self.manager.people.store_preferences(table, seat, after)
            if action is None:
                return False
            answer = action

            def announce() -> None:
                """Tell the seat's own connections what was answered for it, before the
                new state: its page then shows both at once and does not move after."""
                labels: dict[str, str] = {}  # by language
                for conn in table.connections_of(seat):
                    if conn.lang not in labels:
                        labels[conn.lang] = render_label(state, answer.id, conn.reader)
                    label = labels[conn.lang]
                    conn.send({"type": "answered", "version": table.version, "label": label})

            await self.manager.commit(table, seat, action.id, announce=announce)
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
        # A bot's answer to an open question takes the same time whatever its hand: a
        # search thinks by the clock within the pace, and every answer waits it out (a
        # bot with one legal move would otherwise answer at once, one with a card
        # after its search).
        pace = self.settings.answer_pace_s
        open_question = pace > 0 and state.game.open_question(state)
        if open_question:
            think = OPEN_QUESTION_THINK * pace
        due = time.monotonic() + pace
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
        if open_question and due > time.monotonic():
            await asyncio.sleep(due - time.monotonic())
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

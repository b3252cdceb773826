"""Hints: what one seat and one address may take of the search that ranks moves.

A finished game's analysis (:meth:`Hints.judge`) ranks the moves of any of its
decisions with the same search, on the same pool, within the same allowance of the
address (an analysis page counts as a seat of its own).

A hint runs the search (:func:`~tabletop.server.workers.hints`) on a pool of its own,
``hint_workers``, so that no hint makes a bot wait. Each seat may ask
``hints_per_minute`` of them and each client address ``hints_per_minute_per_address``
for all its seats together. The pool serves the addresses in turn
(:class:`TakeTurns`): an address that asks hints on thirty seats at once gets one
computed at a time like everybody else, so another person's hint waits for the hints
being computed and at most one of each other address waiting, never for a queue.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections import Counter, OrderedDict, deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from tabletop.core.game import State
from tabletop.server import protocol as p
from tabletop.server.http import AddressLimiters
from tabletop.server.live import Connection, LiveTable, TableError
from tabletop.server.words import N_, Said
from tabletop.server.workers import WorkerPool, decision_seed, hints

if TYPE_CHECKING:
    from tabletop.server.tables import TableManager

ADDRESS_BURST_MAX = 10  # hints one address may ask at once, at most
ADDRESS_LIMIT = N_(
    "your address may ask for {most} hints a minute, for all its seats together; wait a little"
)


log = logging.getLogger("tabletop.server")


class TakeTurns:
    """``size`` slots, handed to the waiting keys in turn: the key served least
    recently first (one never served before any other), each key's requests in the
    order they came."""

    def __init__(self, size: int) -> None:
        self.free = max(1, size)
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}
        self._busy: Counter[str] = Counter()  # key -> slots it holds
        self._last_turn: dict[str, int] = {}  # key -> when it last got a slot
        self._clock = itertools.count()

    @asynccontextmanager
    async def slot(self, key: str) -> AsyncIterator[None]:
        if self.free and not self._waiting:
            self.free -= 1
            self._took(key)
        else:
            ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.setdefault(key, deque()).append(ticket)
            try:
                await ticket
            except asyncio.CancelledError:
                if ticket.done() and not ticket.cancelled():
                    self._release(key)  # handed a slot just as we were cancelled: pass it on
                else:
                    ticket.cancel()
                    self._forget(key, ticket)
                raise
        try:
            yield
        finally:
            self._release(key)

    def _took(self, key: str) -> None:
        self._busy[key] += 1
        self._last_turn[key] = next(self._clock)

    def _release(self, key: str) -> None:
        self._busy[key] -= 1
        if not self._busy[key]:
            del self._busy[key]
            if key not in self._waiting:
                self._last_turn.pop(key, None)
        while self._waiting:
            turn = min(self._waiting, key=lambda k: self._last_turn.get(k, -1))
            queue = self._waiting[turn]
            ticket = queue.popleft()
            if not queue:
                del self._waiting[turn]
            if not ticket.done():
                self._took(turn)
                ticket.set_result(None)
                return
        self.free += 1

    def _forget(self, key: str, ticket: asyncio.Future[None]) -> None:
        queue = self._waiting.get(key)
        if queue is not None and ticket in queue:
            queue.remove(ticket)
            if not queue:
                del self._waiting[key]
                if key not in self._busy:
                    self._last_turn.pop(key, None)


class Hints:
    """Answers the hints the manager's tables ask, within each seat's and each
    address's allowance, the addresses in turn."""

    def __init__(self, manager: TableManager, pool: WorkerPool) -> None:
        self.manager = manager
        self.settings = manager.settings
        self.pool = pool
        self.turns = TakeTurns(pool.workers or 2)  # threads: the pool's two
        per_minute = self.settings.hints_per_minute_per_address
        self.per_address = AddressLimiters(
            max(1, min(ADDRESS_BURST_MAX, per_minute)), per_minute / 60.0
        )
        # (table, step, line, language, quick) -> the ranked moves, the newest last
        self.analyses: OrderedDict[
            tuple[str, int, tuple[int, ...], str, bool], list[dict[str, object]]
        ] = OrderedDict()

    def ask(self, table: LiveTable, conn: Connection, seat: int) -> None:
        """Start computing a hint for ``seat``, or refuse it (:class:`ProtocolError`)."""
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
        if not self.per_address.allow(conn.address):
            raise p.ProtocolError(
                p.RATE_LIMITED, ADDRESS_LIMIT, most=self.settings.hints_per_minute_per_address
            )
        conn.hint_pending = True
        # The state it was asked in, taken now: the caller checked that ``seat`` decides
        # in it, and a move queued behind this message may pass the turn to another
        # seat before the task starts (whose hint would show that seat's cards).
        state = table.state
        version = len(state.history)
        data = state.to_dict(include_log=False)
        self.manager.spawn(self._send(table, conn, seat, version, data))

    async def judge(
        self,
        table: LiveTable,
        state: State,
        step: int,
        line: tuple[int, ...],
        address: str,
        lang: str,
        quick: bool = False,
    ) -> list[dict[str, object]]:
        """The moves of the decision of ``state`` (a finished game's, after ``step``
        actions and the branch ``line``), ranked by the search from the deciding seat's
        view, with the reasons in ``lang``: one hint of ``address``'s allowance,
        computed in its turn (``quick``: the whole game's evaluation, a part of one).

        Each search is seeded by its moment, so the same question gets the same answer:
        the last ``analyses_kept`` answers are given again without a search, and cost
        nothing of the allowance."""
        key = (table.id, step, line, lang, quick)
        known = self.analyses.get(key)
        if known is not None:
            self.analyses.move_to_end(key)
            return known
        settings = self.settings
        iterations = settings.line_hint_iterations if quick else settings.hint_iterations
        cost = min(1.0, iterations / max(1, settings.hint_iterations))
        if not self.per_address.allow(address, cost):
            raise TableError(ADDRESS_LIMIT, 429, most=settings.hints_per_minute_per_address)
        seat = state.current_player
        data = state.to_dict(include_log=False)
        purpose = "analysis" + "".join(f".{a}" for a in line) + (" quick" if quick else "")
        try:
            async with self.turns.slot(address):
                ranked = await self._search(
                    table, data, seat, step + len(line), purpose, lang, iterations
                )
        except TimeoutError:
            raise TableError(N_("the hint took too long"), 503) from None
        self.analyses[key] = ranked
        while len(self.analyses) > settings.analyses_kept:
            self.analyses.popitem(last=False)
        return ranked

    async def _search(
        self,
        table: LiveTable,
        data: dict[str, Any],
        seat: int,
        ply: int,
        purpose: str,
        lang: str,
        iterations: int | None = None,
    ) -> list[dict[str, object]]:
        """The hint engine's ranking of ``seat``'s moves in the state ``data``, on the
        pool (TimeoutError past the bots' time limit)."""
        ranked: list[dict[str, object]] = await self.pool.run(
            hints,
            table.row.game,
            table.row.options,
            data,
            seat,
            iterations or self.settings.hint_iterations,
            decision_seed(table.row.seed, seat, ply, purpose),
            lang,
            timeout=self.settings.bot_time_limit_s,
        )
        return ranked

    async def _send(
        self, table: LiveTable, conn: Connection, seat: int, version: int, data: dict[str, Any]
    ) -> None:
        """Compute the hint of the state it was asked in, once it is the address's turn."""
        try:
            async with self.turns.slot(conn.address):
                if conn not in table.connections:
                    return  # gone while it waited: nobody to tell
                result = await self._search(table, data, seat, version, "hint", conn.reader.lang)
            conn.send({"type": "hint", "version": version, "hints": result})
        except TimeoutError:
            late = Said(N_("the hint took too long")).read(conn.reader)
            conn.send({"type": "error", "code": p.BUSY, "message": late})
        except asyncio.CancelledError:
            raise
        except Exception:  # a search that failed: the client is told, the server goes on
            log.exception("table %s: a hint failed", table.id)
            failed = Said(N_("the hint could not be computed; play on, or ask again"))
            message = failed.read(conn.reader)
            conn.send({"type": "error", "code": p.SERVER_ERROR, "message": message})
        finally:
            conn.hint_pending = False

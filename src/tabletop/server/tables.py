"""The table manager: creating, loading and running tables, the single writer of
their states.

Each table has an ``asyncio.Lock``: an action is checked, applied to a copy,
committed to the database, and only then becomes the table's state and is broadcast,
so what any client has seen is on disk. After a restart a table is rebuilt from its
newest snapshot plus the actions after it.

Each connection receives only its own seat's ``view`` and ``log_for`` (a spectator
those of ``None``): nothing else of the state ever leaves this module. The people at
a table (joins, leaves, replacements, breaks) are :mod:`tabletop.server.people`'s,
the bots :mod:`tabletop.server.driver`'s, the hints :mod:`tabletop.server.hints`'s, and
what tables may keep in memory (quotas per address, sleep when idle)
:mod:`tabletop.server.quotas`'.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Any

from tabletop.core.errors import IllegalActionError
from tabletop.server import frames
from tabletop.server import preferences as prefs
from tabletop.server import protocol as p
from tabletop.server.cluster import ClusterError, Solo
from tabletop.server.deals import Dealer
from tabletop.server.driver import BotDriver
from tabletop.server.faults import DATABASE_ERRORS, FaultLog
from tabletop.server.hints import Hints
from tabletop.server.live import (
    BOT,
    BROKEN,
    DEFAULT_GRACE_S,
    EXPIRED,
    HUMAN,
    OVER,
    PLAYING,
    READ_ONLY,
    STUDY,
    WAITING,
    Connection,
    Elsewhere,
    LiveTable,
    SeatSpec,
    TableBroken,
    TableError,
    clean_name,
    distinct_name,
    hash_token,
    rebuild_state,
    row_summary,
    seat_name,
)
from tabletop.server.ownership import Ownership
from tabletop.server.pace import checked_pace
from tabletop.server.people import People
from tabletop.server.quotas import Quotas
from tabletop.server.rating_store import Ratings
from tabletop.server.ratings import seat_account
from tabletop.server.relay import RESTART
from tabletop.server.rows import Append, SeatRow, TableRow
from tabletop.server.settings import ServerSettings
from tabletop.server.storage import SeatTaken, Storage, TableMoved
from tabletop.server.table_input import checked_game, checked_seats, checked_terms, first_state
from tabletop.server.turns import Turns, due_at
from tabletop.server.words import N_
from tabletop.server.workers import WorkerPool
from tabletop.server.writer import ActionWriter

log = logging.getLogger("tabletop.server")

FINISHED_KEPT = 16  # finished tables kept in memory for their replays, least recent out


class TableManager:
    """Creates, loads and runs tables; the single writer of their states."""

    def __init__(
        self,
        storage: Storage,
        pool: WorkerPool,
        settings: ServerSettings,
        hint_pool: WorkerPool | None = None,
        cluster: Solo | None = None,
    ) -> None:
        self.storage = storage
        self.writer = ActionWriter(storage)
        self.cluster = cluster or Solo()
        self.settings = settings
        self.tables: dict[str, LiveTable] = {}
        self.finished: OrderedDict[str, LiveTable] = OrderedDict()
        self.addresses: Counter[str] = Counter()  # open websockets per client address
        self.stopping = False
        self.load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self.faults = FaultLog(settings.fault_log_every_s)  # the database's, said once a while
        self.dealer = Dealer(storage)
        self.people = People(self)
        self.driver = BotDriver(self, pool)
        self.hints = Hints(self, hint_pool or WorkerPool(0))
        self.quotas = Quotas(self)
        self.ownership = Ownership(self)
        self.turns = Turns(self)  # turn-based tables' clocks
        self.ratings = Ratings(self)  # rated tables' ends (server/ratings.py)

    # -- life cycle -----------------------------------------------------------

    async def start(self) -> None:
        """Load every unfinished table that is not asleep (expiring those nobody
        joined in time) and let its bots play on."""
        await self.cluster.start()
        await self.dealer.load()
        rows = await asyncio.to_thread(
            self.storage.list_tables, statuses=(WAITING, PLAYING), asleep=False
        )
        resumed = expired = broken = elsewhere = 0
        for row in rows:
            if not await self.cluster.own(row.id):
                elsewhere += 1  # another process plays it
                continue
            if self.quotas.expired(row):
                await asyncio.to_thread(self.storage.set_status, row.id, EXPIRED)
                expired += 1
                continue
            try:
                table = await self.load_row(row)
            except TableBroken:  # reported; the other tables play on
                broken += 1
                continue
            self.driver.kick(table)
            resumed += 1
        log.info(
            "resumed %d tables, expired %d, broken %d; %d played by other processes",
            resumed,
            expired,
            broken,
            elsewhere,
        )
        self.spawn(self.quotas.keep_within_bounds())
        self.spawn(self.turns.keep_time())
        self.spawn(self.ratings.catch_up())
        if self.cluster.shared:
            self.spawn(self.ownership.take_over_orphans())

    async def stop(self) -> None:
        """Stop taking actions and stop every task (commits under way finish first)."""
        self.stopping = True
        tasks = list(self._tasks)
        for table in self.tables.values():
            tasks.extend(table.tasks())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.writer.idle()  # actions handed over are stored before the tables go
        await self.cluster.stop()  # the others take this process's tables over

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """Run ``coro`` as a task the manager cancels when it stops."""
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- finding tables ---------------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable | None:
        """The table, loaded from the database on first use (None if unknown or
        expired). A finished table is kept only while somebody watches it.

        An unfinished table another process owns raises :class:`Elsewhere` with that
        process's address; one nobody owns (its owner died) this process takes over.
        A table asleep (:mod:`.quotas`) wakes: somebody is opening it.
        """
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            table.idle_since = time.monotonic()  # being opened: not idle
            return table
        woke = False
        async with self.load_lock:
            table = self.tables.get(table_id)
            if table is not None:
                table.idle_since = time.monotonic()
                return table
            row = await asyncio.to_thread(self.storage.load_table, table_id)
            if row is None or row.status in (EXPIRED, BROKEN):
                return None
            if row.status not in READ_ONLY:  # a finished game or a study: anyone may show it
                # (The owners' connection lost or refusing: a ClusterError, which the
                # app answers as the database's fault, 503.)
                owned = await self.cluster.own(table_id)
                address = None if owned else await self.cluster.owner_address(table_id)
                if not owned:
                    if address is None:  # its owner is letting it go: ask again soon
                        raise TableError(N_("the table is changing servers; try again"), 503)
                    raise Elsewhere(address)
                row = await asyncio.to_thread(self.storage.load_table, table_id)  # as owned
                if row is None:
                    return None
                if row.asleep:
                    woke = await self.quotas.wake(row)
                    if not woke:
                        return None
            try:
                table = await self.load_row(row)
            except BaseException:
                if woke:  # not in memory: asleep again, or it would count for ever
                    with contextlib.suppress(*DATABASE_ERRORS):
                        await asyncio.to_thread(self.storage.set_asleep, table_id, True)
                    await self.release(table_id)
                raise
        if woke:
            await self.quotas.woken(table)
        return table

    async def put_to_sleep(self, table: LiveTable) -> bool:
        """Take a table nobody is at out of memory (:mod:`.quotas`), marked asleep in
        the database first, so that a start or a load meanwhile finds it asleep (and
        :meth:`get` wakes it). False if somebody came."""
        async with table.lock:  # no action half stored
            if self.tables.get(table.id) is not table or table.connections:
                return False
            await asyncio.to_thread(self.storage.set_asleep, table.id, True)
            with contextlib.suppress(ClusterError):  # lost: its locks went with it
                await self.cluster.release(table.id)  # any process may wake it now
            self.ownership.let_go(table)
        return True

    async def summary(self, table_id: str) -> dict[str, Any] | None:
        """A table's public summary, without loading a finished game into memory."""
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            return table.summary()
        row = await asyncio.to_thread(self.storage.load_table, table_id)
        if row is None or row.status == EXPIRED:
            return None
        return row_summary(row)

    async def load_row(self, row: TableRow) -> LiveTable:
        """The live table of ``row``, its state rebuilt from the stored log; a log that
        cannot be replayed marks the table broken (:class:`TableBroken`)."""
        try:
            state = await asyncio.to_thread(rebuild_state, self.storage, row)
        except DATABASE_ERRORS:
            raise  # the database, not the table: nothing to mark
        except Exception as exc:
            log.error("table %s cannot be rebuilt, marked broken: %r", row.id, exc)
            await asyncio.to_thread(self.storage.set_status, row.id, BROKEN)
            row.status = BROKEN
            raise TableBroken(row.id) from exc
        table = LiveTable(row, state)
        if row.status in READ_ONLY:
            self._keep_finished(table)
        else:
            self.tables[row.id] = table
        return table

    def _keep_finished(self, table: LiveTable) -> None:
        self.finished[table.id] = table
        self.finished.move_to_end(table.id)
        while len(self.finished) > FINISHED_KEPT:
            old_id, old = next(iter(self.finished.items()))
            if old.connections:  # watched: keep it
                self.finished.move_to_end(old_id)
                break
            del self.finished[old_id]

    def forget(self, table: LiveTable) -> None:
        """A finished table nobody watches: keep it only among the recent replays, and
        let its lock go (several processes: anyone may show a finished game)."""
        if self.tables.pop(table.id, None) is not None:
            self._keep_finished(table)
            self.spawn(self.release(table.id))

    async def release(self, table_id: str) -> None:
        """Give up owning a table this process no longer plays (its lock in the
        database, with several processes), so that locks do not pile up for ever."""
        try:
            await self.cluster.release(table_id)
        except Exception as exc:  # the owners' connection is away: its locks went with it
            self.faults.note(exc, "letting a table go")

    # -- creating and joining ---------------------------------------------------

    async def create(
        self,
        game_id: str,
        options: dict[str, Any],
        seats: list[SeatSpec],
        *,
        seed: int | None = None,
        replace_bot: str | None = None,
        leave_grace_s: float = DEFAULT_GRACE_S,
        claim: int | None = None,
        claim_name: str | None = None,
        claim_user: str | None = None,
        known_deal: bool = False,
        created_by: str | None = None,
        position: dict[str, Any] | str | None = None,
        bot_pause_s: float | None = None,
        terms: tuple[Any, Any, Any] = (None, "bot", False),
    ) -> tuple[LiveTable, str | None]:
        """A new table; with ``claim``, that seat is taken at once and its token returned.
        ``bot_pause_s``: the bots' pace, within the server's bounds (:mod:`.pace`).

        The deal's seed mixes ``seed`` (or a fresh one) with the server's secret and the
        table's id (:mod:`~tabletop.server.deals`), so nobody can compute the hidden
        cards; ``known_deal`` deals ``seed`` itself, and the table shows it to everybody.
        ``position``: the game starts from it (docs/positions.md), dealing what it leaves
        out the same way, which the table also tells everybody. ``terms``: the move's
        time (none: real-time), what a person out of time leads to, and whether the
        table is rated (:func:`~tabletop.server.table_input.checked_terms`): a rated
        table's ``claim`` is the account ``claim_user``'s, refused to a guest.
        """
        game = checked_game(game_id, options, len(seats))
        seats = checked_seats(game_id, seats, replace_bot, claim, self.settings)
        if not 0 <= leave_grace_s <= 3600:
            raise TableError(N_("leave_grace_s must be between 0 and 3600 seconds"), 422)
        pace = checked_pace(bot_pause_s, self.settings)
        bounds = (self.settings.min_move_time_s, self.settings.max_move_time_s)
        table_terms = checked_terms(
            *terms, bounds=bounds, replace_bot=replace_bot, position=position, known_deal=known_deal
        )
        if known_deal and seed is None:
            raise TableError(N_("a known deal needs the seed to deal"), 422)
        table_id = secrets.token_urlsafe(9)  # the deal is the table's own
        chosen = game.fresh_seed() if seed is None else seed
        seed = await self.dealer.seed(table_id, chosen, known_deal)
        state, row_position = first_state(game, position, seed, len(seats), self.settings)
        rows = [
            SeatRow(i, s.kind, s.bot, seat_name(s, i), think=s.think) for i, s in enumerate(seats)
        ]
        token = None
        if claim is not None:
            token = secrets.token_urlsafe(24)
            rows[claim].token_hash = hash_token(token)
            rows[claim].name = distinct_name(clean_name(claim_name, claim), claim, rows)
            rows[claim].user_id = seat_account(table_terms, claim_user, ())
        status = PLAYING if all(r.kind == BOT or r.token_hash for r in rows) else WAITING
        row = TableRow(
            id=table_id,
            game=game_id,
            options=game.options_dict(),
            num_players=len(seats),
            seed=seed,
            status=status,
            version=0,
            replace_bot=replace_bot,
            leave_grace_s=leave_grace_s,
            created_at=time.time(),
            seats=rows,
            known_deal=known_deal,
            created_by=created_by,
            position=row_position,
            owner=self.cluster.process_id,
            bot_pause_s=pace,
            terms=table_terms,
        )
        row.turn_due_at = due_at(row, state, row.created_at)
        row.to_move = None if state.is_terminal() else state.current_player
        # Under the load lock: a lost owners' connection lets every table go, and must
        # not find this one half made (owned on the old connection, not yet listed);
        # and its creator's tables are counted with none of theirs half made.
        async with self.load_lock:
            await self.quotas.check_new_table(created_by, status)
            await self.quotas.make_room()
            if not await self.cluster.own(table_id):  # before anyone can see it unowned
                raise TableError(N_("the table is changing servers; try again"), 503)
            await asyncio.to_thread(self.storage.create_table, row)
            table = LiveTable(row, state)
            self.tables[row.id] = table
        self.driver.kick(table)
        return table, token

    async def claim(
        self, table: LiveTable, seat: int, name: str | None, user_id: str | None = None
    ) -> str:
        """Take an open human seat (the account ``user_id``'s: a rated table's must be
        one's); returns the seat's token (shown once, stored hashed)."""
        async with table.lock:
            if not 0 <= seat < table.row.num_players:
                raise TableError(N_("there is no seat {seat}"), 404, seat=seat)
            s = table.row.seats[seat]
            if table.row.status in READ_ONLY:  # a finished game's or a study's seats
                raise TableError(N_("the seats of a finished game or a study cannot be taken"), 409)
            if s.kind != HUMAN:
                raise TableError(N_("seat {seat} is a bot's"), 409, seat=seat)
            if s.token_hash is not None:
                raise TableError(N_("seat {seat} is taken"), 409, seat=seat)
            seat_account(table.row.terms, user_id, [o.user_id for o in table.row.seats])
            token = secrets.token_urlsafe(24)
            chosen = distinct_name(clean_name(name, seat), seat, table.row.seats)
            try:
                full = await asyncio.to_thread(
                    self.storage.claim_seat, table.id, seat, chosen, hash_token(token), user_id
                )
            except SeatTaken:
                raise TableError(N_("seat {seat} is taken"), 409, seat=seat) from None
            s.token_hash = hash_token(token)
            s.name, s.user_id = chosen, user_id
            if full and table.row.status == WAITING:
                table.row.status = PLAYING
                await self.turns.restart(table)  # a turn-based table's first clock
            frames.broadcast(table)
        self.driver.kick(table)
        return token

    def seat_for_token(self, table: LiveTable, token: str) -> int | None:
        digest = hash_token(token)
        for s in table.row.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    # -- messages -------------------------------------------------------------------

    async def handle(self, table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
        """Act on one parsed client message; a refusal raises :class:`ProtocolError`."""
        kind = msg["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
            return
        if table.let_go:  # another process may play it now: reconnect to reach it
            conn.hang_up(RESTART)
            return
        if kind == "hello":
            lang = msg.get("lang")  # checked by protocol.parse_message
            if lang is not None and not conn.greeted:
                conn.lang = lang  # from now on, also for a refusal of this hello
            await self.people.hello(table, conn, msg.get("token"))
            return
        if not conn.greeted:
            raise p.ProtocolError(p.HELLO_FIRST, N_("send a 'hello' message first"))
        if kind == "action":
            await self.act(table, _seat_of(conn), msg["action"], msg["version"])
        elif kind == "hint":
            seat = _seat_of(conn)
            self._check_turn(table, seat)
            self.hints.ask(table, conn, seat)
        elif kind == "leave":
            await self.people.leave(table, _seat_of(conn))
        elif kind == "ready":
            self.people.ready(table, _seat_of(conn))
        elif kind == "preferences":
            await self.people.set_preferences(table, _seat_of(conn), msg["preferences"])

    def disconnect(self, table: LiveTable, conn: Connection) -> None:
        if table.let_go:  # another process may play it now: nothing to schedule here
            table.leave(conn)
            return
        self.people.disconnect(table, conn)

    # -- actions ------------------------------------------------------------------

    def _check_turn(self, table: LiveTable, seat: int) -> None:
        status = table.row.status
        if status == OVER:
            raise p.ProtocolError(p.NOT_PLAYING, N_("the game is over"))
        if status == STUDY:
            raise p.ProtocolError(
                p.NOT_PLAYING, N_("nobody plays a position to study: try moves on its board")
            )
        if status == WAITING:
            raise p.ProtocolError(p.NOT_PLAYING, N_("the game starts when every seat is taken"))
        current = table.state.current_player
        if seat != current:
            raise p.ProtocolError(
                p.NOT_YOUR_TURN,
                N_("it is seat {current}'s decision, not yours (seat {yours})"),
                current=current + 1,
                yours=seat + 1,
            )
        if table.bot_for(seat) is not None:
            raise p.ProtocolError(
                p.NOT_YOUR_TURN, N_("a bot plays this seat now; reconnect to take it back")
            )

    async def act(self, table: LiveTable, seat: int, action: int, version: int) -> None:
        """Play ``action`` for a person at ``seat`` in the state of ``version`` actions,
        or refuse it changing nothing."""
        if self.stopping:
            raise p.ProtocolError(p.BUSY, N_("the server is stopping; nothing changed"))
        if version == table.version:  # an open question's answer waits out the pace
            wait = prefs.answer_wait(table, self.settings.answer_pace_s, automatic=False)
            if wait > 0:
                await asyncio.sleep(wait)
        async with table.lock:
            if table.let_go:
                raise _moved()
            if version != table.version:
                raise p.ProtocolError(
                    p.STALE,
                    N_("the game has moved on (version {version}, you sent {sent})"),
                    version=table.version,
                    sent=version,
                )
            self._check_turn(table, seat)
            table.hold.discard(seat)  # a person who plays on has read the summary
            if not 0 <= action < table.state.game.info.num_distinct_actions:
                raise p.ProtocolError(
                    p.UNKNOWN_ACTION,
                    N_("{action} is not an action id of {game}"),
                    action=action,
                    game=table.row.game,
                )
            await self.commit(table, seat, action)
        self.driver.kick(table)

    async def commit(
        self,
        table: LiveTable,
        seat: int,
        action: int,
        announce: Callable[[], None] | None = None,
    ) -> None:
        """Apply to a copy, commit, then publish; ``announce`` runs once the action is
        stored, before the new state is sent. The caller holds ``table.lock``."""
        if table.let_go:
            raise _moved()
        new = table.state.clone()
        try:
            new.apply(action)
        except IllegalActionError as exc:
            raise p.ProtocolError(p.ILLEGAL_ACTION, str(exc)) from None
        ply = table.version
        over = new.is_terminal()
        result = {"winners": new.winners(), "returns": new.returns()} if over else None
        status = OVER if over else PLAYING
        every = self.settings.snapshot_every
        snapshot = new.to_dict(include_log=True) if every and (ply + 1) % every == 0 else None
        owner = self.cluster.writer_id
        due = due_at(table.row, new, time.time(), acted=seat)  # turn-based: the clock
        try:
            await self.writer.append(
                Append(
                    table.id,
                    ply,
                    action,
                    seat,
                    status,
                    result,
                    snapshot,
                    owner,
                    due,
                    to_move=None if over else new.current_player,
                    rating_due=over and table.row.terms.rated,
                )
            )
        except TableMoved:  # taken over while this process still played it
            log.warning("table %s was taken over by another process; letting it go", table.id)
            self.ownership.let_go(table)
            raise _moved() from None
        breaks = new.game.info.break_after
        if breaks and not over:
            first_new = table.state.log[-1].seq + 1 if table.state.log else 0
            if any(e.kind in breaks for e in new.log_for(None, first_new)):
                self.people.start_break(table)
        table.state = new
        table.asked_at = time.monotonic()
        table.row.version = ply + 1
        table.row.status = status
        table.row.result = result
        if over:  # a rated table's end by the rules: the accounts' ratings move
            self.ratings.rate(table)
        table.row.turn_due_at = due
        if announce is not None:  # stored: what goes with the new state, before it
            announce()
        frames.broadcast(table)
        if over and not table.connections:
            self.forget(table)  # nobody watches (bots only): out of the live tables now


def _moved() -> p.ProtocolError:
    return p.ProtocolError(
        p.BUSY, N_("this table moved to another server; reconnect (nothing changed)")
    )


def _seat_of(conn: Connection) -> int:
    if conn.seat is None:
        raise p.ProtocolError(p.NOT_SEATED, N_("spectators cannot play: take a seat first"))
    return conn.seat

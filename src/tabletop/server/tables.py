"""The table manager: creating, loading and running tables, the single writer of
their states.

Each table has an ``asyncio.Lock``: an action is checked, applied to a copy,
committed to the database, and only then becomes the table's state and is broadcast,
so what any client has seen is on disk. After a restart a table is rebuilt from its
newest snapshot plus the actions after it.

Each connection receives only its own seat's ``view`` and ``log_for`` (a spectator
those of ``None``): nothing else of the state ever leaves this module. The people at
a table (joins, leaves, replacements, breaks) are :mod:`tabletop.server.people`'s,
the bots and hints :mod:`tabletop.server.driver`'s.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import time
import tomllib
from collections import Counter, OrderedDict
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import InterfaceError, OperationalError

import tabletop
from tabletop.bots import list_bots
from tabletop.core.errors import IllegalActionError, TabletopError
from tabletop.core.options import option_catalogue
from tabletop.core.registry import game_class
from tabletop.i18n import SOURCE, Reader, reader, render_event, render_label
from tabletop.server import preferences as prefs
from tabletop.server import protocol as p
from tabletop.server.cluster import ClusterError, Solo
from tabletop.server.driver import BotDriver
from tabletop.server.live import (
    BOT,
    BROKEN,
    DEFAULT_GRACE_S,
    EXPIRED,
    HUMAN,
    OVER,
    PLAYING,
    WAITING,
    Connection,
    Elsewhere,
    LiveTable,
    SeatSpec,
    TableBroken,
    TableError,
    checked_think,
    clean_name,
    distinct_name,
    hash_token,
    rebuild_state,
    row_summary,
    seat_name,
)
from tabletop.server.people import People
from tabletop.server.relay import RESTART
from tabletop.server.settings import ServerSettings
from tabletop.server.storage import Append, SeatRow, SeatTaken, Storage, TableMoved, TableRow
from tabletop.server.words import N_
from tabletop.server.workers import WorkerPool, deal_seed
from tabletop.server.writer import ActionWriter

if TYPE_CHECKING:
    from tabletop.core.game import State
    from tabletop.core.log import LogEvent

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
        self._load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._deal_secret: bytes | None = None
        self.people = People(self)
        self.driver = BotDriver(self, pool, hint_pool or WorkerPool(0))

    # -- life cycle -----------------------------------------------------------

    async def start(self) -> None:
        """Load every unfinished table (expiring those nobody joined in time) and let
        its bots play on."""
        await self.cluster.start()
        self._deal_secret = await asyncio.to_thread(self.storage.secret, "deal")
        rows = await asyncio.to_thread(self.storage.list_tables, statuses=(WAITING, PLAYING))
        resumed = expired = broken = elsewhere = 0
        for row in rows:
            if not await self.cluster.own(row.id):
                elsewhere += 1  # another process plays it
                continue
            if self._expired(row):
                await asyncio.to_thread(self.storage.set_status, row.id, EXPIRED)
                expired += 1
                continue
            try:
                table = await self._load_row(row)
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
        self.spawn(self._expire_waiting_tables())
        if self.cluster.shared:
            self.spawn(self._take_over_orphans())

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

    def _expired(self, row: TableRow) -> bool:
        age = time.time() - row.created_at
        return row.status == WAITING and age > self.settings.waiting_table_ttl_s

    async def _expire_waiting_tables(self) -> None:
        """Tables nobody joined in ``waiting_table_ttl_s`` expire (their seats were
        never all taken, so no game was played)."""
        every = max(1.0, min(600.0, self.settings.waiting_table_ttl_s / 10))
        while True:
            await asyncio.sleep(every)
            for table in list(self.tables.values()):
                if self._expired(table.row) and not table.connections:
                    await asyncio.to_thread(self.storage.set_status, table.id, EXPIRED)
                    table.row.status = EXPIRED
                    self.tables.pop(table.id, None)

    # -- finding tables ---------------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable | None:
        """The table, loaded from the database on first use (None if unknown or
        expired). A finished table is kept only while somebody watches it.

        An unfinished table another process owns raises :class:`Elsewhere` with that
        process's address; one nobody owns (its owner died) this process takes over.
        """
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            return table
        async with self._load_lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            row = await asyncio.to_thread(self.storage.load_table, table_id)
            if row is None or row.status in (EXPIRED, BROKEN):
                return None
            if row.status != OVER:  # a finished game is read-only: anyone may show it
                try:
                    owned = await self.cluster.own(table_id)
                    address = None if owned else await self.cluster.owner_address(table_id)
                except ClusterError as exc:
                    raise TableError(str(exc), 503) from None
                if not owned:
                    if address is None:  # its owner is letting it go: ask again soon
                        raise TableError(N_("the table is changing servers; try again"), 503)
                    raise Elsewhere(address)
                row = await asyncio.to_thread(self.storage.load_table, table_id)  # as owned
                if row is None:
                    return None
            return await self._load_row(row)

    async def _take_over_orphans(self) -> None:
        """Several processes: take over the unfinished tables whose owner died or
        stopped, from their stored log, and play on (their bots, their timers)."""
        while True:
            await asyncio.sleep(self.settings.cluster_scan_s)
            try:
                for table_id in await self.cluster.unowned():
                    await self._take_over(table_id)
            except Exception as exc:  # the database is away: the next scan tries again
                log.warning("cannot look for tables without an owner: %s", exc)
                if not self.cluster.connected:
                    await self._ownership_lost()

    async def _take_over(self, table_id: str) -> None:
        async with self._load_lock:
            if table_id in self.tables or not await self.cluster.own(table_id):
                return
            row = await asyncio.to_thread(self.storage.load_table, table_id)
            if row is None or row.status not in (WAITING, PLAYING):
                await self.cluster.release(table_id)
                return
            try:
                table = await self._load_row(row)
            except TableBroken:
                return
        log.info("took over table %s at version %d", table_id, row.version)
        self.people.schedule_replacements(table)
        self.driver.kick(table)

    async def _ownership_lost(self) -> None:
        """The owners' connection is gone, and the tables' locks with it: any other
        process may take any of them over now. Let them all go (their people are told
        to reconnect, and reach whichever process plays each table next) and take a
        new connection, from which the scans take back what nobody took."""
        async with self._load_lock:  # no table half loaded on the old connection
            log.warning("lost the owners' connection: letting %d tables go", len(self.tables))
            for table in list(self.tables.values()):
                self._let_go(table)
            # Actions already handed over are stored (or refused) before this process
            # can take any table back: none may land on a table it has reloaded.
            await self.writer.idle()
        try:
            await self.cluster.reconnect()
        except Exception as exc:  # still away: the next scan tries again
            log.warning("cannot open a new owners' connection: %s", exc)

    def _let_go(self, table: LiveTable) -> None:
        """Stop playing ``table`` here: no more moves, timers or bots, and its clients
        hung up on with "service restart" (browsers reconnect at once)."""
        table.let_go = True
        if self.tables.get(table.id) is table:  # not a copy loaded since
            del self.tables[table.id]
            self.cluster.disown(table.id)
        for task in table.tasks():
            task.cancel()
        if table.presence_due is not None:
            table.presence_due.cancel()
        for conn in list(table.connections):
            conn.hang_up(RESTART)

    async def summary(self, table_id: str) -> dict[str, Any] | None:
        """A table's public summary, without loading a finished game into memory."""
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            return table.summary()
        row = await asyncio.to_thread(self.storage.load_table, table_id)
        if row is None or row.status == EXPIRED:
            return None
        return row_summary(row)

    async def _load_row(self, row: TableRow) -> LiveTable:
        """The live table of ``row``, its state rebuilt from the stored log; a log that
        cannot be replayed marks the table broken (:class:`TableBroken`)."""
        try:
            state = await asyncio.to_thread(rebuild_state, self.storage, row)
        except (OperationalError, InterfaceError):
            raise  # the database, not the table: nothing to mark
        except Exception as exc:
            log.error("table %s cannot be rebuilt, marked broken: %r", row.id, exc)
            await asyncio.to_thread(self.storage.set_status, row.id, BROKEN)
            row.status = BROKEN
            raise TableBroken(row.id) from exc
        table = LiveTable(row, state)
        if row.status == OVER:
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
        """A finished table nobody watches: keep it only among the recent replays."""
        if self.tables.pop(table.id, None) is not None:
            self._keep_finished(table)

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
        known_deal: bool = False,
        created_by: str | None = None,
        position: dict[str, Any] | str | None = None,
    ) -> tuple[LiveTable, str | None]:
        """A new table; with ``claim``, that seat is taken at once and its token returned.

        The deal's seed mixes ``seed`` (or a fresh one) with the server's secret, so a
        creator cannot compute the hidden cards; ``known_deal`` deals ``seed`` itself,
        and the table tells everybody so. ``position``: the game starts from it
        (docs/positions.md), which the table also tells everybody.
        """
        if len(self.tables) >= self.settings.max_tables:
            raise TableError(N_("the server holds too many tables"), 503)
        try:
            _check_no_files(game_id, options)
            game = tabletop.make(game_id, **options)
            game.check_num_players(len(seats))
        except TabletopError as exc:
            raise TableError(str(exc), 422) from None
        bots = list_bots(game_id)
        for name in [s.bot for s in seats if s.kind == BOT] + [replace_bot]:
            if name is not None and name not in bots:
                raise TableError(
                    N_("unknown bot {bot}; available: {bots}"),
                    422,
                    bot=repr(name),
                    bots=", ".join(bots),
                )
        for s in seats:
            if s.kind not in (HUMAN, BOT) or (s.kind == BOT) != (s.bot is not None):
                raise TableError(
                    N_("each seat is {human} or {bot}"),
                    400,
                    human="{'kind': 'human'}",
                    bot="{'kind': 'bot', 'bot': name}",
                )
        seats = [checked_think(s, game_id, self.settings.bot_think_cap()) for s in seats]
        if claim is not None and not (0 <= claim < len(seats) and seats[claim].kind == HUMAN):
            raise TableError(N_("seat {seat} is not a human seat"), 400, seat=claim)
        if not 0 <= leave_grace_s <= 3600:
            raise TableError(N_("leave_grace_s must be between 0 and 3600 seconds"), 422)
        if known_deal and seed is None:
            raise TableError(N_("a known deal needs the seed to deal"), 422)
        chosen = game.fresh_seed() if seed is None else seed
        if not known_deal:
            if self._deal_secret is None:
                self._deal_secret = await asyncio.to_thread(self.storage.secret, "deal")
            seed = deal_seed(self._deal_secret, chosen)
        else:
            seed = chosen
        try:
            row_position = None if position is None else checked_position(position)
            if row_position is not None:
                state = game.position({**row_position, "seed": seed})
                if state.num_players != len(seats):
                    raise TableError(
                        N_("the position has {players} players, the table {seats} seats"),
                        422,
                        players=state.num_players,
                        seats=len(seats),
                    )
            else:
                state = game.new_state(len(seats), seed=seed, log=True)
        except TableError:
            raise
        except TabletopError as exc:
            raise TableError(str(exc), 422) from None
        rows = [
            SeatRow(i, s.kind, s.bot, seat_name(s, i), think=s.think) for i, s in enumerate(seats)
        ]
        token = None
        if claim is not None:
            token = secrets.token_urlsafe(24)
            rows[claim].token_hash = hash_token(token)
            rows[claim].name = distinct_name(clean_name(claim_name, claim), claim, rows)
        status = PLAYING if all(r.kind == BOT or r.token_hash for r in rows) else WAITING
        if status == WAITING and created_by is not None:
            self._check_waiting_allowance(created_by)
        table_id = secrets.token_urlsafe(9)
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
        )
        # Under the load lock: a lost owners' connection lets every table go, and must
        # not find this one half made (owned on the old connection, not yet listed).
        async with self._load_lock:
            try:
                await self.cluster.own(table_id)  # before anyone can see it unowned
            except ClusterError as exc:
                raise TableError(str(exc), 503) from None
            await asyncio.to_thread(self.storage.create_table, row)
            table = LiveTable(row, state)
            self.tables[row.id] = table
        self.driver.kick(table)
        return table, token

    def _check_waiting_allowance(self, created_by: str) -> None:
        """One address may keep only so many tables waiting for players."""
        waiting = sum(
            1
            for t in self.tables.values()
            if t.row.created_by == created_by and t.row.status == WAITING
        )
        limit = self.settings.max_waiting_tables_per_address
        if waiting >= limit:
            raise TableError(
                N_(
                    "you have {waiting} tables waiting for players already (at most {limit}): "
                    "start one of them, or wait until they expire"
                ),
                429,
                waiting=waiting,
                limit=limit,
            )

    async def claim(self, table: LiveTable, seat: int, name: str | None) -> str:
        """Take an open human seat; returns the seat's token (shown once, stored hashed)."""
        async with table.lock:
            if not 0 <= seat < table.row.num_players:
                raise TableError(N_("there is no seat {seat}"), 404, seat=seat)
            s = table.row.seats[seat]
            if s.kind != HUMAN:
                raise TableError(N_("seat {seat} is a bot's"), 409, seat=seat)
            if s.token_hash is not None:
                raise TableError(N_("seat {seat} is taken"), 409, seat=seat)
            token = secrets.token_urlsafe(24)
            chosen = distinct_name(clean_name(name, seat), seat, table.row.seats)
            try:
                full = await asyncio.to_thread(
                    self.storage.claim_seat, table.id, seat, chosen, hash_token(token)
                )
            except SeatTaken:
                raise TableError(N_("seat {seat} is taken"), 409, seat=seat) from None
            s.token_hash = hash_token(token)
            s.name = chosen
            if full and table.row.status == WAITING:
                table.row.status = PLAYING
            self.broadcast(table)
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
            self.driver.hint(table, conn, seat)
        elif kind == "leave":
            await self.people.leave(table, _seat_of(conn))
        elif kind == "ready":
            self.people.ready(table, _seat_of(conn))
        elif kind == "preferences":
            await self.set_preferences(table, _seat_of(conn), msg["preferences"])

    async def set_preferences(self, table: LiveTable, seat: int, changes: dict[str, Any]) -> None:
        """Change some of ``seat``'s preferences, or refuse them all changing nothing;
        its connections get the new values, and the driver answers for it if they now
        cover its pending question."""
        new = prefs.changed(table, seat, changes)
        async with table.lock:
            await self.store_preferences(table, seat, new)
            views: dict[int | None, Any] = {}
            for conn in table.connections_of(seat):  # its legal actions may have changed
                conn.send(self.state_message(table, conn, views))
        self.driver.kick(table)

    async def store_preferences(self, table: LiveTable, seat: int, new: Any) -> None:
        """Keep ``seat``'s preferences and tell its connections. The caller holds the
        table's lock."""
        if prefs.keep(table, seat, new):
            await asyncio.to_thread(self.storage.update_seat, table.id, table.row.seats[seat])
        message = {"type": "preferences", "preferences": prefs.values(table, seat)}
        for conn in table.connections_of(seat):
            conn.send(message)

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

    async def commit(self, table: LiveTable, seat: int, action: int) -> None:
        """Apply to a copy, commit, then publish. The caller holds ``table.lock``."""
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
        try:
            await self.writer.append(
                Append(table.id, ply, action, seat, status, result, snapshot, owner)
            )
        except TableMoved:  # taken over while this process still played it
            log.warning("table %s was taken over by another process; letting it go", table.id)
            self._let_go(table)
            raise _moved() from None
        breaks = new.game.info.break_after
        if breaks and not over:
            first_new = table.state.log[-1].seq + 1 if table.state.log else 0
            if any(e.kind in breaks for e in new.log_for(None, first_new)):
                self.people.start_break(table)
        table.state = new
        table.row.version = ply + 1
        table.row.status = status
        table.row.result = result
        self.broadcast(table)
        if over and not table.connections:
            self.forget(table)  # nobody watches (bots only): out of the live tables now

    # -- what clients see -----------------------------------------------------------

    def state_message(
        self, table: LiveTable, conn: Connection, views: dict[int | None, Any]
    ) -> dict[str, Any]:
        """``conn``'s update: its own view and new log events, never another seat's;
        the events and the labels of its legal actions in its person's language."""
        state = table.state
        words = conn.reader
        seat = conn.seat
        if seat not in views:
            views[seat] = state.view(seat)
        events = state.log_for(seat, conn.next_seq)
        all_events = state.log
        conn.next_seq = all_events[-1].seq + 1 if all_events else 0
        legal: list[dict[str, Any]] = []
        if (
            seat is not None
            and table.row.status == PLAYING
            and seat == state.current_player
            and table.bot_for(seat) is None
            and not prefs.will_answer(table, seat)
        ):
            data = state.game.action_data
            legal = [
                {"id": a.id, "label": _label(state, a.id, a.label, words), **data(a.id)}
                for a in state.legal_actions()
            ]
        return {
            "type": "state",
            "version": len(state.history),
            "seat": seat,
            "table": table.summary(),
            "current_player": state.current_player,
            "view": views[seat],
            "log": [_event(state, e, words) for e in events],
            "legal": legal,
            "result": table.row.result,
            "preferences": prefs.values(table, seat),
        }

    def broadcast(self, table: LiveTable) -> None:
        """Send every connection of ``table`` its update: one view per seat, reused."""
        views: dict[int | None, Any] = {}
        for conn in list(table.connections):
            conn.send(self.state_message(table, conn, views))

    # -- finished games -------------------------------------------------------------

    async def replay_step(
        self, table: LiveTable, step: int, words: Reader | None = None
    ) -> dict[str, Any]:
        """The spectator's view of a finished game after ``step`` actions; its log and
        the last move in ``words``' language (English by default)."""
        words = words or reader()
        if table.row.status != OVER:
            raise TableError(N_("only a finished game can be replayed"), 409)
        history = list(table.state.history)
        if not 0 <= step <= len(history):
            raise TableError(N_("step must be between 0 and {last}"), 422, last=len(history))
        row = table.row

        def build() -> dict[str, Any]:
            game = tabletop.make(row.game, **row.options)
            state = game.new_state(row.num_players, seed=row.seed, log=True)
            last = None
            for a in history[:step]:
                label = _label(state, a, game.action_from_id(a).label, words)
                last = {"seat": state.current_player, "label": label}
                state.apply(a)
            return {
                "step": step,
                "total": len(history),
                "current_player": state.current_player,
                "view": state.view(None),
                "log": [_event(state, e, words) for e in state.log_for(None)],
                "last": last,
            }

        return await asyncio.to_thread(build)

    def record(self, table: LiveTable) -> dict[str, Any]:
        if table.row.status != OVER:
            raise TableError(N_("the record is published when the game is over"), 409)
        names = [s.name for s in table.row.seats]
        row = table.row
        position = None if row.position is None else {**row.position, "seed": row.seed}
        record = tabletop.GameRecord.from_state(table.state, players=names, position=position)
        return record.to_dict()


def _event(state: State, event: LogEvent, words: Reader) -> dict[str, Any]:
    """``event`` as a client gets it: its ``text`` in the reader's language."""
    out = event.to_dict()
    if words.lang != SOURCE:
        out["text"] = render_event(state, event, words)
    return out


def _label(state: State, action: int, english: str, words: Reader) -> str:
    """The label of ``action`` in the reader's language (``english`` is its own)."""
    return english if words.lang == SOURCE else render_label(state, action, words)


def _moved() -> p.ProtocolError:
    return p.ProtocolError(
        p.BUSY, N_("this table moved to another server; reconnect (nothing changed)")
    )


def _seat_of(conn: Connection) -> int:
    if conn.seat is None:
        raise p.ProtocolError(p.NOT_SEATED, N_("spectators cannot play: take a seat first"))
    return conn.seat


MAX_POSITION_CHARS = 20_000


def checked_position(position: dict[str, Any] | str) -> dict[str, Any]:
    """A position's fields from a client: an object, or TOML or JSON text (the lobby's
    box), without the game or options (the table's own)."""
    if isinstance(position, str):
        if len(position) > MAX_POSITION_CHARS:
            raise TableError(
                N_("a position is at most {most} characters"), 422, most=MAX_POSITION_CHARS
            )
        try:
            text = position.strip()
            fields = json.loads(text) if text.startswith("{") else tomllib.loads(text)
        except (ValueError, tomllib.TOMLDecodeError) as exc:
            raise TableError(
                N_("the position is neither TOML nor JSON: {problem}"), 422, problem=str(exc)
            ) from None
    else:
        fields = position
    if not isinstance(fields, dict):
        raise TableError(N_("a position is an object of fields"), 422)
    for name in ("game", "options"):
        if name in fields:
            raise TableError(
                N_(
                    "the position names its {name}: choose the game and its options for the "
                    "table instead, and give the position's other fields"
                ),
                422,
                name=name,
            )
    return fields


def _check_no_files(game_id: str, options: dict[str, Any]) -> None:
    """Refuse a value other than the packaged ones (the default and the labelled
    values) for an option that names a file (Kung Fu's ``deck``): the server opens no
    file a client names, nor says whether one exists. Unknown games and options are
    left to ``tabletop.make`` to refuse."""
    cls = game_class(game_id).options_type
    for info in option_catalogue(cls):
        packaged = [info.default, *(value for value, _ in info.values)]
        if info.names_a_file and info.name in options and options[info.name] not in packaged:
            accepted = " or ".join(repr(v) for v in dict.fromkeys(packaged))
            raise TableError(
                N_(
                    "option {option}: the server opens no files named by a client; only "
                    "{accepted} is accepted here (deck files work in the terminal and "
                    "the Python API)"
                ),
                422,
                option=repr(info.name),
                accepted=accepted,
            )

"""Live tables: the authoritative states, seats, connections and bot turns.

One :class:`TableManager` owns every table in memory. Each table has an
``asyncio.Lock``: an action is checked, applied to a copy, committed to the
database, and only then becomes the table's state and is broadcast, so what any
client has seen is on disk. After a restart a table is rebuilt from its newest
snapshot plus the actions after it.

Each connection receives only its own seat's ``view`` and ``log_for`` (a spectator
those of ``None``): nothing else of the state ever leaves this module.

Bots wait for people. A table with a person in the game plays on only while one of
its people is connected: a person alone with bots who closes the tab finds the game
where it was. A replacement bot takes an absent person's seat only when other
people are there, waiting, after the table's grace period. And after a break event
of the game (UNO Power's end of a round), the bots wait until every person at the
table has said ``ready``, so that the round's summary can be read.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any

import tabletop
from tabletop.bots import list_bots
from tabletop.bots.base import RandomBot
from tabletop.core.errors import IllegalActionError, TabletopError
from tabletop.core.game import State
from tabletop.core.options import option_catalogue
from tabletop.core.registry import game_class
from tabletop.server import protocol as p
from tabletop.server.settings import ServerSettings
from tabletop.server.storage import SeatRow, Storage, TableRow
from tabletop.server.workers import WorkerPool, choose_action, deal_seed, decision_seed, hints

log = logging.getLogger("tabletop.server")

HUMAN, BOT = "human", "bot"
WAITING, PLAYING, OVER = "waiting", "playing", "over"
MAX_NAME = 40
DEFAULT_GRACE_S = 60.0


class TableError(TabletopError):
    """A request about tables that cannot be honoured (HTTP 4xx); ``status`` is the code."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str
    bot: str | None = None
    name: str | None = None


def hash_token(token: str) -> str:
    """Seat tokens are stored only as SHA-256 hashes: a database leak gives no seat."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Connection:
    """One websocket client: its seat (``None``: spectator) and an outgoing queue.

    Messages are queued, never awaited, so a slow client cannot hold a table's lock.
    A client that stops reading altogether is cut off (``overflowed``) once
    ``MAX_QUEUE`` messages wait, instead of growing the server's memory.
    """

    MAX_QUEUE = 1000

    def __init__(self) -> None:
        self.seat: int | None = None
        self.greeted = False
        self.next_seq = 0
        self.hint_pending = False
        self.overflowed = False
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        if self.overflowed:
            return
        if self.queue.qsize() >= self.MAX_QUEUE:
            self.overflowed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(json.dumps(message, separators=(",", ":")))

    def close(self) -> None:
        self.queue.put_nowait(None)


class LiveTable:
    """A table in memory: its stored row, the current state and who is watching."""

    def __init__(self, row: TableRow, state: State) -> None:
        self.row = row
        self.state = state
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.driver: asyncio.Task[None] | None = None
        self.replacers: dict[int, asyncio.Task[None]] = {}
        # Seats whose people have not yet said "ready" after a break (a round's end).
        self.hold: set[int] = set()

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        return len(self.state.history)

    def bot_for(self, seat: int) -> str | None:
        """The bot that plays ``seat`` now: a bot seat's, or the replacement of a human."""
        s = self.row.seats[seat]
        if s.kind == BOT:
            return s.bot
        if s.replaced:
            return self.row.replace_bot
        return None

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections)

    def people_present(self) -> set[int]:
        """The seats of people in the game (not handed to a bot) who are connected."""
        return {
            c.seat
            for c in self.connections
            if c.seat is not None and not self.row.seats[c.seat].replaced
        }

    def attended(self) -> bool:
        """Whether the bots may play: a person in the game is here, or none is left.

        A seat handed to the replacement bot (by leaving, or after the grace period)
        no longer counts as a person in the game.
        """
        in_game = any(s.kind == HUMAN and not s.replaced for s in self.row.seats)
        return not in_game or bool(self.people_present())

    def summary(self) -> dict[str, Any]:
        """Public facts about the table, for the lobby and every client."""
        row = self.row
        state = self.state
        return {
            "id": row.id,
            "game": row.game,
            "title": state.game.title,
            "options": row.options,
            "num_players": row.num_players,
            "status": row.status,
            "version": self.version,
            "current_player": state.current_player,
            "replace_bot": row.replace_bot,
            "leave_grace_s": row.leave_grace_s,
            "created_at": row.created_at,
            "result": row.result,
            "spectators": sum(1 for c in self.connections if c.greeted and c.seat is None),
            "known_deal": row.known_deal,
            "paused": row.status == PLAYING and not self.attended(),
            "waiting_for_ready": sorted(self.hold),
            "notice": state.game.notice,
            "seats": [
                seat_summary(s, s.kind == HUMAN and self.connected(s.seat)) for s in row.seats
            ],
        }


def row_summary(row: TableRow) -> dict[str, Any]:
    """The lobby's line for a table that is not loaded in memory."""
    return {
        "id": row.id,
        "game": row.game,
        "title": game_class(row.game).title,
        "num_players": row.num_players,
        "status": row.status,
        "version": row.version,
        "created_at": row.created_at,
        "result": row.result,
        "known_deal": row.known_deal,
        "seats": [seat_summary(s, connected=False) for s in row.seats],
    }


def seat_summary(seat: SeatRow, connected: bool) -> dict[str, Any]:
    """A seat as the lobby and the clients see it (never its token)."""
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "bot": seat.bot,
        "name": seat.name,
        "claimed": seat.kind == BOT or seat.token_hash is not None,
        "replaced": seat.replaced,
        "connected": connected,
    }


def rebuild_state(storage: Storage, row: TableRow) -> State:
    """The table's state after its ``row.version`` stored actions.

    Starts from the newest snapshot (or the seeded deal) and replays the rest.
    """
    game = tabletop.make(row.game, **row.options)
    snap = storage.latest_snapshot(row.id, row.version)
    if snap is None:
        ply = 0
        state = game.new_state(row.num_players, seed=row.seed, log=True)
    else:
        ply, data = snap
        state = game.state_from_dict(data)
        if len(state.history) != ply:
            raise RuntimeError(f"table {row.id}: snapshot {ply} holds {len(state.history)} actions")
    for action in storage.actions(row.id, after=ply):
        state.apply(action)
    if len(state.history) != row.version:
        raise RuntimeError(
            f"table {row.id}: {len(state.history)} actions stored, version {row.version}"
        )
    return state


class TableManager:
    """Creates, loads and runs tables; the single writer of their states."""

    def __init__(self, storage: Storage, pool: WorkerPool, settings: ServerSettings) -> None:
        self.storage = storage
        self.pool = pool
        self.settings = settings
        self.tables: dict[str, LiveTable] = {}
        self._load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._deal_secret: bytes | None = None

    # -- life cycle -----------------------------------------------------------

    async def start(self) -> None:
        """Load every unfinished table and let its bots play on."""
        self._deal_secret = await asyncio.to_thread(self.storage.secret, "deal")
        rows = await asyncio.to_thread(self.storage.list_tables, statuses=(WAITING, PLAYING))
        for row in rows:
            table = await self._load_row(row)
            self._kick(table)
        log.info("resumed %d tables", len(rows))

    async def stop(self) -> None:
        tasks = list(self._tasks)
        for table in self.tables.values():
            if table.driver is not None:
                tasks.append(table.driver)
            tasks.extend(table.replacers.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def get(self, table_id: str) -> LiveTable | None:
        """The table, loaded from the database on first use (None if unknown)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._load_lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            row = await asyncio.to_thread(self.storage.load_table, table_id)
            if row is None:
                return None
            return await self._load_row(row)

    async def _load_row(self, row: TableRow) -> LiveTable:
        state = await asyncio.to_thread(rebuild_state, self.storage, row)
        table = LiveTable(row, state)
        self.tables[row.id] = table
        return table

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
    ) -> tuple[LiveTable, str | None]:
        """A new table; with ``claim``, that seat is taken at once and its token returned.

        The deal's seed mixes ``seed`` (or a fresh one) with the server's secret, so a
        creator cannot compute the hidden cards; ``known_deal`` deals ``seed`` itself,
        and the table tells everybody so.
        """
        if len(self.tables) >= self.settings.max_tables:
            raise TableError("the server holds too many tables", 503)
        try:
            _check_no_files(game_id, options)
            game = tabletop.make(game_id, **options)
            game.check_num_players(len(seats))
        except TabletopError as exc:
            raise TableError(str(exc), 422) from None
        bots = list_bots(game_id)
        for name in [s.bot for s in seats if s.kind == BOT] + [replace_bot]:
            if name is not None and name not in bots:
                raise TableError(f"unknown bot {name!r}; available: {', '.join(bots)}", 422)
        for s in seats:
            if s.kind not in (HUMAN, BOT) or (s.kind == BOT) != (s.bot is not None):
                raise TableError("each seat is {'kind': 'human'} or {'kind': 'bot', 'bot': name}")
        if claim is not None and not (0 <= claim < len(seats) and seats[claim].kind == HUMAN):
            raise TableError(f"seat {claim} is not a human seat")
        if not 0 <= leave_grace_s <= 3600:
            raise TableError("leave_grace_s must be between 0 and 3600 seconds", 422)
        if known_deal and seed is None:
            raise TableError("a known deal needs the seed to deal", 422)
        chosen = game.fresh_seed() if seed is None else seed
        if not known_deal:
            if self._deal_secret is None:
                self._deal_secret = await asyncio.to_thread(self.storage.secret, "deal")
            seed = deal_seed(self._deal_secret, chosen)
        else:
            seed = chosen
        state = game.new_state(len(seats), seed=seed, log=True)
        rows = [SeatRow(i, s.kind, s.bot, _seat_name(s, i)) for i, s in enumerate(seats)]
        token = None
        if claim is not None:
            token = secrets.token_urlsafe(24)
            rows[claim].token_hash = hash_token(token)
            rows[claim].name = _distinct_name(_clean_name(claim_name, claim), claim, rows)
        status = PLAYING if all(r.kind == BOT or r.token_hash for r in rows) else WAITING
        row = TableRow(
            id=secrets.token_urlsafe(9),
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
        )
        await asyncio.to_thread(self.storage.create_table, row)
        table = LiveTable(row, state)
        self.tables[row.id] = table
        self._kick(table)
        return table, token

    async def claim(self, table: LiveTable, seat: int, name: str | None) -> str:
        """Take an open human seat; returns the seat's token (shown once, stored hashed)."""
        async with table.lock:
            if not 0 <= seat < table.row.num_players:
                raise TableError(f"there is no seat {seat}", 404)
            s = table.row.seats[seat]
            if s.kind != HUMAN:
                raise TableError(f"seat {seat} is a bot's", 409)
            if s.token_hash is not None:
                raise TableError(f"seat {seat} is taken", 409)
            token = secrets.token_urlsafe(24)
            s.token_hash = hash_token(token)
            s.name = _distinct_name(_clean_name(name, seat), seat, table.row.seats)
            all_taken = all(r.kind == BOT or r.token_hash for r in table.row.seats)
            status = PLAYING if table.row.status == WAITING and all_taken else None
            try:
                await asyncio.to_thread(self.storage.update_seat, table.id, s, status)
            except BaseException:
                s.token_hash = None
                raise
            if status is not None:
                table.row.status = status
            self._broadcast(table)
        self._kick(table)
        return token

    def seat_for_token(self, table: LiveTable, token: str) -> int | None:
        digest = hash_token(token)
        for s in table.row.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    # -- connections ------------------------------------------------------------

    async def handle(self, table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
        """Act on one parsed client message; a refusal raises :class:`ProtocolError`."""
        kind = msg["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
            return
        if kind == "hello":
            await self._hello(table, conn, msg.get("token"))
            return
        if not conn.greeted:
            raise p.ProtocolError(p.HELLO_FIRST, "send a 'hello' message first")
        if kind == "action":
            await self.act(table, self._seat_of(conn), msg["action"], msg["version"])
        elif kind == "hint":
            seat = self._seat_of(conn)
            if conn.hint_pending:
                raise p.ProtocolError(p.BUSY, "a hint is already being computed")
            self._check_turn(table, seat)
            conn.hint_pending = True
            self._spawn(self._send_hint(table, conn, seat))
        elif kind == "leave":
            await self.leave(table, self._seat_of(conn))
        elif kind == "ready":
            seat = self._seat_of(conn)
            if seat in table.hold:
                table.hold.discard(seat)
                self._broadcast(table)
                self._kick(table)

    def _seat_of(self, conn: Connection) -> int:
        if conn.seat is None:
            raise p.ProtocolError(p.NOT_SEATED, "spectators cannot play: take a seat first")
        return conn.seat

    async def _hello(self, table: LiveTable, conn: Connection, token: str | None) -> None:
        if conn.greeted:
            raise p.ProtocolError(p.BAD_MESSAGE, "this connection has already said hello")
        seat = None
        if token:
            seat = self.seat_for_token(table, token)
            if seat is None:
                raise p.ProtocolError(p.BAD_TOKEN, "this token holds no seat at this table")
        conn.seat = seat
        conn.greeted = True
        table.connections.add(conn)
        conn.send({"type": "welcome", "seat": seat, "table": table.summary()})
        if seat is not None:
            task = table.replacers.pop(seat, None)
            if task is not None:
                task.cancel()
            self._schedule_replacements(table)
            if table.row.seats[seat].replaced:
                await self._set_replaced(table, seat, False)
                return
        self._broadcast(table)
        self._kick(table)  # a paused table plays on now that its person is back

    def disconnect(self, table: LiveTable, conn: Connection) -> None:
        """Forget ``conn``; an absent person's seat may be handed to the replacement bot."""
        if conn not in table.connections:
            return
        table.connections.discard(conn)
        seat = conn.seat
        row = table.row
        if row.status == OVER and not table.connections:
            # Finished and unwatched: free the memory; a replay reloads it.
            self.tables.pop(table.id, None)
            return
        if seat is not None and not table.connected(seat) and seat in table.hold:
            table.hold.discard(seat)  # nobody there to read the summary: do not wait
            self._kick(table)
        self._schedule_replacements(table)
        self._broadcast(table)

    def _schedule_replacements(self, table: LiveTable) -> None:
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
            if absent and waiting and row.replace_bot is not None and row.status != OVER:
                if task is None:
                    table.replacers[s.seat] = asyncio.ensure_future(
                        self._replace_later(table, s.seat, row.leave_grace_s)
                    )
            elif task is not None:
                task.cancel()
                del table.replacers[s.seat]

    async def _replace_later(self, table: LiveTable, seat: int, delay: float) -> None:
        try:
            await asyncio.sleep(delay)  # the grace period a person has to come back
            still_waiting = bool(table.people_present() - {seat})
            if still_waiting and not table.connected(seat) and not table.row.seats[seat].replaced:
                await self._set_replaced(table, seat, True)
        finally:
            if table.replacers.get(seat) is asyncio.current_task():
                del table.replacers[seat]

    async def leave(self, table: LiveTable, seat: int) -> None:
        if table.row.replace_bot is None:
            raise p.ProtocolError(
                p.NO_REPLACEMENT, "this table has no replacement bot: your seat waits for you"
            )
        if table.row.status == OVER:
            raise p.ProtocolError(p.NOT_PLAYING, "the game is over")
        if not table.row.seats[seat].replaced:
            await self._set_replaced(table, seat, True)

    async def _set_replaced(self, table: LiveTable, seat: int, value: bool) -> None:
        async with table.lock:
            s = table.row.seats[seat]
            s.replaced = value
            try:
                await asyncio.to_thread(self.storage.update_seat, table.id, s)
            except BaseException:
                s.replaced = not value
                raise
            if value:
                table.hold.discard(seat)
            self._schedule_replacements(table)
            self._broadcast(table)
        self._kick(table)

    # -- actions ------------------------------------------------------------------

    def _check_turn(self, table: LiveTable, seat: int) -> None:
        status = table.row.status
        if status == OVER:
            raise p.ProtocolError(p.NOT_PLAYING, "the game is over")
        if status == WAITING:
            raise p.ProtocolError(p.NOT_PLAYING, "the game starts when every seat is taken")
        current = table.state.current_player
        if seat != current:
            raise p.ProtocolError(
                p.NOT_YOUR_TURN,
                f"it is seat {current + 1}'s decision, not yours (seat {seat + 1})",
            )
        if table.bot_for(seat) is not None:
            raise p.ProtocolError(
                p.NOT_YOUR_TURN, "a bot plays this seat now; reconnect to take it back"
            )

    async def act(self, table: LiveTable, seat: int, action: int, version: int) -> None:
        """Play ``action`` for a person at ``seat`` in the state of ``version`` actions,
        or refuse it changing nothing."""
        async with table.lock:
            if version != table.version:
                raise p.ProtocolError(
                    p.STALE,
                    f"the game has moved on (version {table.version}, you sent {version})",
                )
            self._check_turn(table, seat)
            table.hold.discard(seat)  # a person who plays on has read the summary
            if not 0 <= action < table.state.game.info.num_distinct_actions:
                raise p.ProtocolError(
                    p.UNKNOWN_ACTION, f"{action} is not an action id of {table.row.game}"
                )
            await self._commit(table, seat, action)
        self._kick(table)

    async def _commit(self, table: LiveTable, seat: int, action: int) -> None:
        """Apply to a copy, commit, then publish. The caller holds ``table.lock``."""
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
        await asyncio.to_thread(
            self.storage.append_action,
            table.id,
            ply,
            action,
            seat,
            status=status,
            result=result,
            snapshot=snapshot,
        )
        breaks = new.game.info.break_after
        if breaks and not over:
            first_new = table.state.log[-1].seq + 1 if table.state.log else 0
            if any(e.kind in breaks for e in new.log_for(None, first_new)):
                table.hold = table.people_present()
        table.state = new
        table.row.version = ply + 1
        table.row.status = status
        table.row.result = result
        self._broadcast(table)

    # -- bots ---------------------------------------------------------------------

    def _kick(self, table: LiveTable) -> None:
        """Start the table's bot driver unless it is already running."""
        if table.row.status != PLAYING:
            return
        if table.driver is None or table.driver.done():
            table.driver = asyncio.ensure_future(self._drive(table))

    async def _drive(self, table: LiveTable) -> None:
        """Play bot turns until a person must decide or the game ends."""
        try:
            while True:
                if table.row.status != PLAYING or table.hold or not table.attended():
                    return  # over, or waiting for people: hello, ready and claims kick
                seat = table.state.current_player
                if table.bot_for(seat) is None:
                    return
                if self.settings.bot_pause_s > 0:
                    await asyncio.sleep(self.settings.bot_pause_s)  # pacing for watchers
                await self._bot_turn(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the bot driver stopped", table.id)

    async def _bot_turn(self, table: LiveTable) -> None:
        state = table.state
        seat = state.current_player
        bot = table.bot_for(seat)
        if table.row.status != PLAYING or bot is None or table.hold or not table.attended():
            return
        version = len(state.history)
        seed = decision_seed(table.row.seed, seat, version)
        data = state.to_dict(include_log=False)
        try:
            action = await self.pool.run(
                choose_action,
                table.row.game,
                table.row.options,
                data,
                bot,
                seed,
                timeout=self.settings.bot_time_limit_s,
            )
        except TimeoutError:
            log.warning("table %s: bot %s ran out of time; a random move instead", table.id, bot)
            action = RandomBot(seed).choose(state, seat).id
        except Exception:
            log.exception("table %s: bot %s failed; a random move instead", table.id, bot)
            action = RandomBot(seed).choose(state, seat).id
        async with table.lock:
            if table.version != version or table.bot_for(seat) is None:
                return  # somebody else moved, or the person came back: think again
            if table.hold or not table.attended():
                return  # the people left or asked for a break while the bot thought
            try:
                await self._commit(table, seat, action)
            except p.ProtocolError as exc:
                log.error("table %s: bot %s chose an illegal action: %s", table.id, bot, exc)
                await self._commit(table, seat, RandomBot(seed).choose(state, seat).id)

    async def _send_hint(self, table: LiveTable, conn: Connection, seat: int) -> None:
        state = table.state
        version = len(state.history)
        try:
            result = await self.pool.run(
                hints,
                table.row.game,
                table.row.options,
                state.to_dict(include_log=False),
                self.settings.hint_iterations,
                decision_seed(table.row.seed, seat, version, "hint"),
                timeout=self.settings.bot_time_limit_s,
            )
            conn.send({"type": "hint", "version": version, "hints": result})
        except TimeoutError:
            conn.send({"type": "error", "code": p.BUSY, "message": "the hint took too long"})
        finally:
            conn.hint_pending = False

    # -- what clients see -----------------------------------------------------------

    def state_message(
        self, table: LiveTable, conn: Connection, views: dict[int | None, Any]
    ) -> dict[str, Any]:
        """``conn``'s update: its own view and new log events, never another seat's."""
        state = table.state
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
        ):
            data = state.game.action_data
            legal = [{"id": a.id, "label": a.label, **data(a.id)} for a in state.legal_actions()]
        return {
            "type": "state",
            "version": len(state.history),
            "seat": seat,
            "table": table.summary(),
            "current_player": state.current_player,
            "view": views[seat],
            "log": [e.to_dict() for e in events],
            "legal": legal,
            "result": table.row.result,
        }

    def _broadcast(self, table: LiveTable) -> None:
        views: dict[int | None, Any] = {}
        for conn in list(table.connections):
            conn.send(self.state_message(table, conn, views))

    # -- finished games -------------------------------------------------------------

    async def replay_step(self, table: LiveTable, step: int) -> dict[str, Any]:
        """The spectator's view of a finished game after ``step`` actions."""
        if table.row.status != OVER:
            raise TableError("only a finished game can be replayed", 409)
        history = list(table.state.history)
        if not 0 <= step <= len(history):
            raise TableError(f"step must be between 0 and {len(history)}", 422)
        row = table.row

        def build() -> dict[str, Any]:
            game = tabletop.make(row.game, **row.options)
            state = game.new_state(row.num_players, seed=row.seed, log=True)
            last = None
            for a in history[:step]:
                last = {"seat": state.current_player, "label": game.action_from_id(a).label}
                state.apply(a)
            return {
                "step": step,
                "total": len(history),
                "current_player": state.current_player,
                "view": state.view(None),
                "log": [e.to_dict() for e in state.log_for(None)],
                "last": last,
            }

        return await asyncio.to_thread(build)

    def record(self, table: LiveTable) -> dict[str, Any]:
        if table.row.status != OVER:
            raise TableError("the record is published when the game is over", 409)
        names = [s.name for s in table.row.seats]
        return tabletop.GameRecord.from_state(table.state, players=names).to_dict()


def _check_no_files(game_id: str, options: dict[str, Any]) -> None:
    """Refuse a value other than the default for an option that names a file (Kung
    Fu's ``deck``): the server opens no file a client names, nor says whether one
    exists. Unknown games and options are left to ``tabletop.make`` to refuse."""
    cls = game_class(game_id).options_type
    for info in option_catalogue(cls):
        if info.names_a_file and info.name in options and options[info.name] != info.default:
            raise TableError(
                f"option {info.name!r}: the server opens no files named by a client; only "
                f"{info.default!r} is accepted here (deck files work in the terminal and "
                "the Python API)",
                422,
            )


def _seat_name(spec: SeatSpec, seat: int) -> str:
    """A bot's name says it is a bot, which one and where: "Bot 2 (heuristic)"."""
    if spec.kind == BOT:
        return _clean_name(spec.name, seat, default=f"Bot {seat + 1} ({spec.bot})")
    return f"Seat {seat + 1}"


def _distinct_name(name: str, seat: int, seats: list[SeatRow]) -> str:
    """``name``, or with its seat number when another seat already has it, so that
    two people called Ann can be told apart in the log."""
    taken = {s.name.casefold() for s in seats if s.seat != seat}
    if name.casefold() not in taken:
        return name
    return f"{name[: MAX_NAME - 10]} (seat {seat + 1})"


def _clean_name(name: str | None, seat: int, default: str | None = None) -> str:
    """One line of printable text: control characters (a NUL byte, which PostgreSQL
    refuses) are dropped and runs of white space made one space."""
    printable = "".join(c for c in (name or "") if c.isprintable() or c.isspace())
    cleaned = " ".join(printable.split())[:MAX_NAME]
    return cleaned or default or f"Player {seat + 1}"

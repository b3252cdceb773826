"""What a live table is made of: its row, state, connections and seats, and what its
clients are told about it.

A :class:`LiveTable` counts the connections of each seat, so that whether a person
is here is one lookup, not a scan of every connection: a table with a thousand
spectators costs no more per message than one with none.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import logging
import time
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

import tabletop
from tabletop.bots.registry import (
    ThinkTimeError,
    bot_catalogue,
    bot_searches,
    check_think,
    think_text,
)
from tabletop.core.errors import StateFormatError, TabletopError
from tabletop.core.game import Game, State
from tabletop.core.registry import game_class
from tabletop.i18n import SOURCE, Reader, reader
from tabletop.server.deals import public_deal
from tabletop.server.protocol import RateLimiter
from tabletop.server.rows import SeatRow, TableRow
from tabletop.server.storage import Storage
from tabletop.server.terms import TIMEOUT_BOT
from tabletop.server.words import N_, Said

log = logging.getLogger("tabletop.server")

HUMAN, BOT = "human", "bot"
WAITING, PLAYING, OVER, EXPIRED = "waiting", "playing", "over", "expired"
BROKEN = "broken"  # its stored log cannot be replayed: reported, never loaded again
STUDY = "study"  # a position brought to the analysis board: never played, only branched
READ_ONLY = frozenset({OVER, STUDY})
"""The statuses of tables nobody plays: anyone may show them, branch and analyse them."""
MAX_NAME = 40
DEFAULT_GRACE_S = 60.0


class TableError(TabletopError):
    """A request about tables that cannot be honoured (HTTP 4xx); ``status`` is the code.

    ``message`` is an English sentence with named placeholders filled from ``fields``
    (marked with ``N_`` for the catalogs): ``sentence.read(reader)`` says it in the
    reader's language, ``str()`` in English.
    """

    SENTENCE = Said

    def __init__(self, message: str, status: int = 400, /, **fields: Any) -> None:
        super().__init__(message, **fields)
        self.status = status


class Elsewhere(TableError):
    """Another server process owns the table: ``address`` reaches it."""

    def __init__(self, address: str) -> None:
        super().__init__(N_("another server process plays this table"), 307)
        self.address = address


class TableBroken(TableError):
    """The table's stored log cannot be replayed; it is marked broken."""

    def __init__(self, table_id: str) -> None:
        super().__init__(N_("table {table} cannot be rebuilt from its log"), 500, table=table_id)


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str
    bot: str | None = None
    name: str | None = None
    think: float | None = None  # a search bot's seconds per decision, checked


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

    def __init__(self, address: str = "unknown", lang: str = SOURCE) -> None:
        self.address = address
        self.lang = lang  # what its person reads: the log, labels, the server's sentences
        self.seat: int | None = None
        self.greeted = False
        self.next_seq = 0
        self.hint_pending = False
        self.overflowed = False
        self.hang_up_code: int | None = None  # set: the server closes the socket with it
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

    @property
    def reader(self) -> Reader:
        return reader(self.lang)

    def hang_up(self, code: int) -> None:
        """Close the websocket with ``code`` once what is queued has been sent."""
        self.hang_up_code = code
        self.queue.put_nowait(None)


class LiveTable:
    """A table in memory: its stored row, the current state and who is watching."""

    def __init__(self, row: TableRow, state: State) -> None:
        self.row = row
        self.state = state
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.seat_connections: Counter[int] = Counter()  # seat -> its open connections
        self.spectators = 0
        self.driver: asyncio.Task[None] | None = None
        self.replacers: dict[int, asyncio.Task[None]] = {}
        # Seats whose people have not yet said "ready" after a break (a round's end).
        self.hold: set[int] = set()
        self.presence_due: asyncio.TimerHandle | None = None
        self.hint_allowance: dict[int, RateLimiter] = {}  # seat -> its hints a minute
        self.storage_trouble = False  # the last commit failed: bots retry, players are told
        self.let_go = False  # this process stopped playing it: another may own it now
        # Since when nobody is connected (the event loop's clock; loaded or opened counts
        # as a visit): after ``idle_table_s`` of it the table sleeps (server/quotas.py).
        self.idle_since = time.monotonic()
        # When the pending question was put (the event loop's clock): answers to an open
        # question wait until the same pace has passed (preferences.answer_wait).
        self.asked_at = time.monotonic()

    def tasks(self) -> list[asyncio.Task[None]]:
        """The tasks that play this table here: its driver and its seats' replacers."""
        running = [] if self.driver is None else [self.driver]
        return running + list(self.replacers.values())

    def join(self, conn: Connection) -> None:
        """Count ``conn`` in (it has said hello)."""
        self.connections.add(conn)
        if conn.seat is None:
            self.spectators += 1
        else:
            self.seat_connections[conn.seat] += 1

    def leave(self, conn: Connection) -> bool:
        """Count ``conn`` out; False if it was not in."""
        if conn not in self.connections:
            return False
        self.connections.discard(conn)
        if not self.connections:
            self.idle_since = time.monotonic()
        if conn.seat is None:
            self.spectators -= 1
        else:
            self.seat_connections[conn.seat] -= 1
            if not self.seat_connections[conn.seat]:
                del self.seat_connections[conn.seat]
        return True

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        return len(self.state.history)

    def bot_for(self, seat: int) -> str | None:
        """The bot that plays ``seat`` now: a bot seat's, or the replacement of a human
        (at a turn-based table, the heuristic bot that took the seat of a person out of
        time: server/turns.py)."""
        s = self.row.seats[seat]
        if s.kind == BOT:
            return s.bot
        if s.replaced:
            return TIMEOUT_BOT if self.row.terms.turn_based else self.row.replace_bot
        return None

    def think_for(self, seat: int) -> float | None:
        """How long ``seat``'s bot may think per decision; None: its level's budget."""
        s = self.row.seats[seat]
        return s.think if s.kind == BOT else None

    def connected(self, seat: int) -> bool:
        return seat in self.seat_connections

    def connections_of(self, seat: int) -> list[Connection]:
        """``seat``'s open connections (a person may have several tabs)."""
        if seat not in self.seat_connections:
            return []
        return [conn for conn in self.connections if conn.seat == seat]

    def people_present(self) -> set[int]:
        """The seats of people in the game (not handed to a bot) who are connected."""
        seats = self.row.seats
        return {s for s in self.seat_connections if not seats[s].replaced}

    def attended(self) -> bool:
        """Whether the bots may play: a person in the game is here, or none is left.

        A seat handed to the replacement bot (by leaving, or after the grace period)
        no longer counts as a person in the game. At a turn-based table people come and
        go for days, each with a clock of their own (server/turns.py): its bots always
        play.
        """
        if self.row.terms.turn_based:
            return True
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
            "replace_bot_title": bot_titles(row.game).get(row.replace_bot or ""),
            "leave_grace_s": row.leave_grace_s,
            "bot_pause_s": row.bot_pause_s,  # the pace its creator chose; None: the server's
            "created_at": row.created_at,
            "result": row.result,
            "spectators": self.spectators,
            "storage_trouble": self.storage_trouble,
            **public_deal(row),
            **public_terms(row),
            "position": row.position is not None,
            "paused": row.status == PLAYING and not self.attended(),
            "asleep": False,
            "waiting_for_ready": sorted(self.hold),
            "notice": state.game.notice,
            "seats": [
                seat_summary(s, s.kind == HUMAN and self.connected(s.seat), row.game)
                for s in row.seats
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
        **public_deal(row),
        **public_terms(row),
        "position": row.position is not None,
        # Asleep: out of memory until somebody opens it; a game asleep does not go on.
        "paused": row.asleep and row.status == PLAYING,
        "asleep": row.asleep,
        "seats": [seat_summary(s, False, row.game) for s in row.seats],
    }


def public_terms(row: TableRow) -> dict[str, Any]:
    """The table's terms (server/terms.py) as every client sees them."""
    terms = row.terms
    return {
        "rated": terms.rated,
        "move_time_s": terms.move_time_s,  # None: real-time
        "on_timeout": terms.on_timeout if terms.turn_based else None,
        "turn_due_at": row.turn_due_at,
    }


@functools.cache
def bot_titles(game_id: str) -> dict[str, str]:
    """Each bot of ``game_id`` by its title ("heuristic": "Heuristic"), which a page
    reads in its language (the catalog's "<game>:bot" context)."""
    return {b.name: b.title for b in bot_catalogue(game_id)}


def seat_summary(seat: SeatRow, connected: bool, game_id: str) -> dict[str, Any]:
    """A seat of a table of ``game_id`` as the lobby and the clients see it (never its
    token)."""
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "bot": seat.bot,
        "bot_title": bot_titles(game_id).get(seat.bot) if seat.bot else None,
        "think": seat.think,
        "name": seat.name,
        "default_name": default_name(seat),
        "claimed": seat.kind == BOT or seat.token_hash is not None,
        "replaced": seat.replaced,
        "connected": connected,
    }


def start_state(game: Game[Any], row: TableRow) -> State:
    """The table's first state: its deal, or the position it started from."""
    if row.position is not None:
        return game.position({**row.position, "seed": row.seed})
    return game.new_state(row.num_players, seed=row.seed, log=True)


def rebuild_state(storage: Storage, row: TableRow) -> State:
    """The table's state after its ``row.version`` stored actions.

    Starts from the newest snapshot (or the seeded deal) and replays the rest.
    """
    game = tabletop.make(row.game, **row.options)
    snap = storage.latest_snapshot(row.id, row.version)
    state: State | None = None
    ply = 0
    if snap is not None:
        ply, data = snap
        try:
            state = game.state_from_dict(data)
        except StateFormatError as exc:  # a snapshot is a shortcut: replay everything
            log.warning("table %s: snapshot %d not used (%s); replaying", row.id, ply, exc)
            ply = 0
        else:
            if len(state.history) != ply:
                raise RuntimeError(
                    f"table {row.id}: snapshot {ply} holds {len(state.history)} actions"
                )
    if state is None:
        state = start_state(game, row)
    for action in storage.actions(row.id, after=ply, before=row.version):
        state.apply(action)
    if len(state.history) != row.version:
        raise RuntimeError(
            f"table {row.id}: {len(state.history)} actions stored, version {row.version}"
        )
    return state


def seat_name(spec: SeatSpec, seat: int) -> str:
    """A bot's name says it is a bot, which one and where: "Bot 2 (heuristic)", and
    how long it thinks if its creator chose: "Bot 3 (normal · 1 s)"."""
    if spec.kind == BOT:
        return clean_name(spec.name, seat, default=bot_name(seat, spec.bot, spec.think))
    return f"Seat {seat + 1}"


def bot_name(seat: int, bot: str | None, think: float | None) -> str:
    """The name the server gives a bot seat whose creator named none."""
    who = bot if think is None else f"{bot} · {think_text(think)} s"
    return f"Bot {seat + 1} ({who})"


def default_name(seat: SeatRow) -> bool:
    """Whether the seat's name is one the server made ("Bot 2 (heuristic)", "Seat 3",
    "Player 3"), which each browser shows in its own language, rather than one a
    person typed."""
    made = {f"Seat {seat.seat + 1}", f"Player {seat.seat + 1}"}
    if seat.kind == BOT:
        made.add(bot_name(seat.seat, seat.bot, seat.think))
    return seat.name in made


def checked_think(spec: SeatSpec, game_id: str, cap: float) -> SeatSpec:
    """``spec`` with its thinking time checked (any JSON value may arrive here: text,
    NaN, a huge number) against the server's ``cap``, and kept only for a search bot,
    since the others answer at once."""
    if spec.think is None:
        return spec
    if spec.kind != BOT or spec.bot is None:
        raise TableError(N_("only a bot seat has a thinking time"), 422)
    try:
        think = check_think(spec.think, cap)
    except ThinkTimeError as exc:
        raise TableError(
            N_("bot {bot}: {problem}"), 422, bot=repr(spec.bot), problem=str(exc)
        ) from None
    return replace(spec, think=think if bot_searches(spec.bot, game_id) else None)


def distinct_name(name: str, seat: int, seats: list[SeatRow]) -> str:
    """``name``, or with its seat number when another seat already has it, so that
    two people called Ann can be told apart in the log."""
    taken = {s.name.casefold() for s in seats if s.seat != seat}
    if name.casefold() not in taken:
        return name
    return f"{name[: MAX_NAME - 10]} (seat {seat + 1})"


def clean_name(name: str | None, seat: int, default: str | None = None) -> str:
    """One line of printable text: control characters (a NUL byte, which PostgreSQL
    refuses) are dropped and runs of white space made one space."""
    printable = "".join(c for c in (name or "") if c.isprintable() or c.isspace())
    cleaned = " ".join(printable.split())[:MAX_NAME]
    return cleaned or default or f"Player {seat + 1}"

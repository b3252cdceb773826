"""The accounts' ratings in the database: a rated game's result applied once, the
leaderboard and a player's public page (docs/server.md, "Ratings").

A table's result is applied in one transaction: the history's rows (one per account
and table, its primary key) and the accounts' new ratings together. A second try of
the same table (another process, a retry) finds the history there and changes
nothing; two tables ending at once for one account take its rating row in turn
(``FOR UPDATE`` on PostgreSQL; SQLite writes one transaction at a time), and a
first rating made meanwhile by the other (an insert's integrity error) makes this
one start over. :class:`Ratings` runs it off the event loop once the final action
is stored: a database fault is logged as the server's other faults are, and the game
is over all the same.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, and_, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from tabletop.core.registry import game_class
from tabletop.server.bot_ratings import bot_skill
from tabletop.server.faults import DATABASE_ERRORS
from tabletop.server.live import BOT, OVER
from tabletop.server.passwords import name_key
from tabletop.server.ratings import DEFAULT, Entrant, Skill, finishing_scores, rate
from tabletop.server.rows import TableRow
from tabletop.server.schema import rating_history_t, ratings_t, seats_t, tables_t, users_t

if TYPE_CHECKING:
    from tabletop.server.live import LiveTable
    from tabletop.server.storage import Storage
    from tabletop.server.tables import TableManager

log = logging.getLogger("tabletop.server")

LEADERBOARD_MIN_GAMES = 5
"""Rated games an account needs in a game to be on its leaderboard."""
LEADERBOARD_ROWS = 100
HISTORY_POINTS = 200
"""The latest ratings a player page plots per game."""
LAST_GAMES = 20
TRIES = 3
DUE_PER_PASS = 100
"""Tables left unrated that one pass of :meth:`Ratings.catch_up` rates at most."""


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """What a rating needs of a seat: a bot's name, or a person's (whose account is
    read from the database when the rating is made)."""

    seat: int
    kind: str
    bot: str | None


class RatingStore:
    """Ratings in the database of ``storage`` (synchronous: run in a thread)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def record(
        self, table_id: str, game: str, seats: Sequence[RatedSeat], result: Any, at: float
    ) -> bool:
        """Apply a rated table's result; whether this call applied it (False: done
        before, or nothing to rate)."""
        scores = finishing_scores(result, len(seats))
        for attempt in range(TRIES):
            try:
                with self.storage.transaction() as conn:
                    conn.execute(  # rated now, or nothing to rate: not due any more
                        update(tables_t).where(tables_t.c.id == table_id).values(rating_due=False)
                    )
                    if scores is None:
                        return False
                    return self._record(conn, table_id, game, seats, scores, at, result)
            except IntegrityError:
                if attempt == TRIES - 1:
                    raise
        return False  # pragma: no cover (the loop returns or raises)

    def _record(
        self,
        conn: Connection,
        table_id: str,
        game: str,
        seats: Sequence[RatedSeat],
        scores: list[float],
        at: float,
        result: dict[str, Any],
    ) -> bool:
        done = conn.execute(
            select(rating_history_t.c.user_id).where(rating_history_t.c.table_id == table_id)
        ).first()
        if done is not None:
            return False
        holders = dict(
            conn.execute(
                select(seats_t.c.seat, seats_t.c.user_id).where(seats_t.c.table_id == table_id)
            ).all()
        )
        accounts: dict[int, str] = {}
        for s in seats:  # one rating per account, should one hold two seats
            user = holders.get(s.seat)
            if s.kind != BOT and user is not None and user not in accounts.values():
                accounts[s.seat] = user
        if not accounts:
            return False
        before = self._ratings(conn, game, list(accounts.values()))
        entrants: list[Entrant] = []
        for s in seats:
            if s.kind == BOT:
                fixed = bot_skill(game, s.bot)
                if fixed is not None:  # a bot off the ladder is left out
                    entrants.append(Entrant(s.seat, fixed, fixed=True))
            elif s.seat in accounts:
                entrants.append(Entrant(s.seat, before.get(accounts[s.seat], (DEFAULT,))[0]))
            else:  # a deleted account's seat: a default opponent, kept for nobody
                entrants.append(Entrant(s.seat, DEFAULT, fixed=True))
        if len(entrants) < 2:
            return False
        winners = result.get("winners") or []
        after = dict(zip((e.seat for e in entrants), rate(entrants, scores), strict=True))
        for seat, user in accounts.items():
            skill, won = after[seat], seat in winners
            conn.execute(
                insert(rating_history_t).values(
                    user_id=user,
                    table_id=table_id,
                    game=game,
                    at=at,
                    mu=skill.mu,
                    sigma=skill.sigma,
                    won=won,
                )
            )
            old = before.get(user)
            if old is None:
                conn.execute(
                    insert(ratings_t).values(
                        user_id=user,
                        game=game,
                        mu=skill.mu,
                        sigma=skill.sigma,
                        games=1,
                        wins=int(won),
                        updated_at=at,
                    )
                )
            else:
                conn.execute(
                    update(ratings_t)
                    .where(ratings_t.c.user_id == user, ratings_t.c.game == game)
                    .values(
                        mu=skill.mu,
                        sigma=skill.sigma,
                        games=old[1] + 1,
                        wins=old[2] + int(won),
                        updated_at=at,
                    )
                )
        return True

    def due(self, most: int = DUE_PER_PASS) -> list[TableRow]:
        """Rated tables whose end is stored and not yet rated (the final action marks
        them ``rating_due``, in its own transaction), at most ``most``."""
        with self.storage.connection() as conn:
            ids = (
                conn.execute(
                    select(tables_t.c.id)
                    .where(tables_t.c.rating_due.is_(True), tables_t.c.status == OVER)
                    .limit(most)
                )
                .scalars()
                .all()
            )
        return [row for i in ids if (row := self.storage.load_table(i)) is not None]

    @staticmethod
    def _ratings(
        conn: Connection, game: str, users: list[str]
    ) -> dict[str, tuple[Skill, int, int]]:
        """The accounts' ratings, games and wins in ``game``, locked until the end of
        the transaction (PostgreSQL; SQLite locks the whole database as it writes)."""
        rows = conn.execute(
            select(
                ratings_t.c.user_id,
                ratings_t.c.mu,
                ratings_t.c.sigma,
                ratings_t.c.games,
                ratings_t.c.wins,
            )
            .where(ratings_t.c.game == game, ratings_t.c.user_id.in_(users))
            .with_for_update()
        ).all()
        return {r.user_id: (Skill(r.mu, r.sigma), r.games, r.wins) for r in rows}

    # -- what is shown ---------------------------------------------------------------

    def leaderboard(
        self, game: str, min_games: int = LEADERBOARD_MIN_GAMES
    ) -> list[dict[str, Any]]:
        """The accounts with ``min_games`` rated games or more in ``game``, the
        highest ordinal first (at most :data:`LEADERBOARD_ROWS`)."""
        ordinal = ratings_t.c.mu - 3.0 * ratings_t.c.sigma
        with self.storage.connection() as conn:
            rows = conn.execute(
                select(
                    users_t.c.name,
                    ratings_t.c.mu,
                    ratings_t.c.sigma,
                    ratings_t.c.games,
                    ratings_t.c.wins,
                )
                .join(users_t, users_t.c.id == ratings_t.c.user_id)
                .where(
                    ratings_t.c.game == game,
                    ratings_t.c.games >= min_games,
                    users_t.c.disabled.is_(False),
                )
                .order_by(ordinal.desc(), users_t.c.name_key)
                .limit(LEADERBOARD_ROWS)
            ).all()
        return [
            {"name": r.name, **Skill(r.mu, r.sigma).to_json(), "games": r.games, "wins": r.wins}
            for r in rows
        ]

    def player(self, name: str) -> dict[str, Any] | None:
        """The public page of the enabled account named ``name``: its ratings, their
        history, its games played per game and its last finished games; None for no
        such account."""
        if len(name) > 64:
            return None
        with self.storage.connection() as conn:
            user = conn.execute(
                select(users_t.c.id, users_t.c.name, users_t.c.created_at).where(
                    users_t.c.name_key == name_key(name), users_t.c.disabled.is_(False)
                )
            ).first()
            if user is None:
                return None
            ratings = conn.execute(
                select(ratings_t).where(ratings_t.c.user_id == user.id).order_by(ratings_t.c.game)
            ).all()
            games = []
            for r in ratings:
                games.append(
                    {
                        "game": r.game,
                        "title": _title(r.game),
                        **Skill(r.mu, r.sigma).to_json(),
                        "games": r.games,
                        "wins": r.wins,
                        "history": self._history(conn, user.id, r.game),
                    }
                )
            played: dict[str, int] = dict(
                conn.execute(
                    select(tables_t.c.game, func.count())
                    .join(
                        seats_t,
                        and_(seats_t.c.table_id == tables_t.c.id, seats_t.c.user_id == user.id),
                    )
                    .where(tables_t.c.status == OVER)
                    .group_by(tables_t.c.game)
                ).all()
            )
            last = _last_games(conn, user.id)
        return {
            "name": user.name,
            "since": user.created_at,
            "ratings": games,
            "played": [
                {"game": game, "title": _title(game), "games": count}
                for game, count in sorted(played.items())
            ],
            "last_games": last,
        }

    @staticmethod
    def _history(conn: Connection, user_id: str, game: str) -> list[dict[str, Any]]:
        """The account's latest ratings in ``game``, oldest first."""
        rows = conn.execute(
            select(
                rating_history_t.c.at,
                rating_history_t.c.mu,
                rating_history_t.c.sigma,
                rating_history_t.c.won,
            )
            .where(rating_history_t.c.user_id == user_id, rating_history_t.c.game == game)
            .order_by(rating_history_t.c.at.desc())
            .limit(HISTORY_POINTS)
        ).all()
        return [
            {"at": r.at, "ordinal": Skill(r.mu, r.sigma).to_json()["ordinal"], "won": bool(r.won)}
            for r in reversed(rows)
        ]


def _title(game: str) -> str:
    try:
        return game_class(game).title
    except Exception:  # a game no longer served: its id
        return game


def _last_games(conn: Connection, user_id: str) -> list[dict[str, Any]]:
    """The account's last finished games (newest first): each with the players by
    seat, the account's name where a seat is an account's, and whether it won."""
    tables = conn.execute(
        select(
            tables_t.c.id,
            tables_t.c.game,
            tables_t.c.created_at,
            tables_t.c.result,
            seats_t.c.seat,
        )
        .join(seats_t, and_(seats_t.c.table_id == tables_t.c.id, seats_t.c.user_id == user_id))
        .where(tables_t.c.status == OVER)
        .order_by(tables_t.c.created_at.desc())
        .limit(LAST_GAMES)
    ).all()
    ids = [t.id for t in tables]
    players: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
    for s in conn.execute(
        select(seats_t.c.table_id, seats_t.c.name, seats_t.c.kind, seats_t.c.bot, users_t.c.name)
        .outerjoin(users_t, users_t.c.id == seats_t.c.user_id)
        .where(seats_t.c.table_id.in_(ids))
        .order_by(seats_t.c.table_id, seats_t.c.seat)
    ).all():
        players[s[0]].append({"name": s[1], "bot": s[3] if s[2] == BOT else None, "player": s[4]})
    rated = dict(
        conn.execute(
            select(rating_history_t.c.table_id, rating_history_t.c.won).where(
                rating_history_t.c.user_id == user_id, rating_history_t.c.table_id.in_(ids)
            )
        ).all()
    )
    out = []
    for t in tables:
        winners = t.result.get("winners", []) if isinstance(t.result, dict) else []
        out.append(
            {
                "id": t.id,
                "game": t.game,
                "title": _title(t.game),
                "at": t.created_at,
                "seat": t.seat,
                "won": t.seat in winners,
                "rated": t.id in rated,
                "players": players[t.id],
                "url": f"/table/{t.id}",
            }
        )
    return out


class Ratings:
    """The manager's side: a rated table's end rated off the event loop."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.store = RatingStore(manager.storage)
        self.pending: set[asyncio.Task[None]] = set()

    def rate(self, table: LiveTable) -> None:
        """Rate ``table``'s end by its rules, if the table is rated (a task: the game's
        end is published meanwhile, whatever the database does)."""
        row = table.row
        if not row.terms.rated or finishing_scores(row.result, row.num_players) is None:
            return
        seats = [RatedSeat(s.seat, s.kind, s.bot) for s in row.seats]
        task = self.manager.spawn(self._record(row.id, row.game, seats, row.result))
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def catch_up(self) -> None:
        """Rate the rated tables whose end was stored but not rated (a process stopped
        between the two, or its database refused the rating), at start and every
        ``turn_scan_s`` after; whichever process rates a table first, the others find
        it done."""
        while True:
            await self.catch_up_once()
            await asyncio.sleep(self.manager.settings.turn_scan_s)

    async def catch_up_once(self) -> None:
        """One pass of :meth:`catch_up`."""
        try:
            for row in await asyncio.to_thread(self.store.due):
                seats = [RatedSeat(s.seat, s.kind, s.bot) for s in row.seats]
                await self._record(row.id, row.game, seats, row.result)
        except DATABASE_ERRORS as exc:
            self.manager.faults.note(exc, "rating the tables left unrated")

    async def idle(self) -> None:
        """Wait for the ratings under way (a test's, or a server's that stops)."""
        while self.pending:
            await asyncio.wait(set(self.pending))

    async def _record(self, table_id: str, game: str, seats: list[RatedSeat], result: Any) -> None:
        try:
            await asyncio.to_thread(self.store.record, table_id, game, seats, result, time.time())
        except DATABASE_ERRORS as exc:
            self.manager.faults.note(exc, f"rating table {table_id}")
        except Exception:  # a fault of the rating's own: logged, the game stays over
            log.exception("table %s could not be rated", table_id)

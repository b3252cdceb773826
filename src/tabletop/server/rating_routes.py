"""The ratings' HTTP endpoints and the player page (docs/server.md, "Ratings").

- ``GET /api/leaderboard/{game}``: the accounts with at least
  :data:`~.rating_store.LEADERBOARD_MIN_GAMES` rated games in ``game``, by ordinal,
  and the bots' published ratings beside them (``bots``), to read a rating against.
- ``GET /api/players/{name}``: an account's public page: its rating per game with
  its history, the games it played, its last games with their replays. A name with
  no account (or a deleted or disabled one) is a 404 like any missing thing.
- ``GET /player/{name}``: that page in the browser (static/player.html).

Everything here is public by design, as the names on a table are: nothing tells more
of an account than its page, and every answer is bounded in rows.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse

import tabletop
from tabletop.server.accounts import SESSION_COOKIE, Accounts, User
from tabletop.server.bot_ratings import published_rows
from tabletop.server.live import TableError
from tabletop.server.rating_store import LEADERBOARD_MIN_GAMES, RatingStore
from tabletop.server.words import N_

if TYPE_CHECKING:
    from tabletop.server.tables import TableManager

PLAYER_PAGE = Path(__file__).parent / "static" / "player.html"


async def rated_seat_holder(request: Request, rated: bool) -> User | None:
    """The signed-in account of a request that takes a seat at a rated table (None at
    any other table, where the session is not read, or without a session: the
    manager refuses a rated seat to nobody)."""
    if not rated:
        return None
    accounts: Accounts = request.app.state.accounts
    return await accounts.user_for(request.cookies.get(SESSION_COOKIE))


def rating_router(store: RatingStore) -> APIRouter:
    router = APIRouter()

    @router.get("/api/leaderboard/{game}")
    async def leaderboard(game: str) -> dict[str, Any]:
        """The game's rated accounts, the highest ordinal first, and its bots."""
        if game not in tabletop.list_games():
            raise TableError(
                N_("unknown game {game}; known games: {games}"),
                404,
                game=repr(game[:60]),
                games=", ".join(tabletop.list_games()),
            )
        players = await asyncio.to_thread(store.leaderboard, game)
        return {
            "game": game,
            "min_games": LEADERBOARD_MIN_GAMES,
            "players": players,
            "bots": published_rows(game),
        }

    @router.get("/api/players/{name}")
    async def player(name: str) -> dict[str, Any]:
        """An account's public page: ratings, their history, its last games."""
        page = await asyncio.to_thread(store.player, name)
        if page is None:
            raise TableError(N_("no player {name}"), 404, name=repr(name[:60]))
        return page

    @router.get("/player/{name}", include_in_schema=False)
    async def player_page(name: str) -> FileResponse:
        return FileResponse(PLAYER_PAGE)

    return router


def add_ratings(app: FastAPI, manager: TableManager) -> None:
    """The ratings' endpoints and the player page, on ``app``."""
    app.include_router(rating_router(manager.ratings.store))

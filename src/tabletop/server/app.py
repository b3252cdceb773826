"""The FastAPI application: pages, the JSON API and the table websocket.

HTTP routes (JSON):

- ``GET /api/games``: every game with its players range, options and bots, and the
  browser module that draws it; its words in ``?lang=`` (else the language of the
  ``Accept-Language`` header, else English).
- ``GET /api/tables``, ``POST /api/tables``: the lobby's list; create a table.
- ``GET /api/tables/{id}``: one table's public summary.
- ``POST /api/tables/{id}/seats/{seat}/claim``: take an open seat; returns its token.
- ``GET /api/tables/{id}/replay/{step}``, ``GET /api/tables/{id}/record``: a finished
  game step by step (the spectator's view and the events of that step, in ``?lang=``,
  else English), and its :class:`~tabletop.GameRecord`; both within a budget per
  address (:class:`~tabletop.server.replays.Replays`).
- ``GET /api/i18n?lang=``: the language to read in (``lang`` if the server speaks it,
  else the best of ``Accept-Language``) and the languages it speaks, each by its own
  name; ``GET /api/i18n/{lang}``: that language's messages for the browser
  (:func:`tabletop.i18n.browser_catalog`); ``GET /api/i18n/{lang}/texts/{game}``: the
  game's card names and texts in it (:func:`tabletop.i18n.data_texts`).

Errors are ``{"detail": sentence}`` in the request's language (``?lang=``, else
``Accept-Language``). ``/ws/tables/{id}`` carries the live game (see
:mod:`tabletop.server.protocol`), each connection in its person's language.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Annotated, Any, Literal

import httpx
from fastapi import Body, FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

import tabletop
from tabletop.bots import bot_catalogue, list_bots
from tabletop.bots.registry import bot_searches
from tabletop.core.compiled import engine
from tabletop.core.options import OPTION_GROUP_TITLES, OPTION_GROUPS, option_catalogue
from tabletop.core.registry import game_class
from tabletop.core.toml_text import toml_text
from tabletop.i18n import (
    Reader,
    browser_catalog,
    data_texts,
    language_name,
    languages,
    negotiate,
    reader,
)
from tabletop.server import protocol as p
from tabletop.server import replays
from tabletop.server.account_routes import add_accounts
from tabletop.server.bodies import ClaimIn, TableIn
from tabletop.server.cluster import for_database
from tabletop.server.faults import DATABASE_ERRORS
from tabletop.server.http import Guard, address_key, client_address
from tabletop.server.imports import Imports
from tabletop.server.live import (
    BOT,
    READ_ONLY,
    Connection,
    Elsewhere,
    LiveTable,
    SeatSpec,
    TableError,
)
from tabletop.server.lobby import lobby_tables
from tabletop.server.openings import Openings
from tabletop.server.pace import pace_offer
from tabletop.server.rating_routes import add_ratings, rated_seat_holder
from tabletop.server.reading import client_label
from tabletop.server.relay import RESTART, forward_http, pipe_websocket
from tabletop.server.settings import ServerSettings
from tabletop.server.sockets import serve_socket
from tabletop.server.storage import Storage
from tabletop.server.tables import TableManager
from tabletop.server.words import N_, Said, language_of, spoken
from tabletop.server.workers import WorkerPool

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("tabletop.server")

WS_RELAY_MAX = 1 << 22  # a relayed table message (the owner's own limits apply)

# What a client hears of a database that refuses writes or cannot be reached.
STORAGE_FAILED = Said(N_("the database is not available right now; nothing changed, try again"))

# How long a browser may keep a language's catalog or a game's texts (they change only
# with a new version of the server).
I18N_CACHE = "public, max-age=300"

# The headings of the option groups (core.options.OPTION_GROUP_TITLES), marked here for
# the catalogs; a test checks that they are the same sentences.
GROUP_TITLES = (
    N_("Set-up"),
    N_("Expansions"),
    N_("Rule variants"),
    N_("Advanced: engine limits and data tables"),
)


def client_files(game_id: str) -> dict[str, str | None]:
    """The browser module (and stylesheet) that draws ``game_id``; generic if none."""
    js = STATIC / "games" / f"{game_id}.js"
    css = STATIC / "games" / f"{game_id}.css"
    return {
        "module": f"/static/games/{game_id}.js" if js.is_file() else "/static/games/generic.js",
        "css": f"/static/games/{game_id}.css" if css.is_file() else None,
    }


def games_catalogue(
    max_bot_think_s: float = 0.0,
    words: Reader | None = None,
    bot_pause: dict[str, float] | None = None,
) -> list[dict[str, Any]]:
    """Each game as the lobby shows it: options and bots described for players (in
    ``words``' language, English by default), which bots search (and so take a
    thinking time) and the longest one this server allows, and the bots' pace a table
    may choose (``bot_pause``, :func:`~tabletop.server.pace.pace_offer`)."""
    words = words or reader()
    out = []
    for game_id in tabletop.list_games():
        try:
            game = tabletop.make(game_id)
        except Exception:  # a game still being written must not break the lobby
            log.exception("game %s is unavailable", game_id)
            continue
        info = game.info
        option = _words_of(words, f"{game_id}:option")
        about_bot = _words_of(words, f"{game_id}:bot")
        out.append(
            {
                "id": game_id,
                "title": info.title,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "notice": _words_of(words, f"{game_id}:notice")(game.notice),
                "bots": list_bots(game_id),
                "bot_levels": [
                    {
                        "name": b.name,
                        "level": b.level,
                        "title": about_bot(b.title),
                        "summary": about_bot(b.summary),
                        "alias_of": b.alias_of,
                        "searches": bot_searches(b.name, game_id),
                    }
                    for b in bot_catalogue(game_id)
                ],
                "max_bot_think_s": max_bot_think_s,
                "bot_pause": bot_pause,
                "option_groups": [
                    {"id": group, "title": words.gettext(OPTION_GROUP_TITLES[group])}
                    for group in OPTION_GROUPS
                ],
                "options": [
                    {
                        "name": o.name,
                        "title": option(o.title),
                        "description": option(o.description),
                        "group": o.group,
                        # An option naming a file is offered as the choice of its
                        # packaged values: the server opens no file a client names.
                        "kind": "choice" if o.names_a_file else o.kind,
                        "default": o.default,
                        "values": [[value, option(label)] for value, label in o.values],
                        "min": o.min,
                        "max": o.max,
                    }
                    for o in option_catalogue(type(game.options))
                    if not o.names_a_file or o.values
                ],
                "client": client_files(game_id),
            }
        )
    return out


def _words_of(words: Reader, context: str) -> Any:
    """Translates a text of the context ``context`` (``"kung-fu:option"``), or leaves
    an empty one empty."""
    return lambda text: words.pgettext(context, text) if text else text


def game_package(game_id: str) -> str | None:
    """The package of a game of Tabletop's (``"king_of_tokyo"``), None for an unknown
    game or one registered from elsewhere."""
    if game_id not in tabletop.list_games():
        return None
    parts = game_class(game_id).__module__.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["tabletop", "games"] else None


def request_reader(request: Request) -> Reader:
    """Whom an HTTP request's answer is for: ``?lang=``, else ``Accept-Language``."""
    return reader(language_of(request.query_params.get("lang"), _accept(request)))


def _accept(connection: Request | WebSocket) -> str | None:
    return connection.headers.get("accept-language")


@contextlib.contextmanager
def collector_tuned(young_objects: int) -> Iterator[None]:
    """Run with Python's cycle collector spaced out while the server serves.

    The server's state is many long-lived objects (every live table's game); with
    CPython's defaults the collector walks them all every few seconds under load, a
    pause of a few hundred milliseconds that every client waiting at that moment
    feels (docs/architecture.md). The objects alive once the server has started
    (modules, the tables it resumed) are frozen out of the collections, and young
    collections run every ``young_objects`` new objects; both are undone on exit.
    """
    if not young_objects:
        yield
        return
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(young_objects, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The whole server as an ASGI app; storage and workers open with its lifespan."""
    settings = settings or ServerSettings()
    storage = Storage(settings.resolved_database_url(), durable=settings.durable_commits)
    pool = WorkerPool(settings.bot_workers, warm=True)
    hint_pool = WorkerPool(settings.hint_workers)
    cluster = for_database(settings.resolved_database_url(), settings.advertise_url)
    manager = TableManager(storage, pool, settings, hint_pool, cluster)
    relay = httpx.AsyncClient(timeout=30)
    finished_games = replays.Replays(settings)
    records = Imports(settings, storage)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        pool.start()
        hint_pool.start()
        await pool.ready()  # the bots' processes are up before the first table plays
        await manager.start()
        try:
            with collector_tuned(settings.gc_young_objects):
                yield
        finally:
            await manager.stop()
            await relay.aclose()
            finished_games.close()
            pool.shutdown()
            hint_pool.shutdown()
            storage.close()

    app = FastAPI(title="Tabletop", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    add_accounts(app, settings, storage, manager)  # inside the Guard, which limits every request
    add_ratings(app, manager)
    app.add_middleware(Guard, settings=settings)
    app.state.manager = manager
    app.state.settings = settings
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    openings = Openings(settings, manager.addresses)

    @app.exception_handler(TableError)
    async def _table_error(request: Request, exc: TableError) -> Response:
        if isinstance(exc, Elsewhere):  # another process plays the table: ask it
            return await forward_http(relay, request, exc.address)
        return JSONResponse(
            {"detail": exc.sentence.read(request_reader(request))}, status_code=exc.status
        )

    async def _storage_error(request: Request, exc: Exception) -> JSONResponse:
        """The database refused or could not be reached (read-only, away): 503."""
        manager.faults.note(exc, f"{request.method} {request.url.path[:200]}")
        return JSONResponse({"detail": STORAGE_FAILED.read(request_reader(request))}, 503)

    for error in DATABASE_ERRORS:
        app.add_exception_handler(error, _storage_error)

    async def table_or_404(table_id: str) -> LiveTable:
        table = await manager.get(table_id)
        if table is None:
            raise _no_table(table_id)
        return table

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {
            "ok": True,
            "tables_loaded": len(manager.tables),
            "version": tabletop.__version__,
            "engine": engine(),
        }

    @app.get("/api/games")
    async def games(request: Request, response: Response) -> list[dict[str, Any]]:
        words = request_reader(request)
        response.headers["Content-Language"] = words.lang
        response.headers["Vary"] = "Accept-Language"
        return games_catalogue(settings.bot_think_cap(), words, pace_offer(settings))

    @app.get("/api/i18n")
    async def i18n_choice(request: Request, response: Response) -> dict[str, Any]:
        """The language to read in, and the languages there are (for the switch)."""
        response.headers["Vary"] = "Accept-Language"
        return {
            "lang": language_of(request.query_params.get("lang"), _accept(request)),
            "languages": [{"code": code, "name": language_name(code)} for code in languages()],
        }

    @app.get("/api/i18n/{lang}")
    async def i18n_catalog(lang: str, request: Request) -> JSONResponse:
        """The messages of ``lang`` for the browser (static/i18n.js)."""
        if spoken(lang) is None:
            raise _unknown_language(lang)
        return JSONResponse(_browser_catalog(lang), headers={"Cache-Control": I18N_CACHE})

    @app.get("/api/i18n/{lang}/texts/{game_id}")
    async def i18n_texts(lang: str, game_id: str) -> JSONResponse:
        """The card names and texts of ``game_id`` in ``lang`` (section, entry, field;
        empty for English, which the card data holds)."""
        if spoken(lang) is None:
            raise _unknown_language(lang)
        package = game_package(game_id)
        if package is None:
            raise TableError(
                N_("unknown game {game}; known games: {games}"),
                404,
                game=repr(game_id[:60]),
                games=", ".join(tabletop.list_games()),
            )
        texts = await asyncio.to_thread(data_texts, package, lang)
        return JSONResponse(dict(texts), headers={"Cache-Control": I18N_CACHE})

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        return await lobby_tables(storage, manager)

    @app.post("/api/tables", status_code=201)
    async def create_table(body: TableIn, request: Request) -> dict[str, Any]:
        seats = [
            SeatSpec(s.kind, s.bot if s.kind == BOT else None, s.name, s.think) for s in body.seats
        ]
        holder = await rated_seat_holder(request, body.rated is True and body.claim is not None)
        table, token = await manager.create(
            body.game,
            body.options,
            seats,
            seed=body.seed,
            replace_bot=body.replace_bot,
            leave_grace_s=body.leave_grace_s,
            claim=body.claim,
            claim_name=body.name if holder is None else holder.name,
            claim_user=None if holder is None else holder.id,
            known_deal=body.known_deal,
            created_by=address_key(client_address(request.scope)),
            position=body.position,
            bot_pause_s=body.bot_pause_s,
            terms=(body.move_time_s, body.on_timeout, body.rated),
        )
        out = table.summary()
        out["url"] = f"/table/{table.id}"
        out["token"] = token
        out["client"] = client_files(table.row.game)
        return out

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        out = await manager.summary(table_id)
        if out is None:
            raise _no_table(table_id)
        out["client"] = client_files(out["game"])
        return out

    @app.post("/api/analyses", status_code=201)
    async def bring_in(record: Annotated[Any, Body()], request: Request) -> dict[str, Any]:
        """A finished game's record, stored as a finished table to replay and analyse."""
        table_id = await records.bring_in(record, address_key(client_address(request.scope)))
        return {"id": table_id, "url": f"/table/{table_id}"}

    @app.post("/api/tables/{table_id}/seats/{seat}/claim")
    async def claim_seat(
        table_id: str, seat: int, body: ClaimIn, request: Request
    ) -> dict[str, Any]:
        table = await table_or_404(table_id)
        holder = await rated_seat_holder(request, table.row.terms.rated)  # a rated seat: its name
        name, user_id = (body.name, None) if holder is None else (holder.name, holder.id)
        token = await manager.claim(table, seat, name, user_id)
        return {"seat": seat, "token": token}

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def replay(
        table_id: str,
        step: int,
        request: Request,
        lang: str | None = None,
        line: str = "",
        seat: int | None = None,
    ) -> dict[str, Any]:
        """The step's events and last move in ``lang`` where the server speaks it, else
        English; with a ``line`` (action ids joined by dots), the last move of that
        branch from the step; with a ``seat``, the view of that seat (its hand: the
        game is over)."""
        address = client_address(request.scope)
        finished_games.charge(address)
        words = reader(spoken(lang) or "en")
        moves = replays.parse_line(line, settings.analysis_line_moves)
        table = await finished_table(table_id, N_("only a finished game can be replayed"))
        if moves:
            return await finished_games.branch(table, step, moves, address, words, seat)
        return await finished_games.step(table, step, address, words, seat)

    @app.get("/api/tables/{table_id}/analysis/{step}")
    async def analysis(
        table_id: str,
        step: int,
        request: Request,
        lang: str | None = None,
        line: str = "",
        quick: bool = False,
    ) -> dict[str, Any]:
        """The moves of a finished game's decision after ``step`` actions (and the
        branch ``line``), ranked by the hint engine from the deciding seat's view
        (everything is public by then, but a player's choice is judged by what that
        player knew), and the move played there in the game."""
        address = client_address(request.scope)
        finished_games.charge(address)
        words = reader(spoken(lang) or "en")
        moves = replays.parse_line(line, settings.analysis_line_moves)
        table = await finished_table(table_id, N_("only a finished game can be analysed"))
        state = await finished_games.state(table, step, address, moves)
        if state.is_terminal():
            raise TableError(
                N_("the game is over at step {step}: nothing is left to decide"), 422, step=step
            )
        legal = state.legal_actions()
        if len(legal) == 1:  # nothing to judge: no search, no hint spent
            only = legal[0]
            ranked: list[dict[str, Any]] = [
                {"action": only.id, "label": only.label, "win_probability": None,
                 "interval": None, "visits": 0, "reason": None}
            ]  # fmt: skip
        else:
            ranked = await manager.hints.judge(
                table, state, step, moves, address, words.lang, quick
            )
        hints = [  # the search's labels are English; the data, as in `legal`
            {
                **hint,
                "label": client_label(state, int(hint["action"]), words),
                "data": state.game.action_data(int(hint["action"])),
            }
            for hint in ranked
        ]
        history = table.state.history
        played = None
        if step < len(history) and not moves:
            action = history[step]
            played = {"action": action, "label": client_label(state, action, words)}
        return {
            "step": step,
            "line": list(moves),
            "total": len(history),
            "seat": state.current_player,
            "played": played,
            "forced": len(legal) == 1,
            "hints": hints,
        }

    @app.get("/api/tables/{table_id}/position/{step}")
    async def position_file(
        table_id: str,
        step: int,
        request: Request,
        line: str = "",
        format: Literal["toml", "json"] = "toml",
    ) -> Response:
        """A finished game's moment (after ``step`` actions and the branch ``line``) as
        a position file to download: TOML, or JSON."""
        address = client_address(request.scope)
        finished_games.charge(address)
        moves = replays.parse_line(line, settings.analysis_line_moves)
        table = await finished_table(table_id, N_("only a finished game can be analysed"))
        fields = await finished_games.position(table, step, moves, address)
        name = f"tabletop-{table_id}-{step}{'-' + str(len(moves)) if moves else ''}.{format}"
        headers = {"content-disposition": f'attachment; filename="{name}"'}
        if format == "json":
            return JSONResponse(fields, headers=headers)
        return Response(toml_text(fields), media_type="application/toml", headers=headers)

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, request: Request) -> dict[str, Any]:
        finished_games.charge(client_address(request.scope))
        table = await finished_table(table_id, N_("the record is published when the game is over"))
        return replays.record(table)

    async def finished_table(table_id: str, unfinished: str) -> LiveTable:
        """A finished table, loaded to be shown; a game still going is refused from its
        stored summary (409, ``unfinished``), so that asking does not wake it."""
        summary = await manager.summary(table_id)
        if summary is None:
            raise _no_table(table_id)
        if summary["status"] not in READ_ONLY:
            raise TableError(unfinished, 409)
        return await table_or_404(table_id)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        address = client_address(ws.scope)
        lang = negotiate(_accept(ws))  # until its hello says otherwise
        refusal = openings.refusal(address)
        if refusal is not None:
            await ws.send_json(refusal.to_message(reader(lang)))
            await ws.close(code=1008)
            return
        manager.addresses[address] += 1
        try:
            try:
                table = await manager.get(table_id)
            except Elsewhere as elsewhere:  # another process plays it: pipe to it
                await pipe_websocket(ws, elsewhere.address, ws.url.path, WS_RELAY_MAX)
                return
            except TableError as exc:
                refusal = p.ProtocolError(
                    p.SERVER_ERROR, exc.sentence.template, **exc.sentence.fields
                )
                await ws.send_json(refusal.to_message(reader(lang)))
                await ws.close(code=RESTART)
                return
            except DATABASE_ERRORS as exc:  # "try again": the browser reconnects, slower each time
                manager.faults.note(exc, f"opening table {table_id[:40]!r}")
                refusal = p.ProtocolError(p.SERVER_ERROR, STORAGE_FAILED.template)
                await ws.send_json(refusal.to_message(reader(lang)))
                await ws.close(code=RESTART)
                return
            await serve_socket(ws, table, table_id, Connection(address, lang), manager, settings)
        finally:
            manager.addresses[address] -= 1
            if not manager.addresses[address]:
                del manager.addresses[address]

    return app


def _no_table(table_id: str) -> TableError:
    return TableError(N_("no table {table}"), 404, table=repr(table_id))


def _unknown_language(lang: str) -> TableError:
    return TableError(
        N_("unknown language {lang}: choose one of {languages}"),
        404,
        lang=repr(lang[:60]),
        languages=", ".join(languages()),
    )


@functools.cache
def _browser_catalog(lang: str) -> dict[str, Any]:
    return browser_catalog(lang)

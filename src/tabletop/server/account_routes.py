"""The accounts' HTTP endpoints (``/api/account/...``) and the cross-site guard.

Every state-changing request that carries the session cookie must come from this
site: its ``Origin`` (else its ``Referer``) must be the server's own, or it is refused
(403) before anything runs. SameSite=Lax already keeps the cookie off other sites'
forms and scripts; the check is the second lock, for older browsers and for a
sibling site on the same registrable domain. Requests without the cookie (seat tokens,
scripts) carry no ambient credential, so they are not checked.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Body, FastAPI, Request, Response
from fastapi.responses import JSONResponse
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from tabletop.server import my_tables
from tabletop.server.account_store import AccountStore
from tabletop.server.accounts import SESSION_COOKIE, Accounts, User
from tabletop.server.http import client_address
from tabletop.server.live import TableError
from tabletop.server.words import N_, Said, reader_of

JsonObject = Annotated[dict[str, Any], Body()]
if TYPE_CHECKING:
    from tabletop.server.settings import ServerSettings
    from tabletop.server.storage import Storage
    from tabletop.server.tables import TableManager

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CROSS_SITE = N_("this request comes from another site: refused")


def own_origin(scope: Scope) -> str:
    """The origin this server answers as (``https://host:port``), by its own address
    (the scheme as a trusted proxy says, else the connection's)."""
    headers = Headers(scope=scope)
    return f"{scope.get('scheme', 'http')}://{headers.get('host', '')}"


def same_site(scope: Scope) -> bool:
    """Whether a request says it comes from a page of this server."""
    headers = Headers(scope=scope)
    origin = headers.get("origin")
    if origin is None:
        referer = headers.get("referer")
        if not referer:
            return False
        parts = urlsplit(referer)
        origin = f"{parts.scheme}://{parts.netloc}"
    return origin == own_origin(scope)


class CrossSiteGuard:
    """Refuse a state-changing request with the session cookie from another site
    (an ASGI middleware: it reads the headers only, never the body)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] not in SAFE_METHODS
            and SESSION_COOKIE in Request(scope).cookies
            and not same_site(scope)
        ):
            headers = Headers(scope=scope)
            query = Request(scope).query_params.get("lang")
            words = reader_of(query, headers.get("accept-language"))
            refusal = JSONResponse({"detail": Said(CROSS_SITE).read(words)}, status_code=403)
            await refusal(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _public(user: User) -> dict[str, Any]:
    return {"name": user.name, "created_at": user.created_at}


def account_router(accounts: Accounts, manager: TableManager) -> APIRouter:
    """The endpoints of accounts (docs/server.md, "Accounts")."""
    router = APIRouter()
    storage = accounts.store.storage
    session_s = accounts.session_s

    def give_cookie(response: Response, request: Request, token: str) -> None:
        response.set_cookie(
            SESSION_COOKIE,
            token,
            max_age=int(session_s()),
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
            path="/",
        )

    def take_cookie(response: Response) -> None:
        response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")

    async def signed_in(request: Request) -> User:
        user = await accounts.user_for(request.cookies.get(SESSION_COOKIE))
        if user is None:
            raise TableError(N_("sign in first"), 401)
        return user

    @router.get("/api/account")
    async def who(request: Request) -> dict[str, Any]:
        """The signed-in account (``user``: null for a guest)."""
        user = await accounts.user_for(request.cookies.get(SESSION_COOKIE))
        return {"user": None if user is None else _public(user)}

    @router.post("/api/account/signup", status_code=201)
    async def sign_up(request: Request, response: Response, body: JsonObject) -> dict[str, Any]:
        address = client_address(request.scope)
        user, token = await accounts.sign_up(body.get("name"), body.get("password"), address)
        give_cookie(response, request, token)
        return {"user": _public(user)}

    @router.post("/api/account/signin")
    async def sign_in(request: Request, response: Response, body: JsonObject) -> dict[str, Any]:
        user, token = await accounts.sign_in(
            body.get("name"),
            body.get("password"),
            client_address(request.scope),
            request.cookies.get(SESSION_COOKIE),
        )
        give_cookie(response, request, token)
        return {"user": _public(user)}

    @router.post("/api/account/signout", status_code=204)
    async def sign_out(request: Request, response: Response) -> None:
        await accounts.sign_out(request.cookies.get(SESSION_COOKIE))
        take_cookie(response)

    @router.post("/api/account/signout-everywhere", status_code=204)
    async def sign_out_everywhere(request: Request, response: Response) -> None:
        await accounts.sign_out_everywhere(await signed_in(request))
        take_cookie(response)

    @router.post("/api/account/password")
    async def change_password(
        request: Request, response: Response, body: JsonObject
    ) -> dict[str, Any]:
        user = await signed_in(request)
        token = await accounts.change_password(user, body.get("old"), body.get("new"))
        give_cookie(response, request, token)
        return {"user": _public(user)}

    @router.post("/api/account/reset", status_code=204)
    async def reset(request: Request, body: JsonObject) -> None:
        """A new password through a one-time link the operator handed over."""
        await accounts.reset(body.get("token"), body.get("password"), client_address(request.scope))

    @router.post("/api/account/delete", status_code=204)
    async def delete(request: Request, response: Response, body: JsonObject) -> None:
        await accounts.delete(await signed_in(request), body.get("password"))
        take_cookie(response)

    @router.get("/api/account/tables")
    async def tables(request: Request) -> dict[str, Any]:
        """The signed-in account's tables (server/my_tables.py)."""
        user = await signed_in(request)
        found = await asyncio.to_thread(my_tables.my_tables, storage, user)
        return {"tables": my_tables.with_turns(manager, found)}

    @router.post("/api/account/seats")
    async def link(request: Request, body: JsonObject) -> dict[str, Any]:
        """The guest seats this browser holds (their tokens) made the account's."""
        user = await signed_in(request)
        linked = await asyncio.to_thread(my_tables.link_seats, storage, user, body.get("seats"))
        return {"linked": linked}

    @router.post("/api/account/tables/{table_id}/seats/{seat}/take")
    async def take(request: Request, table_id: str, seat: int) -> dict[str, Any]:
        """The account's seat, taken in this browser: a new token for it."""
        user = await signed_in(request)
        token = await my_tables.take_seat(manager, storage, user, table_id, seat)
        return {"seat": seat, "token": token}

    return router


def add_accounts(
    app: FastAPI, settings: ServerSettings, storage: Storage, manager: TableManager
) -> Accounts:
    """The accounts of ``storage``'s database: their endpoints and the cross-site
    guard, on ``app``."""
    accounts = Accounts(settings, AccountStore(storage))
    app.add_middleware(CrossSiteGuard)
    app.include_router(account_router(accounts, manager))
    app.state.accounts = accounts
    return accounts

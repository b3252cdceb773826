"""Passing a client's requests to the process that owns its table.

With several server processes (server/cluster.py) a client may reach any of them; the
one that does not own the table relays: a websocket is piped both ways to the owner's,
an HTTP request is sent on and its answer returned. The owner sees the client's address
in ``X-Forwarded-For`` (trusted from the addresses ``tabletop serve
--trusted-proxy`` names: the other processes), so its limits count the client, not
the relay.
When the owner dies the piped socket closes with 1012 ("service restart"): the client
connects again, to any process, and one of them has taken the table over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from tabletop.server import protocol as p
from tabletop.server.words import N_, Said, reader_of

log = logging.getLogger("tabletop.server")

RESTART = 1012  # websocket close code: the server restarts, connect again
UNREACHABLE = N_("the server playing this table does not answer; try again in a moment")


async def forward_http(client: httpx.AsyncClient, request: Request, address: str) -> Response:
    """Send ``request`` on to the owner at ``address`` and return its answer."""
    url = address.rstrip("/") + request.url.path
    if request.url.query:
        url += "?" + request.url.query
    headers = {"X-Forwarded-For": _client(request)}
    for name in ("content-type", "accept-language"):  # the owner answers in its language
        if name in request.headers:
            headers[name] = request.headers[name]
    try:
        answer = await client.request(
            request.method, url, content=await request.body(), headers=headers
        )
    except httpx.HTTPError as exc:
        log.warning("relaying %s to %s failed: %s", request.url.path, address, exc)
        words = reader_of(request.query_params.get("lang"), request.headers.get("accept-language"))
        return JSONResponse({"detail": Said(UNREACHABLE).read(words)}, status_code=503)
    return Response(
        answer.content,
        status_code=answer.status_code,
        media_type=answer.headers.get("content-type"),
    )


async def pipe_websocket(ws: WebSocket, address: str, path: str, max_size: int) -> None:
    """Pipe the accepted client socket ``ws`` to the owner's socket at ``path``, both
    ways, until either side closes; the other side then closes with the same code."""
    url = address.replace("http", "ws", 1).rstrip("/") + path
    headers = {"X-Forwarded-For": _client(ws)}
    if "accept-language" in ws.headers:  # the owner speaks the client's language
        headers["Accept-Language"] = ws.headers["accept-language"][:1000]
    try:
        upstream = await connect(
            url,
            additional_headers=headers,
            open_timeout=5,
            max_size=max_size,
        )
    except (OSError, InvalidHandshake, TimeoutError) as exc:
        log.warning("relaying a table socket to %s failed: %s", address, exc)
        words = reader_of(None, ws.headers.get("accept-language"))
        await ws.send_json(p.ProtocolError(p.SERVER_ERROR, UNREACHABLE).to_message(words))
        await ws.close(code=RESTART)
        return

    async def client_to_owner() -> None:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            await upstream.send(text if text is not None else message.get("bytes") or b"")

    async def owner_to_client() -> None:
        async for message in upstream:
            await ws.send_text(message if isinstance(message, str) else message.decode())

    tasks = [asyncio.ensure_future(client_to_owner()), asyncio.ensure_future(owner_to_client())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.gather(*tasks, return_exceptions=True)
        code = upstream.close_code
        await upstream.close()
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, ConnectionClosed, OSError):
            # The owner hung up on purpose (its code), or went away (connect again).
            await ws.close(code=code if code not in (None, 1006) else RESTART)


def _client(connection: Request | WebSocket) -> str:
    client = connection.scope.get("client")
    return str(client[0]) if client else "unknown"

"""One table websocket, served: the loop that writes a connection's queued messages,
and the loop that reads the client's, within its rate, until it leaves.

The route (:func:`tabletop.server.app.create_app`'s ``/ws/tables/{id}``) finds the
table and hands the socket over; every message then goes to the
:class:`~tabletop.server.tables.TableManager`. A refused message is answered with a
:class:`~tabletop.server.protocol.ProtocolError` in the connection's language, a
database that fails leaves the state unchanged ("try again"), and a client that keeps
sending past its rate is disconnected.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect

from tabletop.server import protocol as p
from tabletop.server.faults import DATABASE_ERRORS
from tabletop.server.live import Connection, LiveTable
from tabletop.server.settings import ServerSettings
from tabletop.server.tables import TableManager
from tabletop.server.words import N_

log = logging.getLogger("tabletop.server")

# Consecutive refused messages after which a flooding client is disconnected.
FLOOD_CLOSE_AFTER = 50


async def serve_socket(
    ws: WebSocket,
    table: LiveTable | None,
    table_id: str,
    conn: Connection,
    manager: TableManager,
    settings: ServerSettings,
) -> None:
    """Serve one client of ``table`` (``None``: no such table, which it is told) until
    it leaves or the server hangs up, then take it off the table."""
    if table is None:
        refusal = p.ProtocolError(p.NO_TABLE, N_("no table {table}"), table=repr(table_id))
        await ws.send_json(refusal.to_message(conn.reader))
        await ws.close(code=4404)
        return
    sender = asyncio.ensure_future(_send_loop(ws, conn))
    close_code = None
    try:
        close_code = await _receive_loop(ws, conn, table, manager, settings)
    finally:
        manager.disconnect(table, conn)
        conn.close()
        with contextlib.suppress(Exception):
            await sender  # flushes what was queued
    if close_code is not None:
        with contextlib.suppress(Exception):
            await ws.close(code=close_code)


async def _send_loop(ws: WebSocket, conn: Connection) -> None:
    """Write the connection's queued messages in order until it is closed."""
    while True:
        text = await conn.queue.get()
        if text is None:
            code = 1008 if conn.overflowed else conn.hang_up_code  # 1008: it stopped reading
            if code is not None:
                with contextlib.suppress(Exception):
                    await ws.close(code=code)
            return
        try:
            await ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return


async def _receive_loop(
    ws: WebSocket,
    conn: Connection,
    table: LiveTable,
    manager: TableManager,
    settings: ServerSettings,
) -> int | None:
    """Serve one client's messages; returns a close code when the server hangs up."""
    limiter = p.RateLimiter(settings.rate_burst, settings.rate_per_s)
    refused = 0
    while True:
        try:  # a client that never says hello is not kept waiting for
            deadline = None if conn.greeted else settings.hello_timeout_s
            message = await asyncio.wait_for(ws.receive(), deadline)
        except TimeoutError:
            conn.send(
                p.ProtocolError(
                    p.HELLO_FIRST,
                    N_("disconnected: no 'hello' within {seconds} seconds"),
                    seconds=float(settings.hello_timeout_s),
                ).to_message(conn.reader)
            )
            return 1008
        if message["type"] == "websocket.disconnect":
            return None
        raw: str | bytes = message.get("text") or message.get("bytes") or ""
        try:
            if not limiter.allow():
                raise p.ProtocolError(
                    p.RATE_LIMITED,
                    N_(
                        "too many messages: at most {burst} at once and {rate} a second; "
                        "this one was ignored"
                    ),
                    burst=settings.rate_burst,
                    rate=float(settings.rate_per_s),
                )
            data = p.parse_message(raw, settings.max_message_bytes)
            await manager.handle(table, conn, data)
            refused = 0
        except p.ProtocolError as exc:
            conn.send(exc.to_message(conn.reader))
            if exc.code == p.RATE_LIMITED:
                refused += 1
                if refused >= FLOOD_CLOSE_AFTER:
                    flooding = p.ProtocolError(p.RATE_LIMITED, N_("disconnected: flooding"))
                    conn.send(flooding.to_message(conn.reader))
                    return 1008  # policy violation
        except WebSocketDisconnect:
            raise
        except DATABASE_ERRORS as exc:
            # The database failed: the state is unchanged (it changes only after a
            # commit), so the client may simply try again.
            manager.faults.note(exc, f"table {table.id}: a message")
            conn.send(
                p.ProtocolError(
                    p.SERVER_ERROR, N_("the database did not answer; nothing changed, try again")
                ).to_message(conn.reader)
            )
        except Exception:
            log.exception("table %s: a message failed", table.id)
            conn.send(
                p.ProtocolError(
                    p.SERVER_ERROR, N_("the server could not handle this message; nothing changed")
                ).to_message(conn.reader)
            )

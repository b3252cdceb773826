"""What one HTTP client may cost: body size and nesting, request rate, header time,
and headers that keep pages out of other sites' frames and their sockets on this site.

:class:`Guard` is an ASGI middleware in front of the whole app; every limit is a
:class:`~tabletop.server.settings.ServerSettings` field. :class:`GuardedH11Protocol`
is uvicorn's HTTP/1.1 protocol with a deadline for a request's headers, so a client
that sends them a byte at a time ("slowloris") is cut off instead of holding a
connection for ever.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from tabletop.i18n import Reader
from tabletop.server.nesting import json_too_deep
from tabletop.server.protocol import RateLimiter
from tabletop.server.settings import ServerSettings
from tabletop.server.words import N_, Said, reader_of

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS = [
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
        b"form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


def client_address(scope: Scope) -> str:
    """The address a connection comes from, as the per-address limits count it
    (:func:`address_group`; "unknown" when the server cannot tell)."""
    client = scope.get("client")
    return address_group(str(client[0])) if client else "unknown"


def address_group(address: str) -> str:
    """The client an address stands for: an IPv4 address itself, an IPv6 address its
    /64 network. One home or host holds a whole /64 and could change addresses inside
    it at will, so each one counted alone would lift every per-address limit."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address  # not an address (a test client's name): itself
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def address_key(address: str) -> str:
    """What the database keeps of an address: a hash, never the address itself."""
    return hashlib.sha256(f"address:{address}".encode()).hexdigest()[:32]


class AddressLimiters:
    """A token bucket per client address, forgetting the least recently seen ones
    beyond ``keep`` addresses so that many addresses cannot grow the memory."""

    def __init__(self, burst: int, per_s: float, keep: int = 10_000) -> None:
        self.burst = burst
        self.per_s = per_s
        self.keep = keep
        self._buckets: OrderedDict[str, RateLimiter] = OrderedDict()

    def allow(self, address: str, cost: float = 1.0) -> bool:
        bucket = self._buckets.pop(address, None)
        if bucket is None:
            bucket = RateLimiter(self.burst, self.per_s)
        self._buckets[address] = bucket
        while len(self._buckets) > self.keep:
            self._buckets.popitem(last=False)
        return bucket.allow(cost)


class Guard:
    """Limits every HTTP request before the app sees it, and adds security headers.

    A request over ``max_body_bytes`` gets 413, a client over its request rate 429, a
    body nested deeper than ``max_nesting_depth`` 400 (Python's JSON parser, which
    FastAPI runs on it, recurses once per level), all as JSON with a sentence in the
    request's language. Bodies are read here, whole and bounded, so the app never
    parses more than the limit.
    """

    def __init__(self, app: ASGIApp, settings: ServerSettings) -> None:
        self.app = app
        self.settings = settings
        self.rates = AddressLimiters(settings.http_rate_burst, settings.http_rate_per_s)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        settings = self.settings

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        # Static files are cheap and a page loads a dozen at once: the rate counts the rest.
        static = scope["path"].startswith("/static/")
        if not static and not self.rates.allow(client_address(scope)):
            await _refuse(
                send_with_headers,
                429,
                Said(
                    N_(
                        "too many requests: at most {burst} at once and {rate} a second "
                        "from one address"
                    ),
                    {"burst": settings.http_rate_burst, "rate": float(settings.http_rate_per_s)},
                ).read(scope_reader(scope)),
            )
            return
        limit = settings.max_body_bytes
        too_large = Said(N_("the body is over the limit of {limit} bytes"), {"limit": limit})
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await _refuse(send_with_headers, 413, too_large.read(scope_reader(scope)))
            return
        body = bytearray()
        more = scope["method"] not in ("GET", "HEAD")
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > limit:
                await _refuse(send_with_headers, 413, too_large.read(scope_reader(scope)))
                return
            more = bool(message.get("more_body"))
        data = bytes(body)
        if json_too_deep(data, settings.max_nesting_depth):
            deep = Said(
                N_("the body is nested deeper than {most} levels"),
                {"most": settings.max_nesting_depth},
            )
            await _refuse(send_with_headers, 400, deep.read(scope_reader(scope)))
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": data, "more_body": False}
            return await receive()  # the client's disconnect, if it comes

        await self.app(scope, replay, send_with_headers)


def scope_reader(scope: Scope) -> Reader:
    """Whom the answer to a request is for: its ``?lang=``, else its ``Accept-Language``."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1")[:2000]).get("lang")
    accept = None
    for name, value in scope.get("headers", []):
        if name == b"accept-language":
            accept = value.decode("latin-1")
            break
    return reader_of(query[0] if query else None, accept)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _refuse(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"connection", b"close")],
        }
    )
    await send({"type": "http.response.body", "body": body})


def guarded_protocol(header_timeout_s: float) -> type[Any]:
    """Uvicorn's HTTP/1.1 protocol that closes a connection whose request headers have
    not all arrived ``header_timeout_s`` seconds after it opened (or after the last
    response), instead of waiting for them for ever."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class GuardedH11Protocol(H11Protocol):
        _deadline: Any = None

        def _arm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = self.loop.call_later(header_timeout_s, self._too_slow)

        def _too_slow(self) -> None:
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            super().connection_lost(exc)

    return GuardedH11Protocol

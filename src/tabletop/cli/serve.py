"""``tabletop serve``: the online server, on an embedded SQLite file by default.

The socket is bound before the address is printed, so the printed address works
at once, also with ``--port 0`` (any free port), which the tests use. The server's
packages are imported only when the command runs, so the rest of the CLI works
without the ``server`` extra. The database's schema is brought up to date before
the socket is bound, or with ``--no-migrate`` only checked (:mod:`tabletop.cli.db`).
"""

from __future__ import annotations

import dataclasses
import logging
import socket
from typing import Annotated

import typer

from tabletop.cli.db import missing_server, prepare_database
from tabletop.cli.lan import shown_host
from tabletop.cli.language import tr

# The protocol refuses messages over a few KiB with a clear error; the websocket
# layer drops anything far larger before it is even read.
WS_MAX_SIZE = 1 << 20
# Open connections past this many get "503 Service Unavailable" at once.
MAX_CONNECTIONS = 2000


def serve(
    host: Annotated[str, typer.Option(help=tr().gettext("Address to listen on."))] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(min=0, max=65535, help=tr().gettext("Port; 0 picks a free one."))
    ] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            help=tr().gettext(
                "SQLAlchemy URL, e.g. postgresql://user@localhost/tabletop "
                "(default: a SQLite file in ~/.local/share/tabletop)."
            )
        ),
    ] = None,
    bot_workers: Annotated[
        int, typer.Option(min=0, help=tr().gettext("Processes for bots and hints (0: threads)."))
    ] = 2,
    bot_pause: Annotated[
        float,
        typer.Option(
            min=0.0, help=tr().gettext("Seconds between bot moves, so people can follow.")
        ),
    ] = 0.7,
    answer_pace: Annotated[
        float,
        typer.Option(
            min=0.0,
            max=10.0,
            metavar="SECONDS",
            help=tr().gettext(
                "The least time between a question and its answer when the answer is "
                "automatic or the question is put to every holder of hidden cards, so "
                "that no answer tells what a seat holds (0: none)."
            ),
        ),
    ] = 0.7,
    max_bot_think: Annotated[
        float,
        typer.Option(
            min=0.0,
            max=60.0,
            metavar="SECONDS",
            help=tr().gettext(
                "The longest a table's creator may let a search bot think per move "
                "(0: only the levels' own pace)."
            ),
        ),
    ] = 3.0,
    snapshot_every: Annotated[
        int, typer.Option(min=1, help=tr().gettext("Store a full snapshot every N actions."))
    ] = 50,
    advertise_url: Annotated[
        str | None,
        typer.Option(
            help=tr().gettext(
                "How the other server processes on the same PostgreSQL database reach "
                "this one (default: http://HOST:PORT; docs/deploy.md)."
            )
        ),
    ] = None,
    durable_commits: Annotated[
        bool,
        typer.Option(
            help=tr().gettext(
                "PostgreSQL: an action counts once it is on the database's disk. "
                "--no-durable-commits counts it once PostgreSQL has it: a crash of PostgreSQL "
                "or the machine may lose the last fraction of a second of play (a crash of "
                "this process never does), and a slow disk no longer delays every move."
            )
        ),
    ] = True,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ADDR",
            help=tr().gettext(
                "A reverse proxy or another server process trusted to tell a client's "
                "address in X-Forwarded-For: an address or a network (repeat the option, or "
                "separate them with commas; * trusts anyone). Default: none, every "
                "connection is the client itself."
            ),
        ),
    ] = None,
    migrate: Annotated[
        bool,
        typer.Option(
            help=tr().gettext(
                "Bring the database's tables up to this version's schema at start. "
                "--no-migrate refuses to start on a database that needs it (tabletop db "
                "upgrade does it)."
            )
        ),
    ] = True,
) -> None:
    """Run the online server: lobby, tables, bots and spectators in the browser."""
    try:  # the server's packages are an extra: 'tabletop play' must work without them
        import uvicorn

        from tabletop.server import ServerSettings, create_app, default_database_url
    except ImportError as exc:
        missing_server(exc)

    proxies = _trusted_proxies(trusted_proxy or [])
    url = database_url or default_database_url()
    from tabletop.server.cluster import ClusterError, hold_sqlite, sqlite_file

    sqlite = sqlite_file(url)
    if sqlite is not None:
        try:
            hold_sqlite(sqlite)  # held while the process lives
        except ClusterError as exc:
            typer.echo(tr().gettext("error: {message}", message=str(exc)), err=True)
            raise typer.Exit(2) from None
    prepare_database(url, database_url is not None, migrate)  # or error: and exit 2
    settings = ServerSettings(
        database_url=url,
        bot_workers=bot_workers,
        bot_pause_s=bot_pause,
        answer_pace_s=answer_pace,
        max_bot_think_seconds=max_bot_think,
        snapshot_every=snapshot_every,
        durable_commits=durable_commits,
        trusted_proxies=proxies,
    )
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        message = tr().gettext(
            "error: cannot listen on {host}:{port}: {problem}",
            host=host,
            port=str(port),
            problem=str(exc.strerror),
        )
        typer.echo(message, err=True)
        raise typer.Exit(2) from None
    sock.listen(128)
    bound = sock.getsockname()[1]
    shown = shown_host(host)  # the invite links are built from the address the host opens
    reachable = "127.0.0.1" if host in ("0.0.0.0", "::") else shown
    settings = dataclasses.replace(
        settings, advertise_url=advertise_url or f"http://{reachable}:{bound}"
    )
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        app = create_app(settings)
    except Exception as exc:  # a bad URL, a server that is down, missing rights
        sock.close()
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        message = tr().gettext(
            "error: cannot open the database {url}: {problem}",
            url=_hide_password(url),
            problem=reason,
        )
        typer.echo(message, err=True)
        raise typer.Exit(2) from None
    address = f"http://{shown}:{bound}/"
    typer.echo(tr().gettext("Tabletop is running: open {address} in your browser", address=address))
    typer.echo(
        tr().gettext("Database: {url}  (Ctrl+C stops the server)", url=_hide_password(url)),
        err=True,
    )
    from tabletop.server.http import guarded_protocol

    config = uvicorn.Config(
        app,
        http=guarded_protocol(settings.header_timeout_s),
        ws_max_size=WS_MAX_SIZE,
        log_level="warning",
        lifespan="on",
        limit_concurrency=MAX_CONNECTIONS,
        timeout_graceful_shutdown=settings.shutdown_timeout_s,
        # A client's address from X-Forwarded-For only on the named proxies' connections
        # (uvicorn's own default would trust any process on 127.0.0.1).
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=list(settings.trusted_proxies) or None,
    )
    uvicorn.Server(config).run(sockets=[sock])


def _trusted_proxies(values: list[str]) -> tuple[str, ...]:
    """The addresses and networks of ``--trusted-proxy`` (each may list several, with
    commas); anything else is refused here rather than never matching a connection."""
    import ipaddress

    proxies = tuple(p.strip() for value in values for p in value.split(",") if p.strip())
    for proxy in proxies:
        if proxy == "*":
            continue
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            message = tr().gettext(
                "error: --trusted-proxy {value}: not an address or a network", value=proxy
            )
            typer.echo(message, err=True)
            raise typer.Exit(2) from None
    return proxies


def _hide_password(url: str) -> str:
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url

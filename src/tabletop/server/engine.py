"""Connecting to the database: the URL's driver, SQLite's settings, checks of pooled
connections, and whether a commit waits for the disk."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.pool import StaticPool

IDLE_PING_S = 10.0  # a pooled connection idle this long is checked before it is used

CUT_WITHIN: dict[str, Any] = {
    "connect_timeout": 10,
    "keepalives": 1,
    "keepalives_idle": 5,
    "keepalives_interval": 2,
    "keepalives_count": 3,
    "tcp_user_timeout": 10_000,
}
"""libpq settings of every PostgreSQL connection: after a silent network cut a call
fails within about ten seconds instead of waiting for TCP's retries (a quarter of an
hour), so one transaction in flight (server/writer.py) cannot hold every table's
moves for that long, and a process that lost its owners' connection lets its tables
go (server/cluster.py)."""


def engine_url(url: str) -> str:
    """``url`` with the psycopg 3 driver named for PostgreSQL (SQLAlchemy's default is psycopg2)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def make_engine(url: str, durable: bool = True) -> Engine:
    """An engine for ``url``; a SQLite file's folder is created, and WAL mode set.

    ``durable=False`` (PostgreSQL) acknowledges a commit once the database has it,
    before its log is on disk (``synchronous_commit = off``): a crash of PostgreSQL or
    of the machine may lose the last fraction of a second of commits, a crash of the
    server process never does; a disk that sometimes takes a long time to flush then
    no longer holds up every action waiting on it. SQLite's WAL mode with
    ``synchronous=NORMAL`` already makes that trade.
    """
    url = engine_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        engine = create_engine(url, connect_args=dict(CUT_WITHIN))
        _ping_when_idle(engine)
        if not durable:

            @event.listens_for(engine, "connect")
            def _asynchronous_commit(dbapi_connection: Any, _record: Any) -> None:
                with dbapi_connection.cursor() as cursor:
                    cursor.execute("SET synchronous_commit = off")
                dbapi_connection.commit()

        return engine
    args = {"check_same_thread": False, "timeout": 30}
    if not parsed.database or parsed.database == ":memory:":
        # One shared connection, or each thread would see its own empty database.
        engine = create_engine(url, connect_args=args, poolclass=StaticPool)
    else:
        Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args=args)

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL survives a process kill
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def _ping_when_idle(engine: Engine) -> None:
    """Check a pooled connection before use only when it sat idle for a while.

    ``pool_pre_ping`` would cost every call a round trip (and the database a
    transaction); a connection in steady use is known to be alive, and one that a
    database restart broke while it was in use fails that call, after which
    :meth:`Storage._healing` drops the pool.
    """

    @event.listens_for(engine, "checkin")
    def _idle_from(_dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _ping(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        idle_since = record.info.get("idle_since")
        if idle_since is None or time.monotonic() - idle_since < IDLE_PING_S:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except Exception as exc:  # the driver's own error for a dead connection
            raise DisconnectionError() from exc
        if not alive:
            raise DisconnectionError()

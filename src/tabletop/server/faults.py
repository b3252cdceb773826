"""A database that refuses writes or cannot be reached: what it is, and what the log
says of it.

Every request, message, bot move or scan that meets such a fault is answered (HTTP 503
with a JSON error, an ``error`` frame, a retry later) and changes nothing. The log
says so once per kind of fault every ``ServerSettings.fault_log_every_s``, counting
the ones it did not write: a database away for twenty seconds under load wrote
hundreds of lines a second before, which hid what had happened.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections import Counter
from collections.abc import Callable

import psycopg
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError, SQLAlchemyError

from tabletop.server.cluster import ClusterError

READ_ONLY = "read-only"  # it refuses writes (a read-only file, a standby, a setting)
UNAVAILABLE = "unavailable"  # a connection cannot be opened or was lost
FAILING = "failing"  # any other error of the database
NOT_THE_DATABASE = "error"  # not the database's: a bug, logged with its traceback

DATABASE_ERRORS: tuple[type[Exception], ...] = (
    SQLAlchemyError,
    psycopg.Error,
    ClusterError,
    OSError,
)
"""What a call to the database raises when the database, not the request, fails."""


def fault_kind(exc: BaseException) -> str:
    """What ``exc`` says of the database: :data:`READ_ONLY`, :data:`UNAVAILABLE`,
    :data:`FAILING`, or :data:`NOT_THE_DATABASE`."""
    if not isinstance(exc, DATABASE_ERRORS):
        return NOT_THE_DATABASE
    cause: BaseException = exc
    if isinstance(exc, DBAPIError) and isinstance(exc.orig, BaseException):
        cause = exc.orig
    elif isinstance(exc, ClusterError) and exc.__cause__ is not None:
        cause = exc.__cause__
    if isinstance(cause, psycopg.errors.ReadOnlySqlTransaction):
        return READ_ONLY
    if isinstance(cause, sqlite3.Error) and getattr(cause, "sqlite_errorname", "").startswith(
        "SQLITE_READONLY"
    ):
        return READ_ONLY
    if isinstance(exc, OperationalError | InterfaceError | ClusterError) or isinstance(
        cause, psycopg.OperationalError | psycopg.InterfaceError
    ):
        return UNAVAILABLE
    return FAILING


def one_line(exc: BaseException) -> str:
    """The database's own words about ``exc``, on one line: without the statement and
    its parameters (a seat's token hash among them) that SQLAlchemy adds."""
    cause = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
    lines = str(cause).strip().splitlines()
    return lines[0][:300] if lines else type(exc).__name__


class FaultLog:
    """Logs faults once per kind every ``every_s`` seconds, with how many others of
    that kind there were since the last line."""

    def __init__(
        self,
        every_s: float,
        logger: logging.Logger | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.every_s = every_s
        self.logger = logger or logging.getLogger("tabletop.server")
        self.clock = clock
        self._last: dict[str, float] = {}
        self._unsaid: Counter[str] = Counter()

    def note(self, exc: BaseException, doing: str) -> None:
        """``doing`` (a few words: "POST /api/tables", "table x: a bot's move") failed
        on ``exc``: log it, unless its kind was logged less than ``every_s`` ago."""
        kind = fault_kind(exc)
        now = self.clock()
        last = self._last.get(kind)
        if last is not None and now - last < self.every_s:
            self._unsaid[kind] += 1
            return
        self._last[kind] = now
        unsaid = self._unsaid.pop(kind, 0)
        since = f" ({unsaid} more since the last report)" if unsaid else ""
        if kind == NOT_THE_DATABASE:
            self.logger.error("%s failed%s", doing, since, exc_info=exc)
        else:
            self.logger.warning(
                "the database is %s: %s failed: %s%s", kind, doing, one_line(exc), since
            )

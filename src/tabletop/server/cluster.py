"""Several server processes on one database: which process plays which table.

A table is played by one process at a time, its **owner**: the owner holds the
table's state in memory, applies its actions, runs its bots and timers and sends its
messages (docs/architecture.md, "Several processes"). The rest of the server is
written for one owner; this module only decides who that is.

- On PostgreSQL, ownership is an advisory lock, ``(NAMESPACE, hashtext(table id))``,
  taken on a connection each process opens for that alone and keeps for its life.
  When the process dies, PostgreSQL ends the connection and the locks go with it:
  another process's scan (every ``cluster_scan_s``) takes the table over from the
  stored log. Each process writes its address in ``tt_processes`` and the owner's id
  in ``tt_tables.owner``, so that another process can pass it a client's requests.
- SQLite serves one process: a second ``tabletop serve`` on the same file is refused
  (an exclusive lock on a file beside it), and the one process owns every table.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
import time
import uuid
from pathlib import Path
from typing import IO, Any

from sqlalchemy.engine import make_url

from tabletop.server.engine import CUT_WITHIN

NAMESPACE = 7474
"""The first key of the tables' advisory locks (the second: ``hashtext(id)``)."""

SERVER_CUT_WITHIN = {
    "tcp_keepalives_idle": 5,
    "tcp_keepalives_interval": 2,
    "tcp_keepalives_count": 3,
    "tcp_user_timeout": 10_000,
}
"""The owners' connection, PostgreSQL's side (this process's side: ``CUT_WITHIN``): its
server process notices within seconds that nobody is there after a network cut, ends,
and the tables' locks go to the other processes."""


class ClusterError(RuntimeError):
    """The process cannot take its place among the others (said in words)."""


class Solo:
    """One process alone (SQLite): it owns every table, nobody else asks."""

    shared = False

    def __init__(self, database_url: str = "") -> None:
        self.process_id = uuid.uuid4().hex
        self.address = ""
        self._path = sqlite_file(database_url)

    @property
    def connected(self) -> bool:
        """Whether this process still holds what makes it the owner of its tables."""
        return True

    @property
    def writer_id(self) -> str | None:
        """What each stored action checks is the table's owner: this process among
        others, nobody alone (every table is its own)."""
        return self.process_id if self.shared else None

    async def start(self) -> None:
        if self._path is not None:
            hold_sqlite(self._path)

    async def stop(self) -> None:
        if self._path is not None:
            let_go_sqlite(self._path)

    async def reconnect(self) -> None:
        return None

    async def own(self, table_id: str) -> bool:
        return True

    async def release(self, table_id: str) -> None:
        return None

    def disown(self, table_id: str) -> None:
        """Stop counting the table as this process's (another took it over)."""
        return None

    async def owner_address(self, table_id: str) -> str | None:
        return None

    async def unowned(self) -> list[str]:
        return []


class Shared(Solo):
    """One of several processes on one PostgreSQL database."""

    shared = True

    def __init__(self, database_url: str, address: str) -> None:
        super().__init__()
        self.address = address
        self._conninfo = libpq_url(database_url)
        self._conn: Any = None
        self._backend: Any = None  # (pid, start) of the connection's server process
        self.owned: set[str] = set()

    async def start(self) -> None:
        import psycopg

        conn = None
        try:
            conn = await psycopg.AsyncConnection.connect(
                self._conninfo,
                autocommit=True,
                application_name="tabletop-owner",
                **CUT_WITHIN,
            )
            for setting, value in SERVER_CUT_WITHIN.items():  # the database's side
                await conn.execute(f"SET {setting} = {value}")
            cursor = await conn.execute(
                "SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()"
            )
            backend = await cursor.fetchone()
            await conn.execute(
                "INSERT INTO tt_processes (id, address, started_at) VALUES (%s, %s, %s) "
                "ON CONFLICT (id) DO UPDATE SET address = EXCLUDED.address",
                (self.process_id, self.address, time.time()),
            )
        except psycopg.Error as exc:
            # Half open (a read-only database refuses the INSERT) counts as not
            # connected: no table is taken on it, and the next scan tries again.
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()
            raise ClusterError(f"cannot open the owners' connection: {exc}") from exc
        self._conn, self._backend = conn, backend

    @property
    def connected(self) -> bool:
        """Whether the owners' connection is open: with it gone, so are the locks."""
        return self._conn is not None and not self._conn.closed

    async def reconnect(self) -> None:
        """A new owners' connection after the last one was lost (a database restart, a
        network cut): its locks went with it, so this process owns nothing now."""
        import psycopg

        self.owned.clear()
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.close()
            self._conn = None
        old = self._backend
        await self.start()
        # After a network cut the old connection's server process may not know yet
        # that nobody is there, and holds the locks until it does: end it (and wait,
        # up to 5 s, until it has).
        if old is not None:
            with contextlib.suppress(psycopg.Error, ClusterError):
                await self._execute(
                    "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
                    "WHERE pid = %s AND backend_start = %s",
                    tuple(old),
                )

    async def stop(self) -> None:
        """Let every table go at once (a rolling restart: the others take them over)."""
        if self._conn is None:
            return
        with contextlib.suppress(Exception):  # gone already: closing frees the locks anyway
            await self._conn.execute("DELETE FROM tt_processes WHERE id = %s", (self.process_id,))
        await self._conn.close()
        self._conn = None
        self.owned.clear()

    async def _execute(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        """Run ``sql`` on the owners' connection; a lost connection is a
        :class:`ClusterError` (and :attr:`connected` turns false)."""
        import psycopg

        if not self.connected:
            raise ClusterError("this server is reconnecting to its database; try again")
        try:
            return await self._conn.execute(sql, params)
        except psycopg.Error as exc:  # lost (not connected now), or refused (read-only)
            raise ClusterError(f"the owners' connection failed: {exc}") from exc

    async def own(self, table_id: str) -> bool:
        """Take the table if nobody holds it; whether this process owns it now."""
        if not self.connected:
            raise ClusterError("this server is reconnecting to its database; try again")
        if table_id in self.owned:
            return True
        cursor = await self._execute(
            "SELECT pg_try_advisory_lock(%s, hashtext(%s))", (NAMESPACE, table_id)
        )
        row = await cursor.fetchone()
        if not row or not row[0]:
            return False
        self.owned.add(table_id)
        try:
            await self._execute(
                "UPDATE tt_tables SET owner = %s WHERE id = %s", (self.process_id, table_id)
            )
        except ClusterError:
            # Locked but not marked as this process's (a read-only database): its actions
            # would be refused as another process's, and no other process could take it.
            self.owned.discard(table_id)
            with contextlib.suppress(ClusterError):
                await self._execute(
                    "SELECT pg_advisory_unlock(%s, hashtext(%s))", (NAMESPACE, table_id)
                )
            raise
        return True

    def disown(self, table_id: str) -> None:
        self.owned.discard(table_id)

    async def release(self, table_id: str) -> None:
        if table_id in self.owned:
            self.owned.discard(table_id)
            await self._execute(
                "SELECT pg_advisory_unlock(%s, hashtext(%s))", (NAMESPACE, table_id)
            )

    async def owner_address(self, table_id: str) -> str | None:
        """The address of the process that owns the table now (``None``: nobody)."""
        cursor = await self._execute(
            "SELECT p.address FROM tt_tables t JOIN tt_processes p ON p.id = t.owner "
            "WHERE t.id = %s AND p.id <> %s AND " + _HELD,
            (table_id, self.process_id),
        )
        row = await cursor.fetchone()
        return str(row[0]) if row else None

    async def unowned(self) -> list[str]:
        """The unfinished tables no process owns (their owner died or stopped); not
        those asleep, which whoever opens them wakes."""
        cursor = await self._execute(
            "SELECT t.id FROM tt_tables t WHERE t.status IN ('waiting', 'playing') "
            "AND NOT t.asleep AND NOT " + _HELD + " ORDER BY t.created_at"
        )
        return [str(r[0]) for r in await cursor.fetchall()]


_HELD = (
    "EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' "
    f"AND l.classid = {NAMESPACE} AND l.objid = hashtext(t.id)::oid "
    "AND l.objsubid = 2 AND l.granted)"
)
"""SQL: somebody holds table ``t``'s lock."""


def for_database(database_url: str, address: str) -> Solo:
    """The process's place: shared on PostgreSQL, alone on SQLite."""
    if make_url(libpq_url(database_url)).get_backend_name() == "postgresql":
        return Shared(database_url, address)
    return Solo(database_url)


def libpq_url(url: str) -> str:
    """``url`` as libpq reads it (without SQLAlchemy's ``+driver``)."""
    scheme, sep, rest = url.partition("://")
    return scheme.split("+")[0] + sep + rest


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (``None``: in memory, or not SQLite)."""
    if not url:
        return None
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database).expanduser().resolve()


_held: dict[Path, tuple[IO[bytes], int]] = {}
_held_lock = threading.Lock()


def hold_sqlite(path: Path) -> None:
    """Lock ``path`` for this process (nested holds count), or refuse: another process
    serves it, and two processes on one SQLite file would each think they own every
    table."""
    with _held_lock:
        if path in _held:
            handle, count = _held[path]
            _held[path] = (handle, count + 1)
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(f"{path}.serve-lock", "ab")  # noqa: SIM115 (kept open while served)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise ClusterError(
                f"another tabletop serve process uses {path}: a SQLite database serves one "
                "process; to run several, give them one PostgreSQL database "
                "(--database-url postgresql://user@host/db; docs/deploy.md)"
            ) from None
        handle.write(f"{os.getpid()}\n".encode())
        handle.flush()
        _held[path] = (handle, 1)


def let_go_sqlite(path: Path) -> None:
    with _held_lock:
        if path not in _held:
            return
        handle, count = _held[path]
        if count > 1:
            _held[path] = (handle, count - 1)
            return
        del _held[path]
        handle.close()  # closing the file lets the lock go

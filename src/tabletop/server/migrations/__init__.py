"""The database's schema, version by version: Alembic migrations shipped in the package.

A database records the last migration it went through in Alembic's
``alembic_version`` table. :func:`upgrade` brings it to this version's newest one,
the *head*; :func:`check` only says whether it is there. Both refuse a database at
a revision this version does not know (:class:`DatabaseTooNew`): a newer version
has changed it in ways this one cannot read.

Alembic is configured here, in code (:func:`alembic_config`), with the scripts in
this package's folder, so an installed package needs no ``alembic.ini`` and every
caller (``Storage``, ``tabletop serve``, ``tabletop db``, the tests, a developer's
``python -m tabletop.server.migrations revision``) runs the same migrations.

Three kinds of database are upgraded:

- **Empty**: :func:`upgrade` makes the tables from :data:`~tabletop.server.schema.
  metadata` at once and stamps them with the head, instead of running every
  migration: a test makes a fresh database each time, and this is the quickest way.
  It is the same schema, which ``tests/server/test_migrations.py`` checks by
  comparing a database made by the migrations alone with the metadata.
- **Made before migrations** (tables, no ``alembic_version``): the first migration
  brings it to the schema of that time, whatever it lacked, then the others run.
- **Versioned**: the migrations after its revision run.

Several processes starting on one database upgrade it once: PostgreSQL's advisory
lock (the key ``Storage.secret`` also takes) holds the others until the first has
committed, and they find it up to date. PostgreSQL changes its schema inside the
transaction, so a failed migration leaves nothing half done. SQLite's file is
locked for writing for the whole upgrade (``BEGIN IMMEDIATE``), which also makes its
schema changes one transaction.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Column, Connection, Engine, MetaData, String, Table, inspect, select, text

from tabletop.server.schema import metadata

FOLDER = Path(__file__).resolve().parent
SCHEMA_LOCK = 7475
"""PostgreSQL's advisory lock held while the schema changes (and while a secret of
the server is made: :meth:`~tabletop.server.storage.Storage.secret`)."""

VERSION_TABLE = "alembic_version"

_version_t = Table(VERSION_TABLE, MetaData(), Column("version_num", String(32)))

State = Literal["empty", "unversioned", "behind", "current", "newer"]


@dataclass(frozen=True, slots=True)
class Revision:
    """Where a database stands: its revision (``None``: none recorded) and this
    version's head."""

    revision: str | None
    head: str
    state: State
    """``empty``: no tables of ours; ``unversioned``: tables made before migrations;
    ``behind``: an older revision; ``current``: the head; ``newer``: a revision this
    version does not know."""


@dataclass(frozen=True, slots=True)
class Upgrade:
    """What :func:`upgrade` did: from which revision (``None``: none) to which."""

    before: str | None
    after: str
    state: State
    """Where the database stood before (:attr:`Revision.state`)."""

    @property
    def changed(self) -> bool:
        return self.state != "current"


class SchemaError(RuntimeError):
    """The database is not at this version's schema, and was not brought there."""

    def __init__(self, found: Revision, message: str) -> None:
        super().__init__(message)
        self.found = found


class DatabaseTooNew(SchemaError):
    """The database is at a revision this version does not know: a newer version
    upgraded it."""

    def __init__(self, found: Revision) -> None:
        super().__init__(
            found,
            f"the database is at revision {found.revision}, which this version does not "
            f"know (its newest is {found.head}): a newer version of Tabletop upgraded it",
        )


class DatabaseBehind(SchemaError):
    """The database needs migrations that were not to be run (``--no-migrate``)."""

    def __init__(self, found: Revision) -> None:
        super().__init__(
            found,
            f"the database is at revision {found.revision or 'none'} and this version "
            f"needs {found.head}: run tabletop db upgrade",
        )


def alembic_config(url: str | None = None) -> Config:
    """Alembic's settings, without a file: the scripts are this package's folder.

    ``url`` is only for Alembic's own commands run without a connection; the
    functions here pass theirs in ``config.attributes["connection"]``.
    """
    config = Config()
    config.set_main_option("script_location", str(FOLDER))
    config.set_main_option("file_template", "v%%(rev)s_%%(slug)s")
    config.set_main_option("path_separator", "os")
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


@functools.cache
def scripts() -> ScriptDirectory:
    """The migration scripts, read once per process."""
    return ScriptDirectory.from_config(alembic_config())


@functools.cache
def head() -> str:
    """The newest revision this version knows (the history is a single line)."""
    newest = scripts().get_current_head()
    assert newest is not None, "no migrations in the package"
    return newest


@functools.cache
def known() -> frozenset[str]:
    """Every revision this version knows."""
    return frozenset(script.revision for script in scripts().walk_revisions())


def revision_of(conn: Connection) -> Revision:
    """Where the database of ``conn`` stands (read without Alembic's context, which
    would log its settings at every start)."""
    names = set(inspect(conn).get_table_names())
    newest = head()
    if VERSION_TABLE not in names:
        state: State = "unversioned" if names & set(metadata.tables) else "empty"
        return Revision(None, newest, state)
    found = conn.execute(select(_version_t.c.version_num)).scalars().first()
    if found is None:
        state = "unversioned" if names & set(metadata.tables) else "empty"
    elif found == newest:
        state = "current"
    elif found in known():
        state = "behind"
    else:
        state = "newer"
    return Revision(found, newest, state)


def check(engine: Engine) -> Revision:
    """The database's revision if it is this version's head, else
    :class:`DatabaseBehind` or :class:`DatabaseTooNew`."""
    with engine.connect() as conn:
        found = revision_of(conn)
    if found.state == "newer":
        raise DatabaseTooNew(found)
    if found.state != "current":
        raise DatabaseBehind(found)
    return found


def upgrade(engine: Engine, *, from_metadata: bool = True) -> Upgrade:
    """Bring the database to this version's head, once, whoever else tries at the
    same time; :class:`DatabaseTooNew` for a database of a newer version.

    An empty database gets the tables of the metadata, stamped with the head
    (``from_metadata=False``: the migrations make them, one by one).
    """
    with engine.connect() as conn:  # the usual case, without taking any lock
        found = revision_of(conn)
    if found.state == "current":
        return Upgrade(found.revision, found.head, found.state)
    if found.state == "newer":
        raise DatabaseTooNew(found)
    with engine.begin() as conn:
        _lock(conn)
        found = revision_of(conn)  # again: another process may have done it meanwhile
        if found.state == "newer":
            raise DatabaseTooNew(found)
        if found.state == "empty" and from_metadata:
            metadata.create_all(conn)
            MigrationContext.configure(conn).stamp(scripts(), found.head)
        elif found.state != "current":
            config = alembic_config()
            config.attributes["connection"] = conn
            command.upgrade(config, found.head)
    return Upgrade(found.revision, found.head, found.state)


def _lock(conn: Connection) -> None:
    """Hold the database's schema for this transaction: other processes wait."""
    if conn.dialect.name == "postgresql":
        conn.execute(text(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})"))
    elif conn.dialect.name == "sqlite":
        # pysqlite starts no transaction before DDL by itself: start one that holds
        # the file's write lock at once; SQLAlchemy's commit ends it.
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def run_environment() -> None:
    """What Alembic's ``env.py`` runs: the migrations on the caller's connection (or,
    for Alembic's own commands, on one to ``sqlalchemy.url``)."""
    from alembic import context

    if context.is_offline_mode():
        raise RuntimeError("the migrations run on a database, not as SQL scripts (--sql)")
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run_on(connection)
        return
    from tabletop.server.engine import make_engine

    engine = make_engine(str(context.config.get_main_option("sqlalchemy.url")))
    try:
        with engine.begin() as conn:
            _lock(conn)
            _run_on(conn)
    finally:
        engine.dispose()


def _run_on(conn: Connection) -> None:
    from alembic import context

    # Batch operations: SQLite alters a table by copying it, which a later migration
    # that changes a column needs; elsewhere they are the plain ALTER statements.
    context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


__all__ = [
    "SCHEMA_LOCK",
    "DatabaseBehind",
    "DatabaseTooNew",
    "Revision",
    "SchemaError",
    "Upgrade",
    "alembic_config",
    "check",
    "head",
    "revision_of",
    "upgrade",
]

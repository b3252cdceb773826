"""A developer's commands for the migrations, without an ``alembic.ini``.

``python -m tabletop.server.migrations revision -m "add accounts" --autogenerate``
writes the next migration (``versions/v0002_add_accounts.py``) with what
``schema.metadata`` has that the migrations do not make yet: Alembic compares the
metadata with a scratch SQLite database that the migrations alone built. Without
``--autogenerate`` the migration is empty, to be written by hand. ``check`` says
whether the migrations make the metadata's schema (exit 1 where they do not).

Autogeneration is a draft: read it, keep what a database of either kind can do
(PostgreSQL and SQLite), and write in its docstring why the schema changes.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection

from tabletop.server.engine import make_engine
from tabletop.server.migrations import alembic_config, head, upgrade
from tabletop.server.schema import metadata


@contextmanager
def migrated(url: str | None) -> Iterator[Connection]:
    """A connection to ``url``, else to a scratch SQLite file, brought to the head
    by the migrations alone."""
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(url or f"sqlite:///{Path(folder) / 'scratch.db'}")
        try:
            upgrade(engine, from_metadata=False)
            with engine.begin() as conn:
                yield conn
        finally:
            engine.dispose()


def differences(conn: Connection) -> list[object]:
    """What the metadata has that the database of ``conn`` lacks, or the reverse."""
    diffs: list[object] = compare_metadata(MigrationContext.configure(conn), metadata)
    return diffs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tabletop.server.migrations")
    commands = parser.add_subparsers(dest="command", required=True)
    revision = commands.add_parser("revision", help="write the next migration")
    revision.add_argument("-m", "--message", required=True, help="what it changes")
    revision.add_argument(
        "--autogenerate", action="store_true", help="fill it with what the metadata adds"
    )
    revision.add_argument("--database-url", help="compare with this database, at the head")
    check = commands.add_parser("check", help="do the migrations make the metadata's schema?")
    check.add_argument("--database-url", help="build it in this empty database")
    args = parser.parse_args(argv)
    next_id = f"{int(head()) + 1:04d}"
    if args.command == "check":
        with migrated(args.database_url) as conn:
            diffs = differences(conn)
        for diff in diffs:
            print(diff)
        print("the migrations make the metadata's schema" if not diffs else "they differ")
        return 1 if diffs else 0
    config = alembic_config()
    if not args.autogenerate:
        command.revision(config, args.message, rev_id=next_id)
        return 0
    with migrated(args.database_url) as conn:
        config.attributes["connection"] = conn
        command.revision(config, args.message, autogenerate=True, rev_id=next_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Schema migrations: databases made by every earlier version upgrade in place and
keep their games; a newer database, or one behind under ``--no-migrate``, is refused
in one line; processes starting together upgrade once.

The databases "made the old way" are built here as the versions before migrations
built them: ``create_all`` of the first schema (a frozen copy below), then columns
added one by one as their ``add_missing_columns`` did, with real games stored in
them row by row as the server stores them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from alembic import command as alembic_command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    insert,
    text,
)
from sqlalchemy.schema import CreateColumn
from typer.testing import CliRunner

import tabletop
from tabletop.cli.main import app
from tabletop.core.game import State
from tabletop.server import migrations
from tabletop.server.engine import make_engine
from tabletop.server.live import rebuild_state
from tabletop.server.migrations.versions import v0001_first_schema as first_schema
from tabletop.server.schema import metadata
from tabletop.server.storage import Storage

# -- the first version's schema, frozen ------------------------------------------

FIRST = MetaData()
Table(
    "tt_tables",
    FIRST,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("num_players", Integer, nullable=False),
    Column("seed", String(32), nullable=False),
    Column("status", String(16), nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("replace_bot", String(64), nullable=True),
    Column("leave_grace_s", Float, nullable=False, default=30.0),
    Column("created_at", Float, nullable=False),
    Column("result", JSON, nullable=True),
)
Table(
    "tt_seats",
    FIRST,
    Column("table_id", String(32), ForeignKey("tt_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("bot", String(64), nullable=True),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("replaced", Boolean, nullable=False, default=False),
)
Table(
    "tt_actions",
    FIRST,
    Column("table_id", String(32), ForeignKey("tt_tables.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("at", Float, nullable=False),
)
Table(
    "tt_snapshots",
    FIRST,
    Column("table_id", String(32), ForeignKey("tt_tables.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("data", Text, nullable=False),
)


def _column(table: str, column: Column[Any]) -> Callable[[Connection], None]:
    def add(conn: Connection) -> None:  # as add_missing_columns did
        spec = CreateColumn(column).compile(dialect=conn.dialect)
        conn.exec_driver_sql(f"ALTER TABLE {table} ADD COLUMN {spec}")

    return add


def _table(name: str, *columns: Callable[[], Column[Any]]) -> Callable[[Connection], None]:
    def create(conn: Connection) -> None:  # as create_all did
        Table(name, MetaData(), *(column() for column in columns)).create(conn)

    return create


def _index(conn: Connection) -> None:
    conn.exec_driver_sql("CREATE INDEX tt_tables_by_creator ON tt_tables (created_by, status)")


STEPS: list[list[Callable[[Connection], None]]] = [
    [
        _column("tt_tables", Column("known_deal", Boolean, nullable=False, server_default="0")),
        _column("tt_tables", Column("created_by", String(64), nullable=True)),
        _table(
            "tt_meta",
            lambda: Column("key", String(64), primary_key=True),
            lambda: Column("value", Text, nullable=False),
        ),
    ],
    [
        _column("tt_tables", Column("position", JSON, nullable=True)),
        _column("tt_seats", Column("preferences", JSON, nullable=True)),
    ],
    [
        _table(
            "tt_processes",
            lambda: Column("id", String(32), primary_key=True),
            lambda: Column("address", String(200), nullable=False),
            lambda: Column("started_at", Float, nullable=False),
        ),
        _column("tt_tables", Column("owner", String(32), nullable=True)),
    ],
    [_column("tt_seats", Column("think", Float, nullable=True))],
    [
        _column("tt_tables", Column("asleep", Boolean, nullable=False, server_default="0")),
        _column("tt_tables", Column("bot_pause_s", Float, nullable=True)),
        _index,
    ],
]
"""What the versions before migrations added to the first schema at their starts, in
the order they came (``known_deal`` first, ``bot_pause_s`` last)."""

GAMES = {"old-uno": ("uno-power", 31, 3), "old-kungfu": ("kung-fu", 17, 2)}
"""The games stored in an old database: id, game, actions played, players."""


def _play(conn: Connection, table_id: str, game_id: str, plies: int, players: int) -> State:
    """A game played by the engine and stored as the server stores it: the table's row
    and seats, each action in order, a snapshot every 10 actions."""
    options = tabletop.make(game_id).options_dict()
    seed = 2**62 + len(table_id)
    state = tabletop.make(game_id, **options).new_state(players, seed=seed, log=True)
    conn.execute(
        insert(FIRST.tables["tt_tables"]).values(
            id=table_id,
            game=game_id,
            options=options,
            num_players=players,
            seed=str(seed),
            status="playing",
            version=plies,
            replace_bot="random",
            leave_grace_s=30.0,
            created_at=time.time(),
        )
    )
    conn.execute(
        insert(FIRST.tables["tt_seats"]),
        [
            {"table_id": table_id, "seat": s, "kind": "bot", "bot": "random", "name": f"Bot {s}"}
            for s in range(players)
        ],
    )
    for ply in range(plies):
        seat = state.current_player
        legal = state.legal_actions()
        state.apply(legal[(ply * 7) % len(legal)])
        conn.execute(
            insert(FIRST.tables["tt_actions"]).values(
                table_id=table_id, ply=ply, action=state.history[-1], seat=seat, at=time.time()
            )
        )
        if (ply + 1) % 10 == 0:
            data = json.dumps(state.to_dict(include_log=True))
            conn.execute(
                insert(FIRST.tables["tt_snapshots"]).values(
                    table_id=table_id, ply=ply + 1, data=data
                )
            )
    return state


@contextmanager
def _engine(url: str) -> Iterator[Engine]:
    engine = make_engine(url)
    try:
        yield engine
    finally:
        engine.dispose()


def _old_database(url: str, steps: int = 0) -> dict[str, State]:
    """A database as a version before migrations left it, holding :data:`GAMES`: the
    first schema, grown by the first ``steps`` of :data:`STEPS`."""
    with _engine(url) as engine, engine.begin() as conn:
        FIRST.create_all(conn)
        states = {t: _play(conn, t, *spec) for t, spec in GAMES.items()}
        for step in STEPS[:steps]:
            for change in step:
                change(conn)
    return states


def _schema_differences(url: str) -> list[Any]:
    with _engine(url) as engine, engine.connect() as conn:
        return list(compare_metadata(MigrationContext.configure(conn), metadata))


def _revision(url: str) -> migrations.Revision:
    with _engine(url) as engine, engine.connect() as conn:
        return migrations.revision_of(conn)


def _replays(storage: Storage, states: dict[str, State]) -> None:
    """Every stored game loads and rebuilds to the state that was played, and goes on."""
    rows = {row.id: row for row in storage.list_tables()}
    assert set(rows) == set(states)
    for table_id, state in states.items():
        row = storage.load_table(table_id)
        assert row is not None and row == rows[table_id]
        assert (row.known_deal, row.asleep, row.position, row.owner) == (False, False, None, None)
        assert [s.think for s in row.seats] == [None] * row.num_players
        assert rebuild_state(storage, row).to_dict() == state.to_dict()
        assert storage.actions(table_id) == state.history
        nxt = state.legal_actions()[0].id
        storage.append_action(table_id, row.version, nxt, 0, status="playing")
        assert storage.actions(table_id)[-1] == nxt


# -- databases of earlier versions -------------------------------------------------


@pytest.mark.parametrize("steps", range(len(STEPS) + 1))
def test_a_database_of_any_earlier_version_upgrades_and_keeps_its_games(
    database_url: str, steps: int
) -> None:
    states = _old_database(database_url, steps)
    assert _revision(database_url).state == "unversioned"
    storage = Storage(database_url)
    try:
        assert _revision(database_url) == migrations.Revision(
            migrations.head(), migrations.head(), "current"
        )
        assert _schema_differences(database_url) == []  # today's tables, every column
        _replays(storage, states)
        assert len(storage.secret("deal")) == 32  # the later tables work too
    finally:
        storage.close()


def test_a_database_of_the_previous_metadata_upgrades(database_url: str) -> None:
    """The last version before migrations: every table and column of the schema the
    first migration brings (its frozen copy), made by ``create_all``, with no
    ``alembic_version``; the later migrations run on it."""
    before = MetaData()
    for name, items in first_schema.TABLES.items():
        Table(name, before, *items())
    with _engine(database_url) as engine, engine.begin() as conn:
        before.create_all(conn)
    assert _revision(database_url).state == "unversioned"
    with _engine(database_url) as engine:
        done = migrations.upgrade(engine)
    assert (done.before, done.after, done.state) == (None, migrations.head(), "unversioned")
    assert _revision(database_url).state == "current"
    assert _schema_differences(database_url) == []


def test_the_migrations_make_the_schema_of_the_metadata(database_url: str) -> None:
    """A fresh database gets the metadata's tables stamped with the head, without
    running the migrations; the migrations alone make the very same schema (else a
    fresh database and an upgraded one would differ)."""
    with _engine(database_url) as engine:
        done = migrations.upgrade(engine, from_metadata=False)
    assert (done.before, done.after, done.state) == (None, migrations.head(), "empty")
    assert _schema_differences(database_url) == []
    from tabletop.server.migrations.__main__ import main

    assert main(["check"]) == 0  # the developer's check, on a scratch SQLite file


def test_a_fresh_database_is_made_from_the_metadata(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("a fresh database ran the migrations")

    monkeypatch.setattr(alembic_command, "upgrade", refuse)
    Storage(database_url).close()
    assert _revision(database_url).state == "current"
    assert _schema_differences(database_url) == []
    Storage(database_url).close()  # and opens again, as it is


def test_storage_without_migrating_only_checks(database_url: str) -> None:
    with pytest.raises(migrations.DatabaseBehind, match="tabletop db upgrade"):
        Storage(database_url, migrate=False)
    assert _revision(database_url).state == "empty"
    Storage(database_url).close()
    Storage(database_url, migrate=False).close()


# -- the command line --------------------------------------------------------------


def _stamp(url: str, revision: str) -> None:
    with _engine(url) as engine, engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = :r"), {"r": revision})


def _stopped_before_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    import tabletop.server as server

    def stop(_settings: object) -> None:
        raise RuntimeError("stopped before serving")

    monkeypatch.setattr(server, "create_app", stop)


def test_serve_refuses_a_database_newer_than_itself(database_url: str) -> None:
    Storage(database_url).close()
    _stamp(database_url, "9999_from_the_future")
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--database-url", database_url])
    assert result.exit_code == 2
    (line,) = result.output.strip().splitlines()  # one line, no traceback
    assert line.startswith("error: the database ")
    assert "is at revision 9999_from_the_future, which this version of Tabletop does not know" in (
        line
    )
    assert f"(its newest is {migrations.head()})" in line
    with pytest.raises(migrations.DatabaseTooNew):
        Storage(database_url)
    result = CliRunner().invoke(app, ["db", "upgrade", "--database-url", database_url])
    assert result.exit_code == 2 and "does not know" in result.output
    result = CliRunner().invoke(app, ["db", "current", "--database-url", database_url])
    assert result.exit_code == 0
    assert result.output == (
        f"9999_from_the_future: newer than this version, which knows up to {migrations.head()}\n"
    )
    assert _revision(database_url).revision == "9999_from_the_future"  # left as it was


def test_serve_no_migrate_refuses_a_database_behind_then_db_upgrade(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    states = _old_database(database_url)
    serve = ["serve", "--port", "0", "--database-url", database_url]
    result = CliRunner().invoke(app, [*serve, "--no-migrate"])
    assert result.exit_code == 2
    (line,) = result.output.strip().splitlines()
    assert "was made by an earlier version of Tabletop and needs upgrading" in line
    assert "run tabletop db upgrade --database-url " in line
    assert "or start without --no-migrate" in line
    assert _revision(database_url).state == "unversioned"  # untouched

    result = CliRunner().invoke(app, ["db", "current", "--database-url", database_url])
    assert result.output.startswith("none: tables of an earlier version, before migrations")
    result = CliRunner().invoke(app, ["db", "upgrade", "--database-url", database_url])
    assert result.exit_code == 0, result.output
    assert result.output.endswith(
        "upgraded from the tables of an earlier version (no revision) "
        f"to revision {migrations.head()}\n"
    )
    result = CliRunner().invoke(app, ["db", "current", "--database-url", database_url])
    assert result.output == f"{migrations.head()}: up to date (the newest this version knows)\n"
    result = CliRunner().invoke(app, ["db", "upgrade", "--database-url", database_url])
    assert "already at revision" in result.output

    _stopped_before_serving(monkeypatch)  # past the database's check: it would serve
    result = CliRunner().invoke(app, [*serve, "--no-migrate"])
    assert result.exit_code == 2 and "stopped before serving" in result.output
    storage = Storage(database_url, migrate=False)
    try:
        _replays(storage, states)
    finally:
        storage.close()


def test_serve_upgrades_at_start_and_says_so(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _old_database(database_url, steps=2)
    _stopped_before_serving(monkeypatch)
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--database-url", database_url])
    assert "stopped before serving" in result.output
    assert f"to revision {migrations.head()}" in result.output
    assert _revision(database_url).state == "current"


def test_a_database_behind_by_a_known_revision(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One revision later in the history than the database: ``--no-migrate`` names
    both, and ``db current`` says what upgrades it."""
    Storage(database_url).close()
    now = migrations.head()
    monkeypatch.setattr(migrations, "head", lambda: "9000")
    monkeypatch.setattr(migrations, "known", lambda: frozenset({now, "9000"}))
    result = CliRunner().invoke(
        app, ["serve", "--port", "0", "--no-migrate", "--database-url", database_url]
    )
    assert result.exit_code == 2
    assert f"is at revision {now}, older than this version's 9000" in result.output
    result = CliRunner().invoke(app, ["db", "current", "--database-url", database_url])
    assert result.output == f"{now}: behind; tabletop db upgrade brings it to 9000\n"


def test_db_current_makes_no_file(tmp_path: Any) -> None:
    path = tmp_path / "none.db"
    result = CliRunner().invoke(app, ["db", "current", "--database-url", f"sqlite:///{path}"])
    assert result.exit_code == 0 and result.output == f"none: no database at {path} yet\n"
    assert not path.exists()
    result = CliRunner().invoke(app, ["db", "upgrade", "--database-url", f"sqlite:///{path}"])
    assert result.output.endswith(f"tables made at revision {migrations.head()}\n")


# -- several at once -----------------------------------------------------------------


def test_threads_upgrading_one_database_upgrade_it_once(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _old_database(database_url, steps=1)
    runs: list[int] = []
    upgrade = alembic_command.upgrade

    def slow_upgrade(*args: Any, **kwargs: Any) -> None:
        runs.append(1)
        time.sleep(0.3)  # the other thread meanwhile reaches the lock
        upgrade(*args, **kwargs)

    monkeypatch.setattr(alembic_command, "upgrade", slow_upgrade)
    done: list[migrations.Upgrade] = []

    def start() -> None:
        with _engine(database_url) as engine:
            done.append(migrations.upgrade(engine))

    threads = [threading.Thread(target=start) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(done) == 2 and runs == [1]
    assert sorted(d.state for d in done) == ["current", "unversioned"]
    assert _revision(database_url).state == "current"


def test_processes_starting_together_upgrade_once(postgres_url: str, tmp_path: Any) -> None:
    """Two ``tabletop db upgrade`` processes on one PostgreSQL database, both waiting
    on the schema's lock when it is let go: one upgrades, the other finds it done."""
    states = _old_database(postgres_url, steps=3)
    env = {**os.environ, "LC_ALL": "C.UTF-8", "LANGUAGE": "en", "XDG_DATA_HOME": str(tmp_path)}
    command = [sys.executable, "-m", "tabletop.cli.main", "db", "upgrade"]
    with _engine(postgres_url) as engine, engine.connect() as holder:
        holder.execute(text(f"SELECT pg_advisory_xact_lock({migrations.SCHEMA_LOCK})"))
        processes = [
            subprocess.Popen(
                [*command, "--database-url", postgres_url],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                env=env,
            )
            for _ in range(2)
        ]
        try:
            deadline = time.monotonic() + 60
            waiting = 0
            while waiting < 2 and time.monotonic() < deadline:
                time.sleep(0.05)
                waiting = holder.execute(
                    text(
                        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                        "AND objid = :key AND NOT granted"
                    ),
                    {"key": migrations.SCHEMA_LOCK},
                ).scalar_one()
            assert waiting == 2, "the processes did not both wait on the schema's lock"
        finally:
            holder.rollback()  # lets the lock go
        outputs = [p.communicate(timeout=60)[0] for p in processes]
    assert [p.returncode for p in processes] == [0, 0], outputs
    assert sum("upgraded from the tables of an earlier version" in o for o in outputs) == 1
    assert sum("already at revision" in o for o in outputs) == 1
    with _engine(postgres_url) as engine, engine.connect() as conn:
        versions = conn.execute(text("SELECT version_num FROM alembic_version")).all()
    assert [v for (v,) in versions] == [migrations.head()]
    assert _schema_differences(postgres_url) == []
    storage = Storage(postgres_url)
    try:
        _replays(storage, states)
    finally:
        storage.close()

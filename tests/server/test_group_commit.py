"""The server's speed: many tables' actions in one transaction, each still checked on
its own (server/writer.py, Storage.append_actions); pooled connections checked after
idling; commits that do not wait for the disk, and the cycle collector, as set."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import create_engine, event, text
from sqlalchemy.exc import OperationalError

import tabletop
from tabletop.server import engine as engine_module
from tabletop.server.rows import Append
from tabletop.server.storage import Storage, TableMoved
from tabletop.server.writer import ActionWriter
from tests.server.test_storage import _row


def _first_action() -> int:
    return tabletop.make("uno-power").new_state(3, seed=5).legal_actions()[0].id


def _commits(storage: Storage) -> list[int]:
    count = [0]

    @event.listens_for(storage.engine, "commit")
    def _count(_conn: object) -> None:
        count[0] += 1

    return count


def test_a_batch_is_one_transaction(database_url: str) -> None:
    storage = Storage(database_url)
    for t in ("a", "b", "c"):
        storage.create_table(_row(t))
    action = _first_action()
    snapshot = tabletop.make("uno-power").new_state(3, seed=5).to_dict(include_log=True)
    commits = _commits(storage)
    outcomes = storage.append_actions(
        [
            Append("a", 0, action, 0, "playing"),
            Append("b", 0, action, 0, "playing", snapshot=snapshot),
            Append("c", 0, action, 0, "over", result={"winners": [0], "returns": [1, 0, 0]}),
        ]
    )
    assert outcomes == [None, None, None]
    assert commits[0] == 1
    for t in ("a", "b", "c"):
        assert storage.actions(t) == [action]
    rows = {t: storage.load_table(t) for t in ("a", "b", "c")}
    assert all(r is not None and r.version == 1 for r in rows.values())
    c = rows["c"]
    assert (
        c is not None
        and c.status == "over"
        and c.result
        == {
            "winners": [0],
            "returns": [1, 0, 0],
        }
    )
    assert storage.latest_snapshot("b", 1) == (1, snapshot)
    assert storage.latest_snapshot("a", 1) is None
    storage.close()


def test_a_refused_action_refuses_only_itself(database_url: str) -> None:
    """Table b's action is not its next one: a and c are stored, b is told why."""
    storage = Storage(database_url)
    for t in ("a", "b", "c"):
        storage.create_table(_row(t))
    action = _first_action()
    outcomes = storage.append_actions(
        [
            Append("a", 0, action, 0, "playing"),
            Append("b", 3, action, 0, "playing"),
            Append("c", 0, action, 0, "playing"),
        ]
    )
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], RuntimeError) and "not the next one" in str(outcomes[1])
    assert storage.actions("a") == storage.actions("c") == [action]
    assert storage.actions("b") == []
    b = storage.load_table("b")
    assert b is not None and b.version == 0
    storage.close()


def test_actions_that_arrive_during_a_commit_go_together(database_url: str) -> None:
    """While one transaction is in flight, the actions of three other tables wait and
    are written in the next one: two transactions for four actions."""
    storage = Storage(database_url)
    for t in ("a", "b", "c", "d"):
        storage.create_table(_row(t))
    action = _first_action()
    started, release = threading.Event(), threading.Event()
    main = threading.main_thread()

    @event.listens_for(storage.engine, "before_cursor_execute")
    def _hold_first(*_args: object) -> None:
        if threading.current_thread() is not main and not started.is_set():
            started.set()
            release.wait(30)

    async def run() -> ActionWriter:
        writer = ActionWriter(storage)
        first = asyncio.ensure_future(writer.append(Append("a", 0, action, 0, "playing")))
        assert await asyncio.to_thread(started.wait, 30)  # a's transaction is under way
        others = [
            asyncio.ensure_future(writer.append(Append(t, 0, action, 0, "playing")))
            for t in ("b", "c", "d")
        ]
        await asyncio.sleep(0)  # the others have handed their actions over
        release.set()
        await asyncio.gather(first, *others)
        await writer.idle()
        return writer

    writer = asyncio.run(run())
    assert writer.transactions == 2 and writer.largest_batch == 3
    for t in ("a", "b", "c", "d"):
        assert storage.actions(t) == [action]
    storage.close()


def test_the_writer_raises_the_error_of_a_refused_action(database_url: str) -> None:
    storage = Storage(database_url)
    storage.create_table(_row("a"))
    action = _first_action()

    async def run() -> None:
        writer = ActionWriter(storage)
        with pytest.raises(RuntimeError, match="not the next one"):
            await writer.append(Append("a", 2, action, 0, "playing"))
        await writer.append(Append("a", 0, action, 0, "playing"))

    asyncio.run(run())
    assert storage.actions("a") == [action]
    storage.close()


def test_a_connection_the_database_dropped_while_idle_is_replaced(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pooled connection that sat idle is checked before use: one whose server
    process was ended (a database restart, a proxy's idle timeout) is replaced, and
    the call succeeds. Without the check the call fails."""
    storage = Storage(postgres_url)
    storage.create_table(_row("a"))
    admin = create_engine(engine_module.engine_url(postgres_url), isolation_level="AUTOCOMMIT")

    def drop_pooled_connections() -> None:
        with admin.connect() as conn:
            ended = conn.execute(
                text(
                    "SELECT count(pg_terminate_backend(pid, 10000)) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            ).scalar_one()
        assert ended >= 1

    monkeypatch.setattr(engine_module, "IDLE_PING_S", 1e9)  # never checked
    drop_pooled_connections()
    with pytest.raises(OperationalError):
        storage.load_table("a")
    assert storage.load_table("a") is not None  # the pool was dropped after the error

    monkeypatch.setattr(engine_module, "IDLE_PING_S", 0.0)  # always checked
    drop_pooled_connections()
    assert storage.load_table("a") is not None
    storage.close()
    admin.dispose()


def test_fast_commits_do_not_wait_for_the_disk(postgres_url: str) -> None:
    """--no-durable-commits: PostgreSQL acknowledges before its log is flushed, on every
    connection the server opens; the default waits for the flush."""
    from tabletop.server import ServerSettings, create_app

    for durable, expected in ((True, "on"), (False, "off")):
        app = create_app(ServerSettings(database_url=postgres_url, durable_commits=durable))
        storage = app.state.manager.storage
        with storage.engine.connect() as one, storage.engine.connect() as two:
            for conn in (one, two):
                assert conn.execute(text("SHOW synchronous_commit")).scalar_one() == expected
        storage.close()


def test_the_cycle_collector_is_spaced_out_while_serving_and_restored() -> None:
    import gc

    from tabletop.server.app import collector_tuned

    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with collector_tuned(10_000):
        assert gc.get_threshold()[0] == 10_000
        assert gc.get_freeze_count() > frozen  # what lives at start is left out
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen
    with collector_tuned(0):
        assert gc.get_threshold() == before


def test_a_database_that_refuses_writes_refuses_the_batch_at_once(tmp_path: Path) -> None:
    """The database, not a table, is the trouble (here a file opened read-only): the
    actions are not tried one by one, each against the same wall."""
    path = tmp_path / "tabletop.db"
    storage = Storage(f"sqlite:///{path}")
    for t in ("a", "b"):
        storage.create_table(_row(t))
    opened = [0]

    def read_only() -> sqlite3.Connection:
        opened[0] += 1
        return sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)

    storage.engine.dispose()
    storage.engine = create_engine("sqlite://", creator=read_only)
    action = _first_action()
    outcomes = storage.append_actions(
        [Append("a", 0, action, 0, "playing"), Append("b", 0, action, 0, "playing")]
    )
    assert all(isinstance(o, OperationalError) and "readonly" in str(o) for o in outcomes)
    assert opened[0] == 1
    storage.close()


def test_a_process_that_lost_a_table_cannot_extend_its_log(database_url: str) -> None:
    """Several processes: the writer's id is checked in the statement that stores the
    action, so a process that another has taken a table from stores nothing there,
    alone or in a batch, and is told so (TableMoved)."""
    storage = Storage(database_url)
    for t in ("a", "b"):
        row = _row(t)
        row.owner = "p1"
        storage.create_table(row)
    action = _first_action()
    with pytest.raises(TableMoved):
        storage.append_action("a", 0, action, 0, status="playing", owner="p2")
    outcomes = storage.append_actions(
        [Append("a", 0, action, 0, "playing", owner="p2"), Append("b", 0, action, 0, "playing")]
    )
    assert isinstance(outcomes[0], TableMoved) and outcomes[1] is None
    outcomes = storage.append_actions(
        [
            Append("a", 0, action, 0, "playing", owner="p1"),
            Append("b", 1, action, 0, "playing", owner="p1"),
        ]
    )
    assert outcomes == [None, None]
    assert storage.actions("a") == [action] and storage.actions("b") == [action, action]
    storage.close()


def test_connections_give_up_on_a_silent_network_within_seconds(postgres_url: str) -> None:
    """A half-open connection (a network cut nobody announced) would hold a call for
    TCP's quarter of an hour: the one transaction in flight, and with it every table's
    moves. Both the pool's connections and the owners' connection (whose PostgreSQL
    side holds the tables' locks) give up within seconds, on both sides."""
    from tabletop.server.cluster import Shared

    storage = Storage(postgres_url)
    raw = storage.engine.raw_connection()
    try:
        pooled = raw.driver_connection.info.get_parameters()  # type: ignore[union-attr]
    finally:
        raw.close()
    storage.close()
    assert pooled["tcp_user_timeout"] == "10000" and pooled["keepalives_idle"] == "5"

    async def owners() -> tuple[dict[str, str], tuple[str, str]]:
        cluster = Shared(postgres_url, "http://127.0.0.1:1")
        await cluster.start()
        conn = cluster._conn
        cursor = await conn.execute(
            "SELECT current_setting('tcp_keepalives_idle'), current_setting('tcp_user_timeout')"
        )
        server_side = await cursor.fetchone()
        client_side = conn.info.get_parameters()
        await cluster.stop()
        return client_side, server_side

    client_side, server_side = asyncio.run(owners())
    assert client_side["tcp_user_timeout"] == "10000"
    assert server_side == ("5", "10000")

"""Storage on SQLite and PostgreSQL: rows, the action log, snapshots and rebuilding."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import delete, event

import tabletop
from tabletop.server.engine import engine_url
from tabletop.server.rows import SeatRow, TableRow
from tabletop.server.schema import actions_t
from tabletop.server.storage import Storage
from tabletop.server.tables import rebuild_state


def _row(table_id: str, seed: int = 5) -> TableRow:
    return TableRow(
        id=table_id,
        game="uno-power",
        options=tabletop.make("uno-power", target_score="single_round").options_dict(),
        num_players=3,
        seed=seed,
        status="playing",
        version=0,
        replace_bot=None,
        leave_grace_s=30.0,
        created_at=time.time(),
        seats=[
            SeatRow(0, "human", None, "Ann", token_hash="ab" * 32),
            SeatRow(1, "bot", "random", "random bot"),
            SeatRow(2, "bot", "heuristic", "heuristic bot"),
        ],
    )


def test_engine_url_uses_psycopg_3() -> None:
    assert engine_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert engine_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert engine_url("sqlite:///x.db") == "sqlite:///x.db"


def test_tables_round_trip(database_url: str) -> None:
    storage = Storage(database_url)
    row = _row("t1", seed=2**63 - 1)  # the largest seed fits
    storage.create_table(row)
    loaded = storage.load_table("t1")
    assert loaded == row
    assert storage.load_table("nope") is None
    row.seats[0].replaced = True
    storage.update_seat("t1", row.seats[0], status="over")
    loaded = storage.load_table("t1")
    assert loaded is not None and loaded.seats[0].replaced and loaded.status == "over"
    assert [t.id for t in storage.list_tables(statuses=("playing",))] == []
    storage.close()


def test_actions_and_snapshots_rebuild_the_state(database_url: str) -> None:
    storage = Storage(database_url)
    row = _row("t2")
    storage.create_table(row)
    game = tabletop.make("uno-power", **row.options)
    state = game.new_state(3, seed=row.seed)
    for ply in range(25):
        state.apply(state.legal_actions()[-1])
        snapshot = state.to_dict(include_log=True) if (ply + 1) % 10 == 0 else None
        storage.append_action("t2", ply, state.history[-1], 0, status="playing", snapshot=snapshot)
    assert storage.actions("t2") == state.history
    assert storage.actions("t2", after=20) == state.history[20:]
    snap = storage.latest_snapshot("t2", 25)
    assert snap is not None and snap[0] == 20
    assert storage.latest_snapshot("t2", 15) is not None
    loaded = storage.load_table("t2")
    assert loaded is not None and loaded.version == 25
    assert rebuild_state(storage, loaded).to_dict() == state.to_dict()
    # The resume starts from the snapshot: the actions before it are not even read.
    with storage.engine.begin() as conn:
        conn.execute(delete(actions_t).where(actions_t.c.table_id == "t2", actions_t.c.ply < 20))
    assert rebuild_state(storage, loaded).to_dict() == state.to_dict()
    storage.close()


def test_a_snapshot_saved_under_other_options_is_replayed_past(database_url: str) -> None:
    """A snapshot is a shortcut: one the table's game refuses (saved under other
    options) is passed over, and the state is rebuilt from the deal and every action."""
    storage = Storage(database_url)
    row = _row("t4")
    storage.create_table(row)
    state = tabletop.make("uno-power", **row.options).new_state(3, seed=row.seed)
    for ply in range(12):
        state.apply(state.legal_actions()[-1])
        snapshot = None
        if ply + 1 == 10:
            snapshot = state.to_dict(include_log=True)
            snapshot["options"] = {**snapshot["options"], "stacking": "progressive"}
        storage.append_action("t4", ply, state.history[-1], 0, status="playing", snapshot=snapshot)
    loaded = storage.load_table("t4")
    assert loaded is not None
    assert rebuild_state(storage, loaded).to_dict() == state.to_dict()
    storage.close()


def test_a_ply_is_written_once(database_url: str) -> None:
    """Two writers of the same action number: the second fails, the log does not fork."""
    storage = Storage(database_url)
    storage.create_table(_row("t3"))
    state = tabletop.make("uno-power").new_state(3, seed=5)
    first = state.legal_actions()[0].id
    storage.append_action("t3", 0, first, 0, status="playing")
    with pytest.raises(RuntimeError, match="not the next one"):
        storage.append_action("t3", 0, first, 0, status="playing")
    with pytest.raises(RuntimeError):
        storage.append_action("t3", 5, first, 0, status="playing")
    assert storage.actions("t3") == [first]
    storage.close()


def test_close_waits_for_a_call_running_in_another_thread(database_url: str) -> None:
    """The server runs storage calls in threads, and a cancelled task leaves its thread
    running: closing must wait for it (closing SQLite's connection under a running
    statement crashed the interpreter)."""
    storage = Storage(database_url)
    storage.create_table(_row("t4"))
    events: list[str] = []
    started, release = threading.Event(), threading.Event()

    @event.listens_for(storage.engine, "before_cursor_execute")
    def _hold(*_args: object) -> None:
        if threading.current_thread() is writer:
            started.set()
            release.wait()

    @event.listens_for(storage.engine, "after_cursor_execute")
    def _ran(*_args: object) -> None:
        if threading.current_thread() is writer:
            events.append("executed")

    dispose = storage.engine.dispose
    storage.engine.dispose = lambda: (events.append("disposed"), dispose())[1]  # type: ignore[method-assign]
    first = tabletop.make("uno-power").new_state(3, seed=5).legal_actions()[0].id
    writer = threading.Thread(
        target=storage.append_action, args=("t4", 0, first, 0), kwargs={"status": "playing"}
    )
    closer = threading.Thread(target=storage.close)
    writer.start()
    assert started.wait(30)
    closer.start()
    closer.join(0.5)  # a close that does not wait is done by now
    release.set()
    writer.join(30)
    closer.join(30)
    assert not writer.is_alive() and not closer.is_alive()
    assert events[0] == "executed" and events[-1] == "disposed"


def test_the_lobby_reads_each_tables_last_move_by_its_key(database_url: str) -> None:
    """``last_moves`` gives the time of each table's last stored action, found from
    its version (one row per table, not a scan of every action)."""
    from sqlalchemy import update

    storage = Storage(database_url)
    state = tabletop.make("uno-power", target_score="single_round").new_state(3, seed=5)
    for table_id, actions in (("busy", 5), ("fresh", 0)):
        storage.create_table(_row(table_id))
        for ply in range(actions):
            state.apply(state.legal_actions()[0])
            storage.append_action(table_id, ply, state.history[-1], 0, status="playing")
    with storage.engine.begin() as conn:  # the moves' times, as if made long ago
        for ply in range(5):
            conn.execute(
                update(actions_t)
                .where(actions_t.c.table_id == "busy", actions_t.c.ply == ply)
                .values(at=1000.0 + ply)
            )
    assert storage.last_moves([("busy", 5), ("fresh", 0)]) == {"busy": 1004.0}
    assert storage.last_moves([("busy", 3)]) == {"busy": 1002.0}
    assert storage.last_moves([]) == {}
    storage.close()

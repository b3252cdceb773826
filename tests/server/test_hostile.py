"""Hostile clients: the audit's attacks on a live server, each reproduced, each refused.

Every test here is an attack first: what a client could do before, and what the
server now does instead (on SQLite and PostgreSQL where the database matters).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi.testclient import TestClient

import tabletop
from tests.server.helpers import HUMAN, bot, is_state, new_table, receive_until


def test_garbage_on_the_websocket_gets_clear_errors(client: TestClient) -> None:
    """Attack: JSON nested 2,000 deep (a traceback per message before)."""
    table = new_table(client, "uno-power", [HUMAN, bot("random")], claim=0)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_text("[" * 2000 + "]" * 2000)
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "bad_json"
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"  # the connection still works


def test_a_nul_byte_in_a_name_is_dropped(client: TestClient) -> None:
    """Attack: a NUL byte in a name (a 500 on PostgreSQL before)."""
    table = new_table(client, "uno-power", [HUMAN, HUMAN], claim=0, name="A\x00nn\x1b[31m")
    assert table["seats"][0]["name"] == "Ann[31m"
    claimed = client.post(
        f"/api/tables/{table['id']}/seats/1/claim", json={"name": "\x00\x00"}
    ).json()
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert claimed["seat"] == 1 and summary["seats"][1]["name"] == "Player 2"


def test_a_refused_write_is_a_json_answer(client: TestClient, monkeypatch: Any) -> None:
    """Attack (or accident): the database refuses writes (a plain-text 500 before)."""
    from sqlalchemy.exc import OperationalError

    storage = client.app.state.manager.storage  # type: ignore[attr-defined]

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("attempt to write a readonly database"))

    monkeypatch.setattr(storage, "create_table", refuse)
    response = client.post("/api/tables", json={"game": "uno-power", "seats": [HUMAN, HUMAN]})
    assert response.status_code == 503
    assert "nothing changed" in response.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_bodies_and_request_rates_are_bounded(make_client: Any) -> None:
    """Attack: three 54 MiB posts (1.3 GB and 5 s of stalled play before); a flood."""
    with make_client(max_body_bytes=1000, http_rate_burst=5, http_rate_per_s=0.001) as client:
        big = {"game": "uno-power", "seats": [HUMAN, HUMAN], "name": "x" * 5000}
        response = client.post("/api/tables", json=big)
        assert response.status_code == 413 and "limit of 1000 bytes" in response.json()["detail"]
        # Chunked, without a length: read only up to the limit.
        chunks = (b"x" * 400 for _ in range(10))
        response = client.post("/api/tables", content=chunks)
        assert response.status_code == 413
        # A burst of 5, two of them spent above: three more, then "too many".
        codes = [client.get("/api/games").status_code for _ in range(5)]
        assert codes == [200, 200, 200, 429, 429]
        assert "too many requests" in client.get("/").text


# -- item 4: connections ---------------------------------------------------------------


def test_connections_per_address_are_bounded(make_client: Any) -> None:
    """Attack: a thousand connections from one client (1,153 MiB and 45 s GETs before)."""
    with make_client(max_connections_per_address=3) as client:
        table = new_table(client, "uno-power", [HUMAN, bot("random")], claim=0)
        url = f"/ws/tables/{table['id']}"
        with client.websocket_connect(url), client.websocket_connect(url):
            with client.websocket_connect(url) as third:
                third.send_json({"type": "hello"})
                assert receive_until(third, is_state)
                with client.websocket_connect(url) as fourth:
                    refused = fourth.receive_json()
                    assert refused["code"] == "too_many_connections"
            # One closed: there is room again.
            with client.websocket_connect(url) as again:
                again.send_json({"type": "hello"})
                assert receive_until(again, is_state)


def test_spectators_per_table_are_bounded(make_client: Any) -> None:
    with make_client(max_spectators_per_table=2) as client:
        table = new_table(client, "uno-power", [HUMAN, bot("random")], claim=0)
        url = f"/ws/tables/{table['id']}"
        with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
            for ws in (a, b):
                ws.send_json({"type": "hello"})
                receive_until(ws, is_state)
            with client.websocket_connect(url) as c:
                c.send_json({"type": "hello"})
                assert c.receive_json()["code"] == "table_full"
                c.send_json({"type": "hello", "token": table["token"]})  # a player gets in
                assert receive_until(c, is_state)["seat"] == 0


def test_joining_sends_no_state_to_the_others(make_client: Any) -> None:
    """Joins and leaves reach the others as small presence messages, gathered."""
    with make_client(presence_delay_s=0.3) as client:
        table = new_table(client, "uno-power", [HUMAN, bot("random")], claim=0)
        url = f"/ws/tables/{table['id']}"
        with client.websocket_connect(url) as first:
            first.send_json({"type": "hello"})
            receive_until(first, is_state)
            watchers = [client.websocket_connect(url) for _ in range(20)]
            for ws in watchers:
                ws.__enter__().send_json({"type": "hello"})
            frames: list[dict[str, Any]] = []
            receive_until(
                first,
                lambda m: m["type"] == "presence" and m["table"]["spectators"] == 21,
                frames,
            )
            assert all(m["type"] == "presence" for m in frames)  # no state per join
            assert len(frames) < 10  # twenty joins, a few messages
            for ws in watchers:
                ws.__exit__(None, None, None)


def test_a_socket_that_never_says_hello_is_closed(make_client: Any) -> None:
    """Attack: open websockets and say nothing (held for ever before)."""
    with make_client(hello_timeout_s=0.2) as client:
        table = new_table(client, "uno-power", [HUMAN, bot("random")], claim=0)
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            message = ws.receive_json()  # nothing sent: the server gives up
            assert message["code"] == "hello_first" and "within" in message["message"]


# -- item 5: hints and bots ----------------------------------------------------------------


def test_hints_are_bounded_per_seat(make_client: Any) -> None:
    """Attack: 100 hints from one seat made other tables' bots play random moves."""
    with make_client(hints_per_minute=2) as client:
        table = new_table(
            client, "kung-fu", [HUMAN, bot("random")], options={"first_player": "0"}, claim=0
        )
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            receive_until(ws, lambda m: is_state(m) and bool(m["legal"]))
            for _ in range(2):
                ws.send_json({"type": "hint"})
                assert receive_until(ws, lambda m: m["type"] == "hint")
            ws.send_json({"type": "hint"})
            refused = ws.receive_json()
            assert refused["code"] == "rate_limited" and "2 hints a minute" in refused["message"]


def test_fair_slots_serve_people_first() -> None:
    import asyncio

    from tabletop.server.driver import FairSlots

    async def run() -> list[str]:
        slots = FairSlots(1)
        order: list[str] = []
        gate = asyncio.Event()

        async def job(name: str, priority: int) -> None:
            async with slots.slot(priority):
                order.append(name)
                await gate.wait()

        first = asyncio.ensure_future(job("first", 1))
        await asyncio.sleep(0)
        waiting = [
            asyncio.ensure_future(job(name, priority))
            for name, priority in (("bots-a", 1), ("people", 0), ("bots-b", 1))
        ]
        await asyncio.sleep(0)
        gate.set()
        await asyncio.gather(first, *waiting)
        return order

    assert asyncio.run(run()) == ["first", "people", "bots-a", "bots-b"]


# -- item 6: tables ----------------------------------------------------------------------


def test_waiting_tables_per_address_are_bounded(make_client: Any) -> None:
    """Attack: 10,000 waiting tables in 16 s, after which nobody could create one."""
    with make_client(max_waiting_tables_per_address=2) as client:
        for _ in range(2):
            new_table(client, "kung-fu", [HUMAN, HUMAN])
        response = client.post("/api/tables", json={"game": "kung-fu", "seats": [HUMAN, HUMAN]})
        assert response.status_code == 429 and "waiting" in response.json()["detail"]
        new_table(client, "kung-fu", [bot("random"), bot("random")])  # a game that plays


def test_waiting_tables_expire(make_client: Any) -> None:
    with make_client() as client:
        table = new_table(client, "kung-fu", [HUMAN, HUMAN])
    with make_client(waiting_table_ttl_s=0.0) as client:  # a restart, much later
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert table["id"] not in manager.tables
        assert client.get(f"/api/tables/{table['id']}").status_code == 404
        assert client.get("/api/tables").json() == []
        new_table(client, "kung-fu", [HUMAN, HUMAN])  # room for new ones


def test_finished_tables_do_not_stay_in_memory(make_client: Any) -> None:
    """Attack: GET every finished table (each stayed in memory before)."""
    with make_client() as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        ids = []
        for seed in range(20):
            table = new_table(
                client,
                "kung-fu",
                [bot("random"), bot("random")],
                seed=seed,
                options={"round_limit": "3"},
            )
            ids.append(table["id"])
        for table_id in ids:  # every game played out
            with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
                ws.send_json({"type": "hello"})
                receive_until(ws, lambda m: is_state(m) and m["result"] is not None)
        assert not manager.tables  # finished and unwatched: not among the live tables
    with make_client() as client:  # after a restart: nothing finished is loaded
        manager = client.app.state.manager  # type: ignore[attr-defined]
        for table_id in ids:
            assert client.get(f"/api/tables/{table_id}").json()["status"] == "over"
            assert client.get(f"/api/tables/{table_id}/replay/1").status_code == 200
        assert not manager.tables
        assert len(manager.finished) <= 16  # the recent replays only


def test_slow_headers_are_cut_off(database_url: str) -> None:
    """Attack: send request headers a byte at a time (held for ever before)."""
    import socket
    import threading

    import uvicorn

    from tabletop.server import create_app
    from tabletop.server.http import guarded_protocol
    from tests.server.conftest import test_settings

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)  # connections wait in the backlog until the server runs
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        create_app(test_settings(database_url)),
        http=guarded_protocol(0.5),
        log_level="warning",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as slow:
            slow.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # and nothing more
            assert slow.recv(100) == b""  # closed by the server, long before 10 s
        with socket.create_connection(("127.0.0.1", port), timeout=10) as fine:
            fine.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert fine.recv(100).startswith(b"HTTP/1.1 200")
    finally:
        server.should_exit = True
        thread.join(timeout=20)


# -- item 7: a failing database ------------------------------------------------------------


SHORT_ROUND = 11
"""The seed of an UNO Power round that two random bots, paced, play in about 9 s: long
enough for the watcher to come, short enough for the suite."""


def test_bots_play_on_after_the_database_fails(client: TestClient, monkeypatch: Any) -> None:
    """Attack (or accident): commits fail for a while (the bots stopped for good before).

    The database fails once someone watches (an all-bot table plays from its creation),
    and the bots move at a pace, so the game cannot end before the watcher is there.
    """
    manager = client.app.state.manager  # type: ignore[attr-defined]
    storage = manager.storage
    real = storage.append_action
    failures = {"left": 3}
    seen: list[bool] = []
    sleeps: list[float] = []

    def flaky(*args: Any, **kwargs: Any) -> None:
        watched = any(table.connections for table in manager.tables.values())
        if watched and failures["left"]:
            failures["left"] -= 1
            raise OSError("disk full")
        real(*args, **kwargs)

    real_sleep = asyncio.sleep

    async def noted_sleep(delay: float, *args: Any) -> Any:
        sleeps.append(delay)
        return await real_sleep(delay, *args)

    monkeypatch.setattr(storage, "append_action", flaky)
    table = new_table(
        client,
        "uno-power",
        [bot("random"), bot("random")],
        options={"target_score": "single_round"},
        bot_pause_s=0.01,
        seed=SHORT_ROUND,  # a deal of a set length: a secret one ran 23 to 1,371 moves
        known_deal=True,
    )
    monkeypatch.setattr(asyncio, "sleep", noted_sleep)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello"})
        while True:
            msg = ws.receive_json()
            if msg["type"] in ("state", "presence"):
                seen.append(msg["table"]["storage_trouble"])
            if msg["type"] == "state" and msg["result"] is not None:
                break
    assert failures["left"] == 0 and True in seen  # the players were told
    retry = client.app.state.manager.settings.storage_retry_s  # type: ignore[attr-defined]
    assert 2 * retry in sleeps and 4 * retry in sleeps  # each retry waits twice as long
    assert seen[-1] is False  # and the table is well again
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert tabletop.GameRecord.from_dict(record).replay().is_terminal()


def test_a_connection_opened_read_only_is_not_kept(tmp_path: Any) -> None:
    """SQLite connections opened while the file was read-only kept failing after it was
    writable: after an error the pool's connections are dropped."""
    import sqlite3

    from sqlalchemy import create_engine
    from sqlalchemy.exc import OperationalError

    from tabletop.server.storage import Storage
    from tests.server.test_storage import _row

    path = tmp_path / "tabletop.db"
    storage = Storage(f"sqlite:///{path}")
    opened = {"count": 0}

    def connect() -> sqlite3.Connection:
        opened["count"] += 1
        mode = "ro" if opened["count"] == 1 else "rw"  # the first one: while read-only
        return sqlite3.connect(f"file:{path}?mode={mode}", uri=True, check_same_thread=False)

    storage.engine.dispose()
    storage.engine = create_engine("sqlite://", creator=connect)
    try:
        storage.create_table(_row("t1"))
    except OperationalError as exc:
        assert "readonly" in str(exc)
    else:
        raise AssertionError("the read-only connection wrote")
    storage.create_table(_row("t1"))  # a fresh connection: the file is writable now
    assert storage.load_table("t1") is not None
    storage.close()


def test_a_click_sent_twice_is_played_once(client: TestClient) -> None:
    """Attack: two sends of one action at once (without a version both applied)."""
    table = new_table(
        client, "kung-fu", [HUMAN, HUMAN], options={"first_player": "0"}, seed=1, claim=0
    )
    client.post(f"/api/tables/{table['id']}/seats/1/claim", json={})
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        msg = receive_until(ws, lambda m: is_state(m) and bool(m["legal"]))
        give_up = next(a for a in msg["legal"] if a["move"] == "pass")
        for _ in range(2):
            ws.send_json({"type": "action", "action": give_up["id"], "version": msg["version"]})
        receive_until(ws, lambda m: is_state(m) and m["version"] == msg["version"] + 1)
        assert receive_until(ws, lambda m: m["type"] == "error")["code"] == "stale"
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == msg["version"] + 1


def test_a_finished_game_nobody_watches_leaves_memory(client: TestClient) -> None:
    """A bots-only game played to its end without a watcher stayed in memory for good
    (the soak test's memory grew by it)."""
    manager = client.app.state.manager  # type: ignore[attr-defined]
    table = new_table(
        client, "kung-fu", [bot("random"), bot("random")], options={"round_limit": "3"}
    )
    live = manager.tables[table["id"]]

    async def played_out() -> None:  # the bots play the whole game, nobody watching
        await asyncio.gather(live.driver, return_exceptions=True)

    client.portal.call(played_out)  # type: ignore[union-attr]
    assert table["id"] not in manager.tables
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "over"
    assert table["id"] in manager.finished and len(manager.finished) <= 16

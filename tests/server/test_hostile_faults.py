"""Faults the audit found (issue 36, items 8 to 11): each reproduced, each refused.

A replay of a table that started from a position; positions too large or nested too
deep; a database that turns read-only or goes away (real ones: a PostgreSQL database
set read-only, a TCP proxy in front of PostgreSQL that the test cuts, SQLite
connections that may only read); the page's policy and the addresses trusted to
forward a client's. Every attack here succeeded on the code before its fix.
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import make_url
from typer.testing import CliRunner

import tabletop
from tabletop.cli.main import app as cli
from tabletop.server import ServerSettings, create_app
from tabletop.server.engine import engine_url
from tabletop.server.http import address_key
from tests.server.conftest import POSTGRES_ADMIN, test_settings
from tests.server.helpers import HUMAN, bot, is_state, new_table, receive_until
from tests.server.serverproc import start_server, stop_server_process

MakeClient = Callable[..., AbstractContextManager[TestClient]]
DEADLINE_S = 20.0  # for every recovery polled below
TWO_PEOPLE = {"game": "kung-fu", "seats": [HUMAN, HUMAN]}

# -- item 8: the replay of a table that started from a position --------------------------

POSITIONS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "uno-power": (
        {"target_score": "single_round"},
        {"hands": [["red 5", "blue 9"], ["blue 5", "green 1"]], "top": "red 3"},
    ),
    "kung-fu": (
        {"first_player": "0"},
        {
            "hands": [["Straight Punch", "Low Kick"], ["Crane Beak", "Forearm Block"]],
            "life": [2, 2],
        },
    ),
}


def _hand_sizes(view: dict[str, Any]) -> list[int]:
    return [player["hand_size"] for player in view["players"]]


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_a_game_from_a_position_replays_from_that_position(
    make_client: MakeClient, game: str
) -> None:
    """Attack (or accident): replay a table started from a position (a fresh deal at
    step 0 and a 500 at step 1 before)."""
    options, position = POSITIONS[game]
    with make_client() as client:
        table = new_table(  # a fixed seed: random bots' game has a known length
            client, game, [bot("random"), bot("random")], options=options, position=position,
            seed=1,
        )  # fmt: skip
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello"})
            last = receive_until(ws, lambda m: is_state(m) and m["result"] is not None)
    with make_client() as client:  # after a restart: the finished table from the database
        record = client.get(f"/api/tables/{table['id']}/record").json()
        total = len(record["actions"])
        steps = [0, 1, 2, total]
        answers = [client.get(f"/api/tables/{table['id']}/replay/{step}") for step in steps]
    assert [a.status_code for a in answers] == [200] * len(steps), answers[-1].text
    state = tabletop.make(game, **record["options"]).position(record["position"])
    expected = {0: state.view(None)}
    for ply, action in enumerate(record["actions"], start=1):
        state.apply(action)
        if ply in steps:
            expected[ply] = state.view(None)
    for step, answer in zip(steps, answers, strict=True):
        assert answer.json()["view"] == expected[step], f"step {step}"
    assert _hand_sizes(answers[0].json()["view"]) == [len(hand) for hand in position["hands"]]
    assert answers[-1].json()["view"] == last["view"]  # the end the spectator saw


# -- item 9: positions too large in any form, or nested too deep --------------------------


def _create_with(client: TestClient, position: Any) -> Any:
    return client.post(
        "/api/tables",
        json={
            "game": "uno-power",
            "options": {"target_score": "single_round"},
            "seats": [HUMAN, bot("random")],
            "claim": 0,
            "position": position,
        },
    )


@pytest.mark.parametrize(
    ("position", "words"),
    [
        # A card's name padded to 30,000 characters, as an object: stored before.
        (
            {"hands": [["red 5"], ["blue 5"]], "top": "red 3" + " " * 30_000},
            "at most 20000 characters",
        ),
        ("a = " + "[" * 3000 + "]" * 3000, "nested deeper than 400 levels"),  # TOML: a 500
        ("a = " + "{a = " * 3000 + "1" + "}" * 3000, "nested deeper than 400 levels"),
        ('{"a": ' + "[" * 5000 + "]" * 5000 + "}", "nested deeper than 400 levels"),  # JSON text
        ("a" + ".a" * 3000 + " = 1", "nested deeper than 400 levels"),  # dotted keys nest too
    ],
    ids=["padded-object", "toml-arrays", "toml-tables", "json-text", "toml-dotted-keys"],
)
def test_a_position_is_bounded_in_any_form(client: TestClient, position: Any, words: str) -> None:
    """Attack: a position over the cap as an object (accepted and stored before), or
    nested thousands of levels deep (a 500 before)."""
    created = _create_with(client, position)
    assert created.status_code == 422 and words in created.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_a_body_nested_too_deep_is_refused_before_it_is_parsed(make_client: MakeClient) -> None:
    """Attack: a request body nested 5,000 deep (FastAPI's parser recursed into it)."""
    with make_client(max_nesting_depth=10) as client:
        table = {"game": "uno-power", "seats": [HUMAN, HUMAN], "options": {}}

        def post(depth: int) -> Any:
            nested = "[" * depth + "]" * depth
            body = json.dumps(table)[:-1] + ', "position": {"hands": ' + nested + "}}"
            return client.post(
                "/api/tables", content=body, headers={"content-type": "application/json"}
            )

        refused = post(10)  # 10 levels of lists inside two of objects
        assert refused.status_code == 400
        assert refused.json()["detail"] == "the body is nested deeper than 10 levels"
        assert post(8).status_code == 422  # read, and refused for what it says
        in_a_name = {**table, "name": "[" * 80}  # brackets in a string do not nest
        assert client.post("/api/tables", json=in_a_name).status_code == 201
    with make_client() as client:
        deep = b'{"game": "uno-power", "seats": ' + b"[" * 5000 + b"]" * 5000 + b"}"
        refused = client.post("/api/tables", content=deep)
        assert refused.status_code == 400
        assert refused.json()["detail"] == "the body is nested deeper than 400 levels"


# -- item 11: the page's policy, and whom the server believes about addresses --------------


def test_the_pages_connect_to_their_own_origin_only(client: TestClient) -> None:
    """Attack: a script injected into a page sends the table to any host over a
    websocket (``connect-src 'self' ws: wss:`` allowed it before)."""
    policy = client.get("/").headers["content-security-policy"]
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert directives["connect-src"] == ["'self'"]


def _creator(database_url: str, table_id: str) -> str:
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            query = text("SELECT created_by FROM tt_tables WHERE id = :id")
            return str(conn.execute(query, {"id": table_id}).scalar_one())
    finally:
        engine.dispose()


def test_only_named_proxies_may_give_a_client_s_address(tmp_path: Path) -> None:
    """Attack: any process on the server's machine said which address it was (every
    connection from 127.0.0.1 was trusted with X-Forwarded-For), so it could take
    another address's place in every per-address limit."""
    url = f"sqlite:///{tmp_path / 'tabletop.db'}"
    forged = {"X-Forwarded-For": "203.0.113.7"}
    body = {"game": "kung-fu", "seats": [HUMAN, HUMAN]}
    seen = {}
    for proxies in ((), ("--trusted-proxy", "127.0.0.1")):
        server = start_server(url, tmp_path, *proxies)
        try:
            created = server.http.post("/api/tables", json=body, headers=forged)
            assert created.status_code == 201, created.text
            seen[proxies] = _creator(url, created.json()["id"])
        finally:
            server.http.close()
            stop_server_process(server.process)
    assert seen[()] == address_key("127.0.0.1")  # the connection's own address
    assert seen[("--trusted-proxy", "127.0.0.1")] == address_key("203.0.113.7")


def test_trusted_proxies_are_addresses_or_networks(monkeypatch: pytest.MonkeyPatch) -> None:
    import tabletop.server as server

    seen: list[ServerSettings] = []

    def capture(settings: ServerSettings) -> None:
        seen.append(settings)
        raise RuntimeError("stopped before serving")

    monkeypatch.setattr(server, "create_app", capture)
    serve = ["serve", "--port", "0", "--database-url", "sqlite://"]
    result = CliRunner().invoke(cli, serve)
    assert "stopped before serving" in result.output and not seen[-1].trusted_proxies
    many = ["--trusted-proxy", "10.0.0.2, 10.0.0.5", "--trusted-proxy", "10.1.0.0/16"]
    result = CliRunner().invoke(cli, [*serve, *many])
    assert seen[-1].trusted_proxies == ("10.0.0.2", "10.0.0.5", "10.1.0.0/16")
    result = CliRunner().invoke(cli, [*serve, "--trusted-proxy", "nginx.local"])
    assert result.exit_code == 2
    assert "--trusted-proxy nginx.local: not an address or a network" in result.output


# -- item 10: a database that turns read-only or goes away ---------------------------------


class CuttableProxy:
    """A TCP proxy between the server and PostgreSQL that the test cuts (every open
    connection closed, new ones closed at once, as when the database is away) and
    restores: the machine's PostgreSQL, which other tests use, is never stopped."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.listener.getsockname()[1]
        self.is_cut = threading.Event()
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:  # closed: the test is over
                return
            if self.is_cut.is_set():
                client.close()
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._open |= {client, upstream}
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for end in (source, sink):  # one side gone: the other one too
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
        source.close()  # (the other pump closes the other one)

    def cut(self) -> None:
        self.is_cut.set()
        with self._lock:
            for end in self._open:
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
            self._open.clear()

    def restore(self) -> None:
        self.is_cut.clear()

    def close(self) -> None:
        self.cut()
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread
        self.listener.close()


def _admin(sql: str) -> None:
    engine = create_engine(engine_url(POSTGRES_ADMIN), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text(sql))
    finally:
        engine.dispose()


@contextlib.contextmanager
def read_only(client: TestClient, database_url: str) -> Iterator[None]:
    """Every connection the server opens from now on refuses writes. PostgreSQL: the
    database's ``default_transaction_read_only``, and every open connection to it
    ended, as when a standby takes over (the owners' connection too); SQLite:
    ``query_only``. After the block, new connections may write again; those opened
    meanwhile still refuse until the server renews them."""
    url = make_url(database_url)
    if url.get_backend_name() == "postgresql":
        name = url.database
        _admin(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
        _admin(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")
        try:
            yield
        finally:
            _admin(f'ALTER DATABASE "{name}" RESET default_transaction_read_only')
        return
    engine = client.app.state.manager.storage.engine  # type: ignore[attr-defined]
    refusing = {"now": True}

    def query_only(dbapi_connection: Any, _record: Any) -> None:
        if refusing["now"]:
            dbapi_connection.execute("PRAGMA query_only = ON")

    event.listen(engine, "connect", query_only)
    engine.dispose()  # new connections from now on
    try:
        yield
    finally:
        refusing["now"] = False


def _move(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 opens the table and makes a move when it is its turn: the frame that
    answers (an error, or the state once seat 0 decides again or the game is over)."""
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        msg: dict[str, Any] = ws.receive_json()
        while msg["type"] != "error" and not (is_state(msg) and msg["legal"]):
            msg = ws.receive_json()
        if msg["type"] == "error":  # the table could not be opened
            return msg
        action = {"type": "action", "action": msg["legal"][0]["id"], "version": msg["version"]}
        ws.send_json(action)
        while True:
            answer: dict[str, Any] = ws.receive_json()
            if answer["type"] == "error":
                ws.send_json({"type": "ping"})  # the connection outlives the refusal
                assert receive_until(ws, lambda m: m["type"] == "pong")
                return answer
            played = is_state(answer) and answer["version"] > msg["version"]
            if played and (answer["legal"] or answer["result"] is not None):
                return answer


def _move_once_it_works(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    """``_move`` until the database takes it (the server renews its connections, and
    with several processes takes the table back, within a few scans)."""
    deadline = time.monotonic() + DEADLINE_S
    while True:
        answer = _move(client, table)
        if answer["type"] == "state" or time.monotonic() > deadline:
            return answer
        time.sleep(0.05)


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    """What the server warned of; a traceback (or any error), from any logger, fails the
    test. A driver's own warnings are not the server's: psycopg warns, when the fault
    has closed a connection in the middle of a pipeline, that it ignored the error of
    ending it, depending on timing."""
    for record in caplog.records:
        assert record.levelno < logging.ERROR and record.exc_info is None, record.getMessage()
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.WARNING and r.name.split(".")[0] == "tabletop"
    ]


def test_faults_are_logged_once_per_kind_per_interval(caplog: pytest.LogCaptureFixture) -> None:
    from sqlalchemy.exc import OperationalError

    from tabletop.server.faults import FaultLog

    now = {"t": 0.0}
    faults = FaultLog(60.0, clock=lambda: now["t"])
    away = OperationalError("SELECT 1", {}, Exception("connection refused\n[SQL: SELECT]"))
    read_only = OperationalError("UPDATE", {}, sqlite_read_only())
    with caplog.at_level(logging.WARNING):
        for second in range(120):  # two minutes of faults, ten of each kind a second
            now["t"] = float(second)
            for _ in range(10):
                faults.note(away, "GET /api/tables")
                faults.note(read_only, "table t: a bot's move")
    said = [r.getMessage() for r in caplog.records]
    assert said == [
        "the database is unavailable: GET /api/tables failed: connection refused",
        "the database is read-only: table t: a bot's move failed: "
        "attempt to write a readonly database",
        "the database is unavailable: GET /api/tables failed: connection refused "
        "(599 more since the last report)",
        "the database is read-only: table t: a bot's move failed: "
        "attempt to write a readonly database (599 more since the last report)",
    ]


def sqlite_read_only() -> Exception:
    """The error SQLite gives a write to a read-only database."""
    import sqlite3

    conn = sqlite3.connect(":memory:")
    conn.execute("PRAGMA query_only = ON")
    try:
        conn.execute("CREATE TABLE t (a)")
    except sqlite3.OperationalError as exc:
        return exc
    finally:
        conn.close()
    raise AssertionError("query_only let a write through")


def test_a_read_only_database_answers_503_and_loses_nothing(
    make_client: MakeClient, database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Attack (or accident): the database turns read-only (PostgreSQL: a plain 500 for
    a new table and crashed socket handlers before; a warning per request)."""
    caplog.set_level(logging.WARNING)
    settings = {"cluster_scan_s": 0.05, "fault_log_every_s": 3600.0, "bot_pause_s": 0.02}
    with make_client(**settings) as client:
        playing = new_table(
            client, "kung-fu", [HUMAN, bot("random")], options={"first_player": "0"}, claim=0
        )
        waiting = new_table(client, "kung-fu", [HUMAN, HUMAN], claim=0)
        bots = new_table(client, "kung-fu", [bot("random"), bot("random")])  # plays on its own
        before = _move(client, playing)["version"]
        with read_only(client, database_url):
            for _ in range(20):
                created = client.post("/api/tables", json=TWO_PEOPLE)
                assert created.status_code == 503, created.text
                assert "try again" in created.json()["detail"]
            claimed = client.post(f"/api/tables/{waiting['id']}/seats/1/claim", json={})
            assert claimed.status_code == 503 and "try again" in claimed.json()["detail"]
            refused = _move(client, playing)
            assert refused["type"] == "error" and refused["code"] == "server_error"
            stalled = client.get(f"/api/tables/{bots['id']}").json()["version"]
        played = _move_once_it_works(client, playing)
        assert played["type"] == "state" and played["version"] > before
        waiting_now = client.get(f"/api/tables/{waiting['id']}").json()
        assert not waiting_now["seats"][1]["claimed"]  # the refused claim changed nothing
        deadline = time.monotonic() + DEADLINE_S  # the bots' driver plays on
        while client.get(f"/api/tables/{bots['id']}").json()["version"] <= stalled:
            assert time.monotonic() < deadline, "the bots stopped"
            time.sleep(0.05)
        assert client.post("/api/tables", json=TWO_PEOPLE).status_code == 201
    # Twenty refused tables, a claim, moves, bots and scans: each kind of fault said
    # once (and, with several processes, that the tables were let go).
    said = _warnings(caplog)
    assert said and len(said) <= 3, said
    assert any(line.startswith("the database is read-only: ") for line in said)


def test_a_database_out_of_reach_answers_503_and_play_goes_on(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Attack (or accident): PostgreSQL out of reach (768 tracebacks in 20 s from one
    process before: crashed socket handlers, a line per request and per scan)."""
    caplog.set_level(logging.WARNING)
    proxy = CuttableProxy(("127.0.0.1", make_url(postgres_url).port or 5432))
    through = make_url(postgres_url).set(host="127.0.0.1", port=proxy.port)
    settings = test_settings(
        through.render_as_string(hide_password=False),
        cluster_scan_s=0.02,
        fault_log_every_s=3600.0,
    )
    try:
        with TestClient(create_app(settings)) as client:
            manager = client.app.state.manager  # type: ignore[attr-defined]
            playing = new_table(
                client, "kung-fu", [HUMAN, bot("random")], options={"first_player": "0"}, claim=0
            )
            before = _move(client, playing)["version"]
            proxy.cut()
            deadline = time.monotonic() + DEADLINE_S  # a scan finds the owners' connection gone
            while manager.tables:
                assert time.monotonic() < deadline, "the tables were not let go"
                time.sleep(0.02)
            for _ in range(20):
                for path in ("/api/tables", f"/api/tables/{playing['id']}"):
                    answer = client.get(path)
                    assert answer.status_code == 503 and "try again" in answer.json()["detail"]
                refused = _move(client, playing)  # its socket: an error, not a crash
                assert refused["type"] == "error" and refused["code"] == "server_error"
            created = client.post("/api/tables", json=TWO_PEOPLE)
            assert created.status_code == 503
            proxy.restore()
            played = _move_once_it_works(client, playing)
            assert played["type"] == "state" and played["version"] > before
    finally:
        proxy.close()
    # Forty refused requests, twenty sockets and hundreds of scans: two kinds of fault
    # said once each, and the tables let go.
    said = _warnings(caplog)
    assert said and len(said) <= 3, said


def test_a_hello_the_database_refuses_can_be_sent_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person comes back to a seat the replacement bot plays; the database refuses
    to note it: the hello is refused, nothing is half done, and a second hello on the
    same connection takes the seat (before, the connection was greeted but never got
    a state)."""
    from sqlalchemy.exc import OperationalError

    table = new_table(
        client,
        "uno-power",
        [HUMAN, HUMAN],
        options={"target_score": "single_round"},
        claim=0,
        replace_bot="random",
        leave_grace_s=0,
    )
    other = client.post(f"/api/tables/{table['id']}/seats/1/claim", json={}).json()
    url = f"/ws/tables/{table['id']}"
    storage = client.app.state.manager.storage  # type: ignore[attr-defined]
    real = storage.update_seat

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("UPDATE", {}, Exception("attempt to write a readonly database"))

    with client.websocket_connect(url) as friend, client.websocket_connect(url) as ws:
        friend.send_json({"type": "hello", "token": other["token"]})
        receive_until(friend, is_state)
        with client.websocket_connect(url) as first:  # leaves while the friend plays on
            first.send_json({"type": "hello", "token": table["token"]})
            receive_until(first, is_state)
        # The grace of 0 s hands the seat to the replacement bot: the friend sees it.
        receive_until(friend, lambda m: is_state(m) and m["table"]["seats"][0]["replaced"])
        monkeypatch.setattr(storage, "update_seat", refuse)
        ws.send_json({"type": "hello", "token": table["token"]})
        refused = receive_until(ws, lambda m: m["type"] == "error")
        assert "nothing changed" in refused["message"]
        monkeypatch.setattr(storage, "update_seat", real)
        ws.send_json({"type": "hello", "token": table["token"]})
        state = receive_until(ws, is_state)
        assert state["seat"] == 0 and not state["table"]["seats"][0]["replaced"]


def test_the_nesting_scan_stays_linear_on_a_lone_backslash() -> None:
    """Attack: a string that a lone backslash leaves unterminated at the end made the
    scan retry from every quote (quadratic: 3.7 s for 32 KB, on the event loop, for
    every body). A text eight times longer must take about eight times as long, not
    sixty-four: the bound lies 3 times from each. Timed in the thread's own CPU time,
    best of five, so that the other processes of a loaded machine do not count."""
    from tabletop.server.nesting import json_too_deep, toml_too_deep

    def best_of_five(scan: Any, text: str) -> float:
        times = []
        for _ in range(5):
            started = time.thread_time()
            scan(text, 400)
            times.append(time.thread_time() - started)
        return min(times)

    for scan, unit in ((json_too_deep, '\\"'), (toml_too_deep, '"""')):
        small, large = ("[" * 401 + '"' + unit * k + "\\" for k in (4_000, 32_000))
        ratio = best_of_five(scan, large) / best_of_five(scan, small)
        assert ratio < 24, (scan.__name__, ratio)  # linear: about 8; quadratic: about 64

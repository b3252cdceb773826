"""Several ``tabletop serve`` processes on one PostgreSQL database (docs/deploy.md).

People connected to different processes play whole games at one table; the owner
dies (SIGKILL) mid-game and the game finishes through the others; concurrent claims
of one seat through different processes leave one winner; a rolling restart of every
process loses nothing; a second process on a SQLite file is refused.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed

import tabletop
from tabletop.server.engine import engine_url
from tests.server.conftest import _fresh_postgres
from tests.server.helpers import HUMAN, bot
from tests.server.serverproc import (
    LOCAL_PROXIES,
    JsonSocket,
    Server,
    owner_address,
    serve_command,
    start_server,
    stop_server_process,
)

RATE_BURST = 20
RATE_PER_S = 9.0
"""What a player sends at most: under the server's own limit on a connection (30 at
once, 10 a second), which ignores a message past it."""

GAMES = {
    "uno-power": {"target_score": "single_round", "hand_size": 3},  # a short round
    "kung-fu": {},
    "king-of-tokyo": {},
}

DEALS = {"uno-power": 12, "kung-fu": 57, "king-of-tokyo": 44}
"""The known deal (``known_deal``: the table deals the seed itself) of each game in
:func:`test_people_on_different_processes_play_a_whole_game`: the same game each run,
30 to 41 moves long with its players' moves. A secret deal's UNO Power round with
these players lasts from a few moves to over 1,000 (100 to 350 in the middle), a minute
or more at the server's 10 messages a second; the other tests choose theirs likewise."""


@contextmanager
def cluster(url: str, tmp_path: Path, *extra: str, size: int = 3) -> Iterator[list[Server]]:
    with ThreadPoolExecutor(size) as starting:  # together, as a deployment starts them
        servers = list(
            starting.map(lambda _: start_server(url, tmp_path, *LOCAL_PROXIES, *extra), range(size))
        )
    try:
        yield servers
    finally:
        for server in servers:
            server.http.close()
            stop_server_process(server.process)


@pytest.fixture(scope="module")
def three_processes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[Server]]]:
    """Three processes on one fresh PostgreSQL database, and its URL, for the tests that
    only play on them, each at tables of its own (a test that kills or restarts a
    process starts its own): starting three processes costs more than a game."""
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(contextmanager(_fresh_postgres)())  # dropped at the end
        yield url, stack.enter_context(cluster(url, tmp_path_factory.mktemp("cluster")))


def owner_port(url: str, table_id: str) -> int:
    """The port of the process that owns the table (from the database)."""
    return int(owner_address(url, table_id).rstrip("/").rsplit(":", 1)[1])


def port_of(server: Server) -> int:
    return int(server.url.rstrip("/").rsplit(":", 1)[1])


class Player:
    """A person at a seat, connected to one of the processes; on a closed socket it
    connects again, to the next live process, within ``deadline_s``."""

    def __init__(self, servers: list[Server], at: int, table_id: str, token: str) -> None:
        self.servers = servers
        self.at = at
        self.table_id = table_id
        self.token = token
        self.frames: list[dict[str, Any]] = []
        self.conn: Any = None
        self.sockets = contextlib.ExitStack()
        self.reconnects = 0
        self.tokens = float(RATE_BURST)
        self.stamp = time.monotonic()

    def connect(self, deadline_s: float = 10.0) -> dict[str, Any]:
        """Say hello (to the first live process from ``at`` on); the first state."""
        deadline = time.monotonic() + deadline_s
        while True:
            server = self.servers[self.at % len(self.servers)]
            try:
                if server.process.poll() is not None:
                    raise ConnectionRefusedError("stopped")
                self.sockets.close()  # the old socket, if any
                self.conn = self.sockets.enter_context(server.ws(self.table_id))
                ws = JsonSocket(self.conn)
                ws.send_json({"type": "hello", "token": self.token})
                return self.until(lambda m: m["type"] == "state")
            except (OSError, ConnectionClosed, AssertionError, TimeoutError):
                self.at += 1
                assert time.monotonic() < deadline, "no process took the table over in time"

    def until(self, predicate: Any) -> dict[str, Any]:
        ws = JsonSocket(self.conn)
        for _ in range(500):
            msg: dict[str, Any] = ws.receive_json()
            self.frames.append(msg)
            # "busy": the process let the table go, and hangs up so that we reconnect
            if msg["type"] == "error" and msg.get("code") not in ("rate_limited", "busy"):
                raise AssertionError(f"error from the server: {msg}")
            if predicate(msg):
                return msg
        raise AssertionError("no matching message")

    def state_after(self, version: int) -> dict[str, Any]:
        """The first state past ``version``, connecting again if the socket closes."""
        try:
            return self.until(lambda m: m["type"] == "state" and m["version"] > version)
        except (ConnectionClosed, TimeoutError, OSError):
            self.reconnects += 1
            return self.connect()

    def act(self, action: int, version: int) -> None:
        # Within the server's rate: a token bucket like its own, smaller and slower. Each
        # move waits for the state it makes, so the server never receives them faster
        # than they were sent.
        now = time.monotonic()
        self.tokens = min(float(RATE_BURST), self.tokens + (now - self.stamp) * RATE_PER_S)
        self.stamp = now
        if self.tokens < 1:
            time.sleep((1 - self.tokens) / RATE_PER_S)  # pacing to the rate limit, not a race
            self.tokens, self.stamp = 1.0, time.monotonic()
        self.tokens -= 1
        # A closed socket: not acknowledged, the next state tells whether it landed.
        with contextlib.suppress(ConnectionClosed, OSError):
            JsonSocket(self.conn).send_json(
                {"type": "action", "action": action, "version": version}
            )


def play_to_the_end(
    players: list[Player], seed: int | str, between: Any = None, limit: int = 3000
) -> dict[str, Any]:
    """Everyone plays until the game ends, mostly the first legal action, else a random
    one: each a function of ``seed`` and the version, so that a move played again after
    a reconnect is the same move, and a known deal the same game each run.
    ``between(n)`` runs before move ``n`` (kills, restarts)."""
    with contextlib.ExitStack() as sockets:
        for p in players:
            sockets.callback(p.sockets.close)
        return _play(players, seed, between, limit)


def _play(players: list[Player], seed: int | str, between: Any, limit: int) -> dict[str, Any]:
    states = [p.connect() for p in players]
    for n in range(limit):
        newest = max(s["version"] for s in states)
        states = [
            s if s["version"] >= newest else p.state_after(newest - 1)
            for p, s in zip(players, states, strict=True)
        ]
        ended = [s for s in states if s["result"] is not None]
        if ended:
            return ended[0]
        if between is not None:
            between(n)
        movers = [i for i, s in enumerate(states) if s["legal"]]
        assert movers, f"nobody may act at version {newest} and the game goes on"
        mover = movers[0]
        version = states[mover]["version"]
        legal = states[mover]["legal"]
        rng = random.Random(f"{seed}:{version}")
        choice = legal[0] if rng.random() < 0.8 else rng.choice(legal)
        players[mover].act(choice["id"], version)
        # The mover's own next state first: a move sent on a socket that a restart or a
        # kill had closed never reached the table, and the others, whose sockets may
        # still be open, would wait for a state that never comes.
        moved = players[mover].state_after(version)
        if moved["version"] > version:
            states = [
                moved if i == mover else p.state_after(version) for i, p in enumerate(players)
            ]
        else:  # not played: the mover, connected again, plays it now
            states[mover] = moved
    raise AssertionError(f"no end in {limit} moves")


def seen_versions_in_order(player: Player) -> None:
    """One client never sees a version go back nor two different states at one version."""
    by_version: dict[int, str] = {}
    last = -1
    for msg in player.frames:
        if msg["type"] != "state":
            continue
        key = json.dumps(msg["view"], sort_keys=True)
        v = msg["version"]
        assert by_version.setdefault(v, key) == key, f"two states at version {v}"
        if player.reconnects == 0:
            assert v >= last, f"version {v} after {last}"
        last = v


def two_people(server: Server, claimer: Server, game: str, deal: int) -> tuple[str, list[str]]:
    """A table of two people made on ``server``, seat 2 claimed through ``claimer``; it
    deals ``deal`` (known) so that each run plays the same game."""
    response = server.http.post(
        "/api/tables",
        json={
            "game": game,
            "seats": [HUMAN, HUMAN],
            "options": GAMES[game],
            "claim": 0,
            "seed": deal,
            "known_deal": True,
        },
    )
    assert response.status_code == 201, response.text
    table = response.json()
    claim = claimer.http.post(f"/api/tables/{table['id']}/seats/1/claim", json={"name": "bo"})
    assert claim.status_code == 200, claim.text
    return table["id"], [table["token"], claim.json()["token"]]


def replayed(server: Server, table_id: str, final: dict[str, Any]) -> None:
    record = server.http.get(f"/api/tables/{table_id}/record").json()
    state = tabletop.GameRecord.from_dict(record).replay()
    assert state.is_terminal() and state.winners() == final["result"]["winners"]
    assert len(record["actions"]) == final["version"]  # each ply once


@pytest.mark.parametrize("game", sorted(GAMES))
def test_people_on_different_processes_play_a_whole_game(
    game: str, three_processes: tuple[str, list[Server]]
) -> None:
    url, servers = three_processes
    a, b, c = servers
    table_id, tokens = two_people(a, b, game, DEALS[game])  # made on a, claimed through b
    assert owner_port(url, table_id) == port_of(a)
    players = [Player(servers, 1, table_id, tokens[0]), Player(servers, 2, table_id, tokens[1])]
    final = play_to_the_end(players, game)
    for p in players:
        seen_versions_in_order(p)
    replayed(c, table_id, final)


def test_the_owner_killed_mid_game_the_others_finish_it(postgres_url: str, tmp_path: Path) -> None:
    with cluster(postgres_url, tmp_path) as servers:
        a = servers[0]
        table_id, tokens = two_people(a, servers[1], "uno-power", 72)  # 36 moves
        players = [Player(servers, 1, table_id, tokens[0]), Player(servers, 2, table_id, tokens[1])]
        took_over: list[float] = []

        def kill_the_owner(move: int) -> None:
            if move == 6:
                a.process.send_signal(signal.SIGKILL)
                a.process.wait(timeout=20)
                took_over.append(time.monotonic())

        final = play_to_the_end(players, 3, kill_the_owner)
        assert took_over and all(p.reconnects for p in players)  # both were relayed to a
        new_owner = owner_port(postgres_url, table_id)
        assert new_owner in (port_of(servers[1]), port_of(servers[2]))
        replayed(servers[1], table_id, final)


LOCK_HOLDER = (
    "SELECT l.pid FROM pg_locks l JOIN tt_tables t ON l.objid = hashtext(t.id)::oid "
    "WHERE t.id = :id AND l.locktype = 'advisory' AND l.classid = 7474 AND l.granted"
)


def cut_the_owners_connection(database_url: str, table_id: str) -> None:
    """End the database connection that holds the table's lock (as a network cut or a
    proxy's idle timeout would), then wait until a process holds the lock again."""
    engine = create_engine(engine_url(database_url), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            cut = conn.execute(text(LOCK_HOLDER), {"id": table_id}).scalar_one()
            conn.execute(text("SELECT pg_terminate_backend(:pid, 10000)"), {"pid": cut})
            deadline = time.monotonic() + 20
            while conn.execute(text(LOCK_HOLDER), {"id": table_id}).scalar() in (None, cut):
                assert time.monotonic() < deadline, "nobody took the table's lock again"
                time.sleep(0.05)  # polling the real condition, bounded by the deadline
    finally:
        engine.dispose()


def test_an_owner_that_loses_its_database_connection_lets_its_tables_go(
    postgres_url: str, tmp_path: Path
) -> None:
    """The owner's lock connection is cut mid-game while the process lives on: the lock
    is gone, so another process may take the table. The old owner must stop playing
    it (its clients reconnect) instead of playing on beside the new one, and no move
    it still accepts may extend a log that the new owner has already read."""
    with cluster(postgres_url, tmp_path, size=2) as servers:
        a, b = servers
        table_id, tokens = two_people(a, b, "uno-power", 26)  # 37 moves
        players = [Player(servers, 0, table_id, tokens[0]), Player(servers, 0, table_id, tokens[1])]

        def cut(move: int) -> None:
            if move == 4:
                cut_the_owners_connection(postgres_url, table_id)

        final = play_to_the_end(players, 4, cut)
        assert a.process.poll() is None  # the process lives on, with a new connection
        assert all(p.reconnects for p in players)  # it hung up on both
        for p in players:
            seen_versions_in_order(p)
        replayed(b, table_id, final)


def test_a_seat_claimed_through_three_processes_has_one_holder(
    three_processes: tuple[str, list[Server]],
) -> None:
    _, servers = three_processes
    for attempt in range(5):
        response = servers[attempt % 3].http.post(
            "/api/tables", json={"game": "kung-fu", "seats": [HUMAN, HUMAN], "claim": 0}
        )
        table_id = response.json()["id"]
        codes = claim_at_once(servers, f"/api/tables/{table_id}/seats/1/claim")
        assert sorted(codes) == [200, 409, 409], codes
        summary = servers[2].http.get(f"/api/tables/{table_id}").json()
        assert summary["status"] == "playing"


def claim_at_once(servers: list[Server], path: str) -> list[int]:
    """The status codes of one claim sent through every process at the same moment."""
    codes: list[int] = []
    start = threading.Barrier(len(servers))

    def claim(server: Server) -> None:
        start.wait()
        codes.append(server.http.post(path, json={"name": "x"}).status_code)

    threads = [threading.Thread(target=claim, args=(s,)) for s in servers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return codes


def test_a_rolling_restart_of_every_process_loses_nothing(
    postgres_url: str, tmp_path: Path
) -> None:
    pacing = ("--bot-pause", "0.05")  # the bots' game lasts through the restarts
    with cluster(postgres_url, tmp_path, *pacing) as servers:
        table_id, tokens = two_people(servers[0], servers[1], "uno-power", 44)  # 25 moves
        bots_only = (
            servers[2]
            .http.post(
                "/api/tables",
                json={
                    "game": "uno-power",
                    "options": {"target_score": "single_round"},
                    "seats": [bot("heuristic"), bot("easy"), bot("random")],
                    "seed": 8,  # known: 100 moves, which outlast the restarts
                    "known_deal": True,
                },
            )
            .json()["id"]
        )
        players = [Player(servers, 1, table_id, tokens[0]), Player(servers, 2, table_id, tokens[1])]

        def restart(move: int) -> None:
            if move in (4, 8, 12):
                k = move // 4 - 1
                stop_server_process(servers[k].process)  # SIGTERM: lets its tables go
                servers[k].http.close()
                servers[k] = start_server(postgres_url, tmp_path, *LOCAL_PROXIES, *pacing)

        final = play_to_the_end(players, 5, restart)
        replayed(servers[0], table_id, final)
        deadline = time.monotonic() + 120
        while servers[0].http.get(f"/api/tables/{bots_only}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the bots' game stopped"
            time.sleep(0.2)  # polling the real condition, bounded by the deadline
        record = servers[0].http.get(f"/api/tables/{bots_only}/record").json()
        assert tabletop.GameRecord.from_dict(record).replay().is_terminal()


def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    first = start_server(url, tmp_path)
    try:
        second = subprocess.run(serve_command(url), capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        assert "SQLite database serves one process" in second.stderr
        assert "PostgreSQL" in second.stderr
        assert first.http.get("/api/health").status_code == 200
    finally:
        first.http.close()
        stop_server_process(first.process)


def test_a_new_owners_connection_ends_the_old_one_that_did_not_hear_goodbye(
    postgres_url: str,
) -> None:
    """After a network cut, PostgreSQL's side of the old connection may not know yet
    that nobody is there, and keeps the locks: the new connection ends it."""
    import asyncio

    from tabletop.server.cluster import Shared
    from tabletop.server.storage import Storage

    Storage(postgres_url).close()  # the tables

    async def run() -> tuple[int, Any, Any]:
        cluster = Shared(postgres_url, "http://127.0.0.1:1")
        await cluster.start()
        assert await cluster.own("t1")
        old = cluster._conn

        async def unheard() -> None:  # the goodbye is lost on the cut network
            return None

        old.close = unheard
        old_pid = old.info.backend_pid
        await cluster.reconnect()
        holder = await (
            await cluster._conn.execute(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = 7474 "
                "AND objid = hashtext('t1')::oid AND granted"
            )
        ).fetchone()
        alive = await (
            await cluster._conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE pid = %s", (old_pid,)
            )
        ).fetchone()
        await cluster.stop()
        return old_pid, holder, alive

    _, holder, alive = asyncio.run(run())
    assert alive == (0,) and holder == (0,)

"""The real server process: ``tabletop serve`` prints its address, and a SIGKILL
in the middle of a game loses nothing (on SQLite and on PostgreSQL)."""

from __future__ import annotations

import signal
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import tabletop
from tests.server.helpers import HUMAN, bot, check_private, is_state, play, receive_until
from tests.server.serverproc import JsonSocket, running_server


def _children(pid: int) -> list[int]:
    """Process ids whose parent is ``pid`` (from /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _wait_gone(pids: list[int], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while any(Path(f"/proc/{p}").exists() for p in pids):
        assert time.monotonic() < deadline, f"processes {pids} outlived the server"
        time.sleep(0.05)  # polling the real condition, bounded by the deadline


def test_sigkill_mid_game_loses_nothing(database_url: str, tmp_path: Path) -> None:
    frames: list[dict[str, Any]] = []
    with running_server(database_url, tmp_path) as server:
        response = server.http.post(
            "/api/tables",
            json={
                "game": "uno-power",
                "seats": [HUMAN, bot("heuristic"), bot("easy")],
                "options": {"target_score": "single_round"},
                "seed": 21,
                "known_deal": True,  # this deal lasts longer than five moves
                "claim": 0,
            },
        )
        assert response.status_code == 201, response.text
        table = response.json()
        with server.ws(table["id"]) as conn:
            ws = JsonSocket(conn)
            ws.send_json({"type": "hello", "token": table["token"]})
            msg = receive_until(ws, is_state, frames)
            msg, moves = play(ws, msg, lambda m, i: m["legal"][0]["id"], frames, max_moves=5)
        assert moves == 5 and msg["result"] is None
        seen_version = msg["version"]
        workers = _children(server.process.pid)
        assert workers  # the bots played in a worker process
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(timeout=20)
        _wait_gone(workers)  # no orphaned workers after a crash

    with running_server(database_url, tmp_path) as server:
        summary = server.http.get(f"/api/tables/{table['id']}").json()
        assert summary["version"] == seen_version  # every action a client saw is there
        with server.ws(table["id"]) as conn:
            ws = JsonSocket(conn)
            ws.send_json({"type": "hello", "token": table["token"]})
            again = receive_until(ws, is_state, frames)
            assert again["seat"] == 0
            assert again["view"] == msg["view"] and again["legal"] == msg["legal"]
            final, _ = play(ws, again, lambda m, i: m["legal"][0]["id"], frames)
        assert final["result"] is not None
        record = server.http.get(f"/api/tables/{table['id']}/record").json()
    # The whole game, across the crash, replays to the same result.
    state = tabletop.GameRecord.from_dict(record).replay()
    assert state.winners() == final["result"]["winners"]
    assert check_private(frames, record, 0) > 0


def test_sigterm_stops_a_busy_server_within_ten_seconds(database_url: str, tmp_path: Path) -> None:
    """Twenty tables of six hard bots, spectators watching: SIGTERM ends it in time,
    and every stored game rebuilds on the next start."""
    with running_server(database_url, tmp_path) as server, ExitStack() as sockets:
        ids = []
        for _ in range(20):
            response = server.http.post(
                "/api/tables", json={"game": "uno-power", "seats": [bot("hard")] * 6}
            )
            assert response.status_code == 201, response.text
            ids.append(response.json()["id"])
        for table_id in ids[:5]:  # spectators watching some of them
            conn = sockets.enter_context(server.ws(table_id))
            conn.send('{"type": "hello"}')
            receive_until(JsonSocket(conn), lambda m: is_state(m) and m["version"] > 0)
        workers = _children(server.process.pid)
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(timeout=10)  # raises if it is still running after 10 s
        assert time.monotonic() - started < 10
        _wait_gone(workers)
    with running_server(database_url, tmp_path) as server:  # every table rebuilds
        for table_id in ids:
            summary = server.http.get(f"/api/tables/{table_id}").json()
            assert summary["status"] in ("playing", "over")

"""The real server process: ``tabletop serve`` prints its address, and a SIGKILL
in the middle of a game loses nothing (on SQLite and on PostgreSQL)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

import tabletop
from tests.server.helpers import HUMAN, bot, check_private, is_state, play, receive_until

ADDRESS = re.compile(r"open (http://[^ ]+/) in your browser")
START_TIMEOUT_S = 60


class Server:
    def __init__(self, process: subprocess.Popen[str], url: str) -> None:
        self.process = process
        self.url = url
        self.http = httpx.Client(base_url=url, timeout=30)

    def ws(self, table_id: str) -> ClientConnection:
        return connect(self.url.replace("http", "ws", 1) + f"ws/tables/{table_id}", open_timeout=30)


@contextmanager
def running_server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    """``tabletop serve`` on a free port, with one bot worker process."""
    command = [
        sys.executable,
        "-c",
        "from tabletop.cli.main import app; app()",
        "serve",
        "--port",
        "0",
        "--database-url",
        database_url,
        "--bot-workers",
        "1",
        "--bot-pause",
        "0",
        "--snapshot-every",
        "5",
    ]
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # printed once the socket listens
        match = ADDRESS.search(line)
        assert match, f"unexpected first line: {line!r}"
        server = Server(process, match.group(1))
        yield server
        server.http.close()
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


class JsonSocket:
    """The helpers' ``receive_json``/``send_json`` over a websockets connection."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn

    def receive_json(self) -> Any:
        return json.loads(self.conn.recv(timeout=60))

    def send_json(self, data: Any) -> None:
        self.conn.send(json.dumps(data))


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
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(timeout=20)

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

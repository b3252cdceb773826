"""A real ``tabletop serve`` process on a free port, for the process and browser tests."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text
from websockets.sync.client import ClientConnection, connect

from tabletop.server.engine import engine_url

ADDRESS = re.compile(r"open (http://[^ ]+/) in your browser")

LOCAL_PROXIES = ("--trusted-proxy", "127.0.0.1")
"""The options of processes that run as docs/deploy.md runs them on one machine: each
trusts nginx and the other processes, all on 127.0.0.1, to forward a client's address
(a process that relays a request sends it on)."""


class Server:
    def __init__(self, process: subprocess.Popen[str], url: str) -> None:
        self.process = process
        self.url = url
        self.http = httpx.Client(base_url=url, timeout=30)

    def ws(self, table_id: str) -> ClientConnection:
        return connect(self.url.replace("http", "ws", 1) + f"ws/tables/{table_id}", open_timeout=30)


def serve_command(database_url: str, *extra: str) -> list[str]:
    """The command line of ``tabletop serve`` on a free port with ``database_url``."""
    return [
        sys.executable,
        "-c",
        "from tabletop.cli.main import app; app()",
        "serve",
        "--port",
        "0",
        "--database-url",
        database_url,
        *extra,
    ]


def start_server(database_url: str, tmp_path: Path, *extra: str, log: Path | None = None) -> Server:
    """``tabletop serve`` on a free port, with one bot worker process; ``extra`` are more
    command-line options (a later option wins), ``log`` keeps its standard error."""
    command = serve_command(
        database_url,
        "--bot-workers",
        "1",
        "--bot-pause",
        "0",
        "--answer-pace",
        "0",
        "--snapshot-every",
        "5",
        *extra,
    )
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    with contextlib.ExitStack() as files:
        errors = files.enter_context(log.open("w")) if log is not None else subprocess.DEVNULL
        process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=errors, text=True, env=env
        )
    assert process.stdout is not None
    line = process.stdout.readline()  # printed once the socket listens
    match = ADDRESS.search(line)
    if not match:
        stop_server_process(process)
        shown = log.read_text()[-2000:] if log is not None else ""
        raise AssertionError(f"unexpected first line: {line!r} {shown}")
    return Server(process, match.group(1))


def stop_server_process(process: subprocess.Popen[str]) -> None:
    """SIGTERM (a graceful stop), then SIGKILL if it takes over 20 seconds."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def running_server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    """``tabletop serve`` on a free port, with one bot worker process."""
    server = start_server(database_url, tmp_path)
    try:
        yield server
        server.http.close()
    finally:
        stop_server_process(server.process)


def owner_address(database_url: str, table_id: str) -> str:
    """The address (``http://host:port/``) of the process that owns the table."""
    engine = create_engine(engine_url(database_url))
    try:
        with engine.connect() as conn:
            row = conn.execute(
                text(
                    "SELECT p.address FROM tt_tables t JOIN tt_processes p ON p.id = t.owner "
                    "WHERE t.id = :id"
                ),
                {"id": table_id},
            ).one()
    finally:
        engine.dispose()
    return str(row[0]).rstrip("/") + "/"


class JsonSocket:
    """The helpers' ``receive_json``/``send_json`` over a websockets connection."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn

    def receive_json(self) -> Any:
        return json.loads(self.conn.recv(timeout=60))

    def send_json(self, data: Any) -> None:
        self.conn.send(json.dumps(data))

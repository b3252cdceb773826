"""Two ``tabletop serve`` processes on one PostgreSQL database behind a real nginx,
run with the shipped configuration (deploy/nginx/tabletop.conf, docs/deploy.md).

The test changes only what a machine decides in that file: the listening ports, the
upstream processes and the certificate (a throwaway self-signed one), so TLS
termination, the redirect, the websocket upgrade, the forwarded headers and
``proxy_next_upstream`` are the real ones. Through nginx alone, two people play a
whole UNO Power round; the process that owns their table is killed (SIGKILL) halfway,
they reconnect through nginx, the other process has taken the table over from the
stored log, and they finish. The record replays to the same result.

nginx (Debian's ``nginx`` package) and ``openssl`` are needed: without them the test
is skipped, except under ``CI=true``, where it fails (``.ci/run`` installs nginx).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

import tabletop
from tests.server.conftest import IN_CI
from tests.server.serverproc import (
    LOCAL_PROXIES,
    Server,
    owner_address,
    start_server,
    stop_server_process,
)

ROOT = Path(__file__).resolve().parents[2]
SHIPPED_CONFIG = ROOT / "deploy" / "nginx" / "tabletop.conf"
SEED = 36  # a known deal and seeded random choices: the same round of 80 actions
KILL_AFTER = 40  # actions played before the owner is killed
DEADLINE_S = 30.0  # for every condition polled below
SEND_PER_S = 8.0  # the server takes 10 messages a second from one connection


def _missing(what: str) -> None:
    if IN_CI:
        pytest.fail(f"{what} (CI=true: the nginx test must run; .ci/run installs nginx)")
    pytest.skip(what)


@pytest.fixture
def nginx() -> str:
    """The nginx binary (skipped where it is missing, except under CI=true)."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
    if found is None:
        _missing("nginx is not installed (Debian: apt-get install nginx)")
    if shutil.which("openssl") is None:
        _missing("openssl is not installed (it makes the test's certificate)")
    assert found is not None
    return found


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# -- the server processes (the pattern of serverproc.running_server) -------------------


@contextmanager
def serving(database_url: str, tmp_path: Path, name: str) -> Iterator[Server]:
    """``tabletop serve`` on a free port of 127.0.0.1 (its default --advertise-url is
    then right for the other process), trusting nginx and the other process to
    forward a client's address, its log in ``tmp_path/name.log``."""
    server = start_server(
        database_url, tmp_path, *LOCAL_PROXIES, "--bot-workers", "0", log=tmp_path / f"{name}.log"
    )
    try:
        yield server
    finally:
        server.http.close()
        stop_server_process(server.process)


# -- nginx ------------------------------------------------------------------------------


def _replace(config: str, pattern: str, new: str, count: int = 1) -> str:
    """``config`` with each line matching ``pattern`` replaced; the shipped file must
    hold exactly ``count`` of them, so that the test runs what is shipped."""
    regex = re.compile(rf"^([ \t]*){pattern}[ \t]*$", re.MULTILINE)
    found = len(regex.findall(config))
    assert found == count, f"{SHIPPED_CONFIG}: {found} lines match {pattern!r}, not {count}"
    return regex.sub(lambda m: m.group(1) + new if new else "", config)


def site_config(http_port: int, https_port: int, upstreams: list[str], tls: Path) -> str:
    """The shipped site with this machine's ports, processes and certificate."""
    config = SHIPPED_CONFIG.read_text()
    servers = re.compile(r"^([ \t]*)server 127\.0\.0\.1:\d+ ([^;\n]*);$", re.MULTILINE)
    first = servers.search(config)
    assert first and len(servers.findall(config)) >= 2, "the upstream lists two processes"
    indent, params = first.group(1), first.group(2)
    lines = "\n".join(f"{indent}server {u} {params};" for u in upstreams)
    config = servers.sub("", config, count=0)
    config = config[: first.start()] + lines + config[first.start() :]
    config = _replace(config, r"listen 80;", f"listen 127.0.0.1:{http_port};")
    config = _replace(config, r"listen \[::\]:80;", "")
    config = _replace(config, r"listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl;")
    config = _replace(config, r"listen \[::\]:443 ssl http2;", "")
    config = _replace(config, r"ssl_certificate \S+;", f"ssl_certificate {tls / 'cert.pem'};")
    return _replace(config, r"ssl_certificate_key \S+;", f"ssl_certificate_key {tls / 'key.pem'};")


def make_certificate(folder: Path) -> None:
    folder.mkdir()
    command = "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes"
    subject = "-days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1"
    files = ["-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")]
    subprocess.run(
        [*command.split(), *subject.split(), *files],
        check=True,
        capture_output=True,
    )


@contextmanager
def running_nginx(nginx: str, tmp_path: Path, upstreams: list[str]) -> Iterator[dict[str, Any]]:
    """nginx in the foreground (a child of the test, not a daemon), everything it
    writes inside ``tmp_path``; yields its addresses and the TLS context to trust."""
    home = tmp_path / "nginx"
    home.mkdir()
    make_certificate(home / "tls")
    http_port, https_port = _free_port(), _free_port()
    (home / "tabletop.conf").write_text(site_config(http_port, https_port, upstreams, home / "tls"))
    temp = "\n".join(
        f"    {kind}_temp_path {home / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers must reach tmp_path
    (home / "nginx.conf").write_text(
        f"{user}daemon off;\nworker_processes 1;\npid {home / 'nginx.pid'};\n"
        f"error_log {home / 'error.log'} info;\n"
        "events { worker_connections 256; }\n"
        f"http {{\n    access_log {home / 'access.log'};\n{temp}\n"
        f"    include {home / 'tabletop.conf'};\n}}\n"
    )
    check = subprocess.run(
        [nginx, "-t", "-p", str(home), "-c", str(home / "nginx.conf"), "-e", "stderr"],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stderr
    process = subprocess.Popen(
        [nginx, "-p", str(home), "-c", str(home / "nginx.conf"), "-e", str(home / "error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + DEADLINE_S
        while True:  # poll: nginx listens, or it has exited
            assert process.poll() is None, (home / "error.log").read_text()[-2000:]
            try:
                socket.create_connection(("127.0.0.1", https_port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "nginx did not listen in time"
                time.sleep(0.05)
        context = ssl.create_default_context(cafile=str(home / "tls" / "cert.pem"))
        yield {
            "http": f"http://127.0.0.1:{http_port}",
            "https": f"https://127.0.0.1:{https_port}",
            "wss": f"wss://127.0.0.1:{https_port}",
            "tls": context,
            "error_log": home / "error.log",
        }
    finally:
        process.send_signal(signal.SIGQUIT)  # a graceful stop
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# -- two people at a table, through nginx ----------------------------------------------


class Seat:
    """One person's websocket through nginx."""

    def __init__(self, index: int, token: str, url: str, tls: ssl.SSLContext) -> None:
        self.index = index
        self.token = token
        self.url = url
        self.tls = tls
        self.conn: ClientConnection | None = None
        self.last: dict[str, Any] = {}  # the newest state message
        self._socket = ExitStack()
        self._next_send = 0.0

    def connect(self) -> None:
        """Connect and say hello until a state comes: while the table changes owners
        a connection may be refused or closed (1012): then try again, to a deadline."""
        deadline = time.monotonic() + DEADLINE_S
        while True:
            self.close()
            try:
                self.conn = self._socket.enter_context(
                    connect(self.url, ssl=self.tls, open_timeout=10)
                )
                self.send({"type": "hello", "token": self.token})
                self.read_until(lambda m: m["type"] == "state")
                return
            except (ConnectionClosed, InvalidHandshake, OSError, RetryLater) as exc:
                assert time.monotonic() < deadline, f"seat {self.index} cannot reconnect: {exc}"
                time.sleep(0.1)  # polling the real condition, bounded by the deadline

    def close(self) -> None:
        self._socket.close()
        self.conn = None

    def send(self, message: dict[str, Any]) -> None:
        """Send at most SEND_PER_S messages a second, within the server's limit for
        one connection (people are slower than this test)."""
        assert self.conn is not None
        pause = self._next_send - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        self._next_send = time.monotonic() + 1 / SEND_PER_S
        self.conn.send(json.dumps(message))

    def read_until(self, predicate: Any) -> dict[str, Any]:
        assert self.conn is not None
        while True:
            msg: dict[str, Any] = json.loads(self.conn.recv(timeout=DEADLINE_S))
            if msg["type"] == "error":
                if msg.get("code") == "server_error":  # the table is changing servers
                    raise RetryLater(msg["message"])
                raise AssertionError(f"seat {self.index}: unexpected error {msg}")
            if msg["type"] == "state":
                assert msg["seat"] == self.index
                self.last = msg
            if predicate(msg):
                return msg

    def catch_up(self, version: int) -> None:
        if self.last.get("version", -1) < version:
            self.read_until(lambda m: m["type"] == "state" and m["version"] >= version)

    def closed_code(self) -> int:
        """Read until the socket closes; its close code (1006: no close frame)."""
        assert self.conn is not None
        try:
            while True:
                self.conn.recv(timeout=DEADLINE_S)
        except ConnectionClosed:
            pass
        code = self.conn.close_code
        return 1006 if code is None else code


class RetryLater(Exception):
    pass


def play(seats: list[Seat], rng: random.Random, sent: dict[int, int], stop_at: int) -> None:
    """Seeded random legal actions, from whichever seat must decide, until the game
    ends or ``stop_at`` actions were sent; ``sent`` maps version -> action."""
    while len(sent) < stop_at:
        version = max(s.last["version"] for s in seats)
        for seat in seats:
            seat.catch_up(version)
        if any(s.last["version"] != version for s in seats):
            continue  # something more happened meanwhile: catch up again
        if seats[0].last["result"] is not None:
            return
        deciding = [s for s in seats if s.last["legal"]]
        assert deciding, f"nobody may act at version {version}"
        seat = deciding[0]
        action = rng.choice(seat.last["legal"])["id"]
        seat.send({"type": "action", "action": action, "version": version})
        sent[version] = action
        seat.catch_up(version + 1)


def wait_healthy(url: str) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while True:
        try:
            if httpx.get(url + "api/health", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, f"{url} is not healthy in time"
        time.sleep(0.05)  # polling the real condition, bounded by the deadline


def test_a_game_through_nginx_survives_its_owner_being_killed(
    nginx: str, postgres_url: str, tmp_path: Path
) -> None:
    with ExitStack() as stack:
        processes = []
        for i in range(2):
            processes.append(stack.enter_context(serving(postgres_url, tmp_path, f"serve-{i}")))
            # The first alone until it answers: processes starting together on a fresh
            # database can collide making the server's secret (Storage.secret).
            wait_healthy(processes[-1].url)
        upstreams = [p.url.removeprefix("http://").rstrip("/") for p in processes]
        proxy = stack.enter_context(running_nginx(nginx, tmp_path, upstreams))
        web = stack.enter_context(httpx.Client(base_url=proxy["https"], verify=proxy["tls"]))

        # Plain HTTP only redirects; the pages and static files come from the processes.
        redirect = httpx.get(proxy["http"] + "/tables/abc?x=1")
        assert redirect.status_code == 301
        assert redirect.headers["location"] == "https://127.0.0.1/tables/abc?x=1"
        assert web.get("/").status_code == 200
        script = web.get("/static/table.js", headers={"Accept-Encoding": "gzip"})
        assert script.status_code == 200 and "javascript" in script.headers["content-type"]
        assert script.headers.get("content-encoding") == "gzip"
        assert "strict-transport-security" in script.headers

        # An account behind the proxy: the cookie is Secure (the proxy says HTTPS), and
        # a signed-in request from the site's own https origin, port and all, is taken.
        with httpx.Client(base_url=proxy["https"], verify=proxy["tls"]) as browser:
            site = {"origin": proxy["https"]}
            body = {"name": "Ann", "password": "a long pass phrase"}
            signed = browser.post("/api/account/signup", json=body, headers=site)
            assert signed.status_code == 201, signed.text
            assert "Secure" in signed.headers["set-cookie"]
            elsewhere = {"origin": proxy["https"].replace("https", "http")}
            assert browser.post("/api/account/signout", headers=elsewhere).status_code == 403
            assert browser.post("/api/account/signout", headers=site).status_code == 204

        response = web.post(
            "/api/tables",
            json={
                "game": "uno-power",
                "seats": [{"kind": "human"}, {"kind": "human"}],
                "options": {"target_score": "single_round"},
                "seed": SEED,
                "known_deal": True,  # the same round every run
                "claim": 0,
                "name": "Ann",
            },
        )
        assert response.status_code == 201, response.text
        table = response.json()
        claim = web.post(f"/api/tables/{table['id']}/seats/1/claim", json={"name": "Bob"})
        assert claim.status_code == 200, claim.text
        url = f"{proxy['wss']}/ws/tables/{table['id']}"
        seats = [
            Seat(0, table["token"], url, proxy["tls"]),
            Seat(1, claim.json()["token"], url, proxy["tls"]),
        ]
        for seat in seats:
            seat.connect()

        rng = random.Random(SEED)
        sent: dict[int, int] = {}
        play(seats, rng, sent, stop_at=KILL_AFTER)
        assert len(sent) == KILL_AFTER and seats[0].last["result"] is None, "ended too soon"
        for seat in seats:
            seat.catch_up(max(s.last["version"] for s in seats))
        seen = {s.index: s.last for s in seats}

        # Kill the owner: each socket closes, 1012 from the process that relayed it,
        # or with no close frame from nginx when it went straight to the owner.
        owner = owner_address(postgres_url, table["id"])
        (victim,) = [p for p in processes if p.url == owner]
        (survivor,) = [p for p in processes if p is not victim]
        victim.process.send_signal(signal.SIGKILL)
        victim.process.wait(timeout=DEADLINE_S)
        for seat in seats:
            assert seat.closed_code() in (1012, 1006)

        # nginx skips the dead process: every request is answered.
        for _ in range(6):
            assert web.get("/api/health").status_code == 200

        for seat in seats:  # reconnect through nginx: the survivor took the table over
            seat.connect()
            again = seat.last
            assert again["version"] == seen[seat.index]["version"]  # nothing lost
            assert again["view"] == seen[seat.index]["view"]
            assert again["legal"] == seen[seat.index]["legal"]
        assert owner_address(postgres_url, table["id"]) == survivor.url

        play(seats, rng, sent, stop_at=10_000)
        final = seats[0].last
        assert final["result"] is not None and seats[1].last["result"] == final["result"]
        assert len(sent) > KILL_AFTER

        record = web.get(f"/api/tables/{table['id']}/record")
        assert record.status_code == 200, record.text
        record_data = record.json()
        for seat in seats:
            seat.close()
    assert all(record_data["actions"][v] == a for v, a in sent.items())
    assert len(record_data["actions"]) == final["version"]
    state = tabletop.GameRecord.from_dict(record_data).replay()
    assert state.winners() == final["result"]["winners"]

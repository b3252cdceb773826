"""A soak test of ``tabletop serve``: many tables, people, bots, spectators, hostile
clients and crashes, for minutes; then a check that nothing acknowledged was lost.

Runs the real ``tabletop serve`` (its default limits, a short bot pause) on loopback
with a SQLite file in a temporary folder, or on ``--database-url``. It keeps
``--tables`` tables going (a finished one is replaced by a new one):

- half with one person and two heuristic bots (UNO Power), a quarter with two people
  (Kung Fu), a quarter of bots only (King of Tokyo);
- the Kung Fu players are accounts: each signs up once, then makes every seat it
  takes its own (``/api/account/seats``) and checks, before each game, that its
  session still opens its account;
- people play a random legal action after a short thought, ask for a hint now and
  then, and drop their connection and come back now and then; spectators come and go;
- hostile clients, each from its own address: floods of messages, frames that are not
  JSON, sockets that never say hello, headers sent a byte at a time, 1 MB bodies;
- every ``--restart-every`` seconds the server is killed with SIGKILL and started
  again on the same database; the clients reconnect.

Each simulated client comes from its own loopback address (127.0.x.y), as people do,
so that the per-address limits bear on the hostile clients and not on everybody.

It reports actions/s (all committed actions over the run), the p50/p99 latency of
people's actions (sending to receiving the state that holds them), the server's
memory (RSS) over time, and, at the end, checks against the database that every
action a client was shown is stored, that every table's stored log replays to its
state (from the newest snapshot and from the start alike), and that every seat an
account was told it holds is its own (and no session a client was given was lost).

    python benchmarks/soak_server.py --minutes 30 --tables 200
    python benchmarks/soak_server.py --minutes 30 --tables 200 \\
        --database-url postgresql://postgres@127.0.0.1/soak
    python benchmarks/soak_server.py --minutes 0.5 --tables 12 --restart-every 12  # short
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

ADDRESS = re.compile(r"open (http://\S+/) in your browser")


@dataclass
class Soak:
    """What the run saw: acknowledged versions, latencies, memory, refusals."""

    acked: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    latencies: list[float] = field(default_factory=list)
    memory: list[tuple[float, int, int]] = field(default_factory=list)  # (t, life, kB)
    restarts: int = 0
    refused: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    client_errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    tables: list[str] = field(default_factory=list)
    # (account name, table, seat) of every seat the server said it linked to the account
    linked: list[tuple[str, str, int]] = field(default_factory=list)
    sessions_lost: int = 0


class Server:
    """``tabletop serve`` on a fixed port, killed and started again at will."""

    def __init__(self, database_url: str, folder: Path, port: int) -> None:
        self.database_url = database_url
        self.folder = folder
        self.port = port
        self.process: subprocess.Popen[str] | None = None
        self.url = f"http://127.0.0.1:{port}/"
        self.life = 0

    def start(self) -> None:
        command = [
            sys.executable,
            "-c",
            "from tabletop.cli.main import app; app()",
            "serve",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
            "--bot-pause",
            "0.05",
            "--bot-workers",
            "2",
        ]
        env = {**os.environ, "XDG_DATA_HOME": str(self.folder)}
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not ADDRESS.search(line):
            raise RuntimeError(f"the server did not start: {line!r}")
        self.life += 1

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=30)

    def rss_kb(self) -> int:
        if self.process is None or self.process.poll() is not None:
            return 0
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return 0
        match = re.search(r"VmRSS:\s+(\d+) kB", status)
        return int(match.group(1)) if match else 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def address(group: int, n: int) -> str:
    """The loopback address of simulated client ``n`` of ``group``."""
    return f"127.{group}.{n // 250 % 250}.{n % 250 + 1}"


# -- people ------------------------------------------------------------------------------


async def person(
    server: Server, table_id: str, token: str, n: int, soak: Soak, stop: asyncio.Event
) -> None:
    """Plays a seat to the end of its game, reconnecting through crashes and drops."""
    rng = random.Random(n)
    ws_url = server.url.replace("http", "ws", 1) + f"ws/tables/{table_id}"
    while not stop.is_set():
        try:
            async with connect(
                ws_url, proxy=None, open_timeout=10, local_addr=(address(1, n), 0)
            ) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                sent: tuple[int, float] | None = None
                drop_at = time.monotonic() + rng.uniform(20, 120)
                while not stop.is_set() and time.monotonic() < drop_at:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
                    except TimeoutError:
                        continue
                    msg = json.loads(raw)
                    if msg["type"] == "error":
                        soak.client_errors[msg["code"]] += 1
                        sent = None
                        continue
                    if msg["type"] != "state":
                        continue
                    version = msg["version"]
                    soak.acked[table_id] = max(soak.acked[table_id], version)
                    if sent is not None and version > sent[0]:
                        soak.latencies.append(time.monotonic() - sent[1])
                        sent = None
                    if msg["result"] is not None:
                        return
                    if msg["table"]["waiting_for_ready"]:
                        await ws.send(json.dumps({"type": "ready"}))
                    if msg["legal"] and sent is None:
                        await asyncio.sleep(rng.uniform(0.05, 0.4))  # a thought
                        if rng.random() < 0.02:
                            await ws.send(json.dumps({"type": "hint"}))
                        action = rng.choice(msg["legal"])["id"]
                        sent = (version, time.monotonic())
                        await ws.send(
                            json.dumps({"type": "action", "action": action, "version": version})
                        )
        except (OSError, TimeoutError, Exception) as exc:  # a crash, a restart, a drop
            soak.client_errors[type(exc).__name__] += 1
        await asyncio.sleep(rng.uniform(0.2, 1.0))


async def spectator(server: Server, table_id: str, n: int, soak: Soak) -> None:
    """Watches a table for a while."""
    ws_url = server.url.replace("http", "ws", 1) + f"ws/tables/{table_id}"
    with contextlib.suppress(Exception):
        async with connect(
            ws_url, proxy=None, open_timeout=10, local_addr=(address(3, n), 0)
        ) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            deadline = time.monotonic() + random.Random(n).uniform(2, 20)
            while time.monotonic() < deadline:
                with contextlib.suppress(TimeoutError):
                    msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=1.0))
                    if msg["type"] == "state":
                        soak.acked[table_id] = max(soak.acked[table_id], msg["version"])


# -- hostile clients -----------------------------------------------------------------------


async def hostile(server: Server, table_id: str, n: int, soak: Soak) -> None:
    """One of the attacks of the hardening audit, from an address of its own."""
    kind = n % 5
    local = address(2, n)
    ws_url = server.url.replace("http", "ws", 1) + f"ws/tables/{table_id}"
    try:
        if kind == 0:  # a flood of messages
            async with connect(ws_url, proxy=None, open_timeout=10, local_addr=(local, 0)) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                for _ in range(300):
                    await ws.send(json.dumps({"type": "ping"}))
                with contextlib.suppress(Exception):
                    while True:
                        msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=2))
                        if msg.get("code"):
                            soak.refused[msg["code"]] += 1
        elif kind == 1:  # frames that are not JSON, and JSON nested deep
            async with connect(ws_url, proxy=None, open_timeout=10, local_addr=(local, 0)) as ws:
                for frame in ("{nope", "[" * 3000 + "]" * 3000, "\x00" * 100, "[]"):
                    await ws.send(frame)
                    msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=5))
                    soak.refused[msg.get("code", "?")] += 1
        elif kind == 2:  # a socket that never says hello
            async with connect(ws_url, proxy=None, open_timeout=10, local_addr=(local, 0)) as ws:
                with contextlib.suppress(Exception):
                    msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
                    soak.refused[msg.get("code", "?")] += 1
        elif kind == 3:  # headers a byte at a time
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", server.port, local_addr=(local, 0)
            )
            request = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: "
            for byte in request:
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(0.05)
            with contextlib.suppress(Exception):
                while await asyncio.wait_for(reader.read(100), timeout=30):
                    pass
                soak.refused["slow_headers_closed"] += 1
            writer.close()
        else:  # a body of a megabyte
            transport = httpx.AsyncHTTPTransport(local_address=local)
            async with httpx.AsyncClient(transport=transport, base_url=server.url) as http:
                response = await http.post("/api/tables", content=b"x" * (1 << 20))
                soak.refused[f"http_{response.status_code}"] += 1
    except Exception as exc:
        soak.client_errors[f"hostile:{type(exc).__name__}"] += 1


# -- accounts -----------------------------------------------------------------------------


async def retried(call: Any, attempts: int = 60) -> httpx.Response:
    """``call()``'s response once the server answers (it may be restarting)."""
    for attempt in range(attempts):
        with contextlib.suppress(httpx.HTTPError):
            response: httpx.Response = await call()
            if response.status_code < 500:
                return response
        await asyncio.sleep(0.5 + attempt / 10)
    raise RuntimeError("the server did not answer")


class Account:
    """A player with an account: its own client, whose cookie is its session."""

    def __init__(self, server: Server, slot: int, which: int) -> None:
        self.name = f"soak-{slot}-{which}"
        self.password = f"soak password {slot}-{which}"
        transport = httpx.AsyncHTTPTransport(local_address=address(5, 2 * slot + which))
        self.http = httpx.AsyncClient(
            transport=transport,
            base_url=server.url,
            timeout=30,
            headers={"Origin": server.url.rstrip("/")},  # a page of the server's own
        )
        self.signed_in = False

    async def ready(self, soak: Soak) -> None:
        """Signed up (the first time), and still signed in: a session the server gave
        is in its database, whatever restarts came between."""
        if self.signed_in:
            who = await retried(lambda: self.http.get("/api/account"))
            if who.status_code == 200:
                return
            soak.sessions_lost += 1
        body = {"name": self.name, "password": self.password}
        response = await retried(lambda: self.http.post("/api/account/signup", json=body))
        if response.status_code == 409:  # made before a restart: sign in instead
            response = await retried(lambda: self.http.post("/api/account/signin", json=body))
        if response.status_code not in (200, 201):
            raise RuntimeError(f"{self.name}: {response.status_code} {response.text}")
        self.signed_in = True

    async def link(self, table_id: str, seat: int, token: str, soak: Soak) -> None:
        body = {"seats": [{"table": table_id, "seat": seat, "token": token}]}
        response = await retried(lambda: self.http.post("/api/account/seats", json=body))
        if response.status_code == 200 and response.json()["linked"] == 1:
            soak.linked.append((self.name, table_id, seat))


# -- tables -------------------------------------------------------------------------------


async def new_table(http: httpx.AsyncClient, kind: int, n: int) -> dict[str, Any]:
    """A table of the mix; returns its id and the tokens of its people."""
    human = {"kind": "human"}
    if kind == 0:
        body = {
            "game": "uno-power",
            "seats": [human, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}],
            "options": {"target_score": "200"},
            "claim": 0,
        }
    elif kind == 1:
        body = {"game": "kung-fu", "seats": [human, human], "claim": 0}
    else:
        body = {
            "game": "king-of-tokyo",
            "seats": [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}] * 2,
        }
    for attempt in range(60):  # the server may be restarting
        try:
            response = await http.post("/api/tables", json=body)
            if response.status_code == 201:
                table = response.json()
                tokens = [table["token"]] if table.get("token") else []
                if kind == 1:
                    other = await http.post(f"/api/tables/{table['id']}/seats/1/claim", json={})
                    tokens.append(other.json()["token"])
                return {"id": table["id"], "tokens": tokens}
        except httpx.HTTPError:
            pass
        await asyncio.sleep(0.5 + attempt / 10)
    raise RuntimeError("no table could be created")


async def keep_table(
    server: Server, slot: int, soak: Soak, stop: asyncio.Event, counter: list[int]
) -> None:
    """Keep one table going: play it to its end, then open the next one."""
    kind = (0, 0, 1, 2)[slot % 4]
    transport = httpx.AsyncHTTPTransport(local_address=address(4, slot))
    accounts = [Account(server, slot, which) for which in range(2)] if kind == 1 else []
    async with httpx.AsyncClient(transport=transport, base_url=server.url, timeout=30) as http:
        while not stop.is_set():
            for account in accounts:
                await account.ready(soak)
            table = await new_table(http, kind, slot)
            soak.tables.append(table["id"])
            for seat, (account, token) in enumerate(zip(accounts, table["tokens"], strict=False)):
                await account.link(table["id"], seat, token, soak)
            people = []
            for token in table["tokens"]:
                counter[0] += 1
                people.append(person(server, table["id"], token, counter[0], soak, stop))
            if people:
                await asyncio.gather(*people)
            else:  # bots only: wait for its end
                while not stop.is_set():
                    with contextlib.suppress(httpx.HTTPError, KeyError, ValueError):
                        summary = (await http.get(f"api/tables/{table['id']}")).json()
                        soak.acked[table["id"]] = max(soak.acked[table["id"]], summary["version"])
                        if summary["status"] == "over":
                            break
                    await asyncio.sleep(2)
    for account in accounts:
        await account.http.aclose()


async def troublemakers(server: Server, soak: Soak, stop: asyncio.Event) -> None:
    """Spectators and hostile clients, a few a second, on random tables."""
    n = 0
    rng = random.Random(7)
    running: set[asyncio.Task[None]] = set()
    while not stop.is_set():
        await asyncio.sleep(0.25)
        if not soak.tables:
            continue
        n += 1
        table_id = rng.choice(soak.tables[-50:])
        coro = spectator(server, table_id, n, soak) if n % 3 else hostile(server, table_id, n, soak)
        task = asyncio.ensure_future(coro)
        running.add(task)
        task.add_done_callback(running.discard)
    for task in running:
        task.cancel()
    await asyncio.gather(*running, return_exceptions=True)


async def crashes(server: Server, soak: Soak, stop: asyncio.Event, every: float) -> None:
    """SIGKILL the server every ``every`` seconds and start it again."""
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=every)
        if stop.is_set():
            return
        server.kill(signal.SIGKILL)
        await asyncio.to_thread(server.start)
        soak.restarts += 1


async def sample_memory(server: Server, soak: Soak, stop: asyncio.Event, begin: float) -> None:
    while not stop.is_set():
        soak.memory.append((time.monotonic() - begin, server.life, server.rss_kb()))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=5)


# -- the run and its checks ------------------------------------------------------------


def check_storage(database_url: str, soak: Soak) -> dict[str, Any]:
    """Every acknowledged version is stored; every table's log replays to its state;
    every seat linked to an account is that account's."""
    from sqlalchemy import select

    import tabletop
    from tabletop.server.live import rebuild_state
    from tabletop.server.schema import seats_t, users_t
    from tabletop.server.storage import Storage

    storage = Storage(database_url)
    lost = []
    mismatched = []
    checked = 0
    actions = 0
    try:
        for row in storage.list_tables():
            checked += 1
            actions += row.version
            if soak.acked.get(row.id, 0) > row.version:
                lost.append((row.id, soak.acked[row.id], row.version))
            from_snapshot = rebuild_state(storage, row)
            game = tabletop.make(row.game, **row.options)
            from_start = game.new_state(row.num_players, seed=row.seed, log=True)
            for action in storage.actions(row.id):
                from_start.apply(action)
            if from_snapshot.to_dict(include_log=True) != from_start.to_dict(include_log=True):
                mismatched.append(row.id)
        with storage.connection() as conn:
            owners = {
                (r.table_id, r.seat): r.name
                for r in conn.execute(
                    select(seats_t.c.table_id, seats_t.c.seat, users_t.c.name).join(
                        users_t, users_t.c.id == seats_t.c.user_id
                    )
                )
            }
        unlinked = [
            (name, table_id, seat)
            for name, table_id, seat in soak.linked
            if owners.get((table_id, seat)) != name
        ]
    finally:
        storage.close()
    return {
        "tables": checked,
        "actions": actions,
        "lost": lost,
        "mismatched": mismatched,
        "unlinked": unlinked,
    }


async def run(args: argparse.Namespace, database_url: str, folder: Path) -> dict[str, Any]:
    soak = Soak()
    server = Server(database_url, folder, free_port())
    await asyncio.to_thread(server.start)
    stop = asyncio.Event()
    begin = time.monotonic()
    counter = [0]
    keepers = [keep_table(server, slot, soak, stop, counter) for slot in range(args.tables)]
    background = [
        asyncio.ensure_future(troublemakers(server, soak, stop)),
        asyncio.ensure_future(crashes(server, soak, stop, args.restart_every)),
        asyncio.ensure_future(sample_memory(server, soak, stop, begin)),
    ]
    tables = asyncio.ensure_future(asyncio.gather(*keepers, return_exceptions=True))
    await asyncio.sleep(args.minutes * 60)
    # On a loaded machine a short soak can end before the people played a move (the
    # server starting again after each kill): it then goes on until they have played
    # ``least_moves`` moves, for a minute more at most.
    until = time.monotonic() + 60
    while len(soak.latencies) < args.least_moves and time.monotonic() < until:
        await asyncio.sleep(0.2)
    stop.set()
    await asyncio.gather(*background, return_exceptions=True)
    await asyncio.wait_for(tables, timeout=120)
    seconds = time.monotonic() - begin
    server.kill(signal.SIGTERM)
    storage = await asyncio.to_thread(check_storage, database_url, soak)
    lat = sorted(soak.latencies)

    def pct(p: float) -> float:
        return round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 1) if lat else float("nan")

    last_life = [kb for _, life, kb in soak.memory if life == server.life and kb]
    warm = last_life[len(last_life) // 3 :] if len(last_life) >= 6 else last_life
    return {
        "minutes": args.minutes,
        "tables_kept": args.tables,
        "database": "postgresql" if database_url.startswith("postgres") else "sqlite",
        "seconds": round(seconds, 1),
        "restarts": soak.restarts,
        "actions": storage["actions"],
        "actions_per_s": round(storage["actions"] / seconds, 1),
        "people_actions": len(lat),
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "memory_mb": {
            "max": round(max((kb for *_, kb in soak.memory), default=0) / 1024, 1),
            "last_life_warm_first": round(warm[0] / 1024, 1) if warm else None,
            "last_life_warm_last": round(warm[-1] / 1024, 1) if warm else None,
            # (minute, life of the server process, RSS): one sample a minute
            "timeline": [
                (round(t / 60, 1), life, round(kb / 1024, 1)) for t, life, kb in soak.memory[::12]
            ],
        },
        "tables_checked": storage["tables"],
        "lost": storage["lost"],
        "mismatched": storage["mismatched"],
        "seats_linked": len(soak.linked),
        "unlinked": storage["unlinked"],
        "sessions_lost": soak.sessions_lost,
        "refused": dict(soak.refused),
        "client_errors": dict(soak.client_errors),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--tables", type=int, default=200, help="tables kept going at once")
    parser.add_argument("--restart-every", type=float, default=240.0, help="seconds")
    parser.add_argument(
        "--least-moves", type=int, default=0, help="go on until the people played this many"
    )
    parser.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    parser.add_argument("--json", type=Path, default=None, help="also write the report here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite:///{folder}/soak.db"
        report = asyncio.run(run(args, url, Path(folder)))
    print(json.dumps(report, indent=1))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")
    if report["lost"] or report["mismatched"] or report["unlinked"] or report["sessions_lost"]:
        sys.exit(1)


if __name__ == "__main__":
    main()

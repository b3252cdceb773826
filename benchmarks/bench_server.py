"""Server throughput and latency: N concurrent tables of scripted websocket clients,
on one server process or on several processes sharing one PostgreSQL database.

Starts the real server (uvicorn, in child processes, on loopback), creates N two-seat
UNO Power tables (a match to 500 points, so games outlast the run), and connects one
scripted client per seat. Each client answers its own decisions at once with a
seeded random legal action. For each configuration the script reports:

- actions/s: actions accepted by the server (each committed to the database and
  broadcast) per second over the measuring window, all tables together;
- p50 and p99 latency: from sending an action to receiving the update that
  contains it, as the acting client sees it;
- CPU per action (Linux): milliseconds of processor time per counted action spent
  by the server processes, by this script's clients, and by the rest of the machine
  (the database, the kernel's loopback networking and anything else running), from
  ``/proc`` at the start and end of the window. On a machine with C cores no
  configuration can do more than C * 1000 / (their sum) actions per second.

By default each client acts the moment it may (``--think 0``): the server runs
flat out, so actions/s is its capacity and latency is mostly queueing (N tables
waiting their turn). ``--think SECONDS`` makes each client wait a random time
(exponential, that mean) before each action, like a person reading the table:
the load is then what N tables of people offer, and latency is what they feel.

Every table's actions are serialised (one seat decides at a time), so latency
bounds what one table can do, and actions/s shows what the server does for all of
them. The per-connection and per-address limits are raised for the run (people are
far slower than scripts, and every client here has one address). Only loopback
addresses are used; every run is bounded in time.

One process (the default): a temporary SQLite file per N, unless ``--database-url``.

Several processes (``--processes 1 2 4``): for each process count P and each N, a
fresh PostgreSQL database on the ``--postgres`` server (created, then dropped), P
processes on it (docs/deploy.md), and table i created through process i mod P, which
then owns it. ``--route owner`` (the default) connects both clients of a table to the
process that created it; ``--route spread`` connects seat s of table i to process
(i + s) mod P, so that with P > 1 one client of each table is relayed by a process
that does not own the table. Besides actions/s and latency, each line gives the
ratio of actions/s to the same N on one process and the database's cost per action,
from ``pg_stat_database`` of the benchmark's database: committed transactions and
rows written (inserted, updated, deleted) per stored action, and statements per
action where ``pg_stat_statements`` is loaded. The counts cover the run from the
start signal until the processes have stopped (PostgreSQL publishes a connection's
counts up to 10 s late, so the script waits ``--settle`` seconds with everything
idle before the first reading, and stops the processes before the last); they
include the processes' own background work (the scan for tables without an owner,
once a second each).

    python benchmarks/bench_server.py                      # N = 10, 100, 500; 10 s each
    python benchmarks/bench_server.py --tables 10 --seconds 5 --json server.json
    python benchmarks/bench_server.py --processes 1 2 4    # N = 100, 500 on PostgreSQL
    python benchmarks/bench_server.py --processes 1 2 --tables 100 --route spread
    python benchmarks/bench_server.py --processes 1 4 --tables 500 --think 1
    python benchmarks/bench_server.py --processes 1 4 --tables 500 --think 1 --fast-commits
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

SERVER_SCRIPT = """
import sys, socket, uvicorn
from tabletop.server import ServerSettings, create_app
url, port, durable = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "durable"
# One address runs every client here: its per-address limits are lifted for the run.
settings = ServerSettings(database_url=url, bot_workers=0, hint_workers=0, bot_pause_s=0,
                          rate_burst=100000, rate_per_s=100000.0, snapshot_every=50,
                          http_rate_burst=100000, http_rate_per_s=100000.0,
                          max_connections_per_address=100000,
                          handshake_rate_burst=100000, handshake_rate_per_s=100000.0,
                          max_waiting_tables_per_address=100000,
                          max_live_tables_per_address=100000,
                          advertise_url=f"http://127.0.0.1:{port}", durable_commits=durable)
uvicorn.run(create_app(settings), host="127.0.0.1", port=port, log_level="warning",
            ws_max_size=1 << 20)
"""

POSTGRES_ADMIN = os.environ.get(
    "TABLETOP_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres"
)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def wait_ready(base: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=base) as client:
        while True:
            try:
                if (await client.get("/api/health")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server at {base} did not start")
            await asyncio.sleep(0.1)


async def create_tables(bases: list[str], n: int) -> list[tuple[int, str, list[str]]]:
    """N tables with two human seats, table i created (and its second seat claimed)
    through process i mod P; returns (creating process, table id, [token of each seat])."""
    clients = [httpx.AsyncClient(base_url=b, timeout=60) for b in bases]
    gate = asyncio.Semaphore(8)

    async def one(i: int) -> tuple[int, str, list[str]]:
        home = i % len(bases)
        client = clients[home]
        async with gate:
            r = await client.post(
                "/api/tables",
                json={
                    "game": "uno-power",
                    "seats": [{"kind": "human"}, {"kind": "human"}],
                    "seed": i,
                    "claim": 0,
                },
            )
            r.raise_for_status()
            table = r.json()
            other = await client.post(f"/api/tables/{table['id']}/seats/1/claim", json={})
            other.raise_for_status()
        return home, table["id"], [table["token"], other.json()["token"]]

    try:
        return list(await asyncio.gather(*(one(i) for i in range(n))))
    finally:
        for client in clients:
            await client.aclose()


async def seat_client(
    ws_url: str,
    token: str,
    seed: int,
    stats: Stats,
    start: asyncio.Event,
    stop: asyncio.Event,
    window: list[float],
    think: float,
) -> None:
    rng = random.Random(seed)
    async with websockets.connect(ws_url, max_size=1 << 22, open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        await start.wait()
        sent_version = -1
        sent_at = 0.0
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            msg = json.loads(raw)
            if msg["type"] == "error":
                stats.errors += 1
                continue
            if msg["type"] != "state":
                continue
            now = time.perf_counter()
            if sent_version >= 0 and msg["version"] > sent_version:
                if window[0] <= sent_at and now <= window[1]:
                    stats.latencies.append(now - sent_at)
                    stats.actions += 1
                sent_version = -1
            if msg["result"] is not None:
                return
            if msg["legal"] and sent_version < 0:
                action = rng.choice(msg["legal"])["id"]
                if think:
                    await asyncio.sleep(rng.expovariate(1 / think))
                sent_version = msg["version"]
                sent_at = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "action", "action": action, "version": sent_version})
                )


class Run:
    """The clients of one configuration: connected, then started, then stopped."""

    def __init__(
        self,
        bases: list[str],
        tables: list[tuple[int, str, list[str]]],
        route: str,
        think: float,
        server_pids: list[int],
    ):
        self.stats = Stats()
        self.cpu = CpuMeter(server_pids)
        self.cpu_spent: dict[str, float] = {}
        self.start, self.stop = asyncio.Event(), asyncio.Event()
        self.window = [0.0, 0.0]
        p = len(bases)
        self.tasks = []
        for i, (home, table_id, tokens) in enumerate(tables):
            for s, token in enumerate(tokens):
                process = home if route == "owner" else (home + s) % p
                url = bases[process].replace("http", "ws", 1) + f"/ws/tables/{table_id}"
                coro = seat_client(
                    url, token, 1000 * i + s, self.stats, self.start, self.stop, self.window, think
                )
                self.tasks.append(asyncio.create_task(coro))

    async def play(self, seconds: float, warmup: float) -> None:
        begin = time.perf_counter()
        self.window[0] = begin + warmup
        self.window[1] = self.window[0] + seconds
        self.start.set()
        await asyncio.sleep(warmup)
        before = self.cpu.read()
        await asyncio.sleep(seconds)
        self.cpu_spent = self.cpu.since(before)

    async def finish(self) -> None:
        self.stop.set()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    def result(self, n: int, seconds: float) -> dict[str, Any]:
        lat = sorted(self.stats.latencies)

        def pct(p: float) -> float:
            if not lat:
                return float("nan")
            return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000

        return {
            "tables": n,
            "clients": 2 * n,
            "seconds": seconds,
            "actions": self.stats.actions,
            "actions_per_s": self.stats.actions / seconds,
            "p50_ms": pct(0.50),
            "p99_ms": pct(0.99),
            "mean_ms": statistics.fmean(lat) * 1000 if lat else float("nan"),
            "errors": self.stats.errors,
            **{
                f"cpu_ms_per_action_{part}": 1000 * spent / self.stats.actions
                for part, spent in self.cpu_spent.items()
                if self.stats.actions
            },
        }


class CpuMeter:
    """Processor seconds spent by the servers, by this process (the clients) and by
    the rest of the machine, read from ``/proc`` (Linux; elsewhere nothing)."""

    def __init__(self, server_pids: list[int]) -> None:
        self.server_pids = server_pids
        self.tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

    def _process(self, pid: int) -> float:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / self.tick  # utime + stime

    def _machine(self) -> float:
        with open("/proc/stat") as f:
            cpu = [int(v) for v in f.readline().split()[1:]]
        return (sum(cpu) - cpu[3] - cpu[4]) / self.tick  # all but idle and iowait

    def read(self) -> dict[str, float] | None:
        try:
            servers = sum(self._process(pid) for pid in self.server_pids)
            clients = sum(os.times()[:2])
            return {"servers": servers, "clients": clients, "machine": self._machine()}
        except (OSError, ValueError, IndexError):
            return None

    def since(self, before: dict[str, float] | None) -> dict[str, float]:
        after = self.read()
        if before is None or after is None:
            return {}
        spent = {k: after[k] - before[k] for k in after}
        rest = spent.pop("machine") - spent["servers"] - spent["clients"]
        spent["rest"] = max(0.0, rest)  # counted in ticks: a few below zero when idle
        return spent


def start_servers(
    url: str, count: int, durable: bool = True
) -> list[tuple[subprocess.Popen[bytes], str]]:
    """``count`` processes on ``url``: the first alone until it answers (processes
    that start together on a fresh database can collide making the server's secret,
    ``Storage.secret``), then the others together."""
    servers: list[tuple[subprocess.Popen[bytes], str]] = []
    try:
        for i in range(count):
            port = free_port()
            process = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    SERVER_SCRIPT,
                    url,
                    str(port),
                    "durable" if durable else "fast",
                ],
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
            servers.append((process, f"http://127.0.0.1:{port}"))
            if i == 0:
                asyncio.run(wait_ready(servers[0][1]))
    except BaseException:
        stop_servers(servers)
        raise
    return servers


def stop_servers(servers: list[tuple[subprocess.Popen[bytes], str]]) -> None:
    for process, _ in servers:
        if process.poll() is None:
            process.terminate()
    for process, _ in servers:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# -- one process (SQLite by default) ------------------------------------------------------


async def measure(base: str, n: int, args: argparse.Namespace, pids: list[int]) -> dict[str, Any]:
    tables = await create_tables([base], n)
    run = Run([base], tables, "owner", args.think, pids)
    await asyncio.sleep(1.0 + n / 200)  # let every client connect and say hello
    await run.play(args.seconds, args.warmup)
    await run.finish()
    return run.result(n, args.seconds)


def single_process(args: argparse.Namespace) -> list[dict[str, Any]]:
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.tables or [10, 100, 500]:
            url = args.database_url or f"sqlite:///{tmp}/bench-{n}.db"
            servers = start_servers(url, 1)
            base = servers[0][1]
            try:
                pids = [process.pid for process, _ in servers]
                results.append(run_loop(measure(base, n, args, pids)))
            finally:
                stop_servers(servers)
            r = results[-1]
            print(
                f"N={r['tables']:>4}  {r['actions_per_s']:8.1f} actions/s  "
                f"p50 {r['p50_ms']:7.1f} ms  p99 {r['p99_ms']:7.1f} ms  "
                f"({r['actions']} actions, {r['errors']} errors)" + cpu_text(r),
                flush=True,
            )
    return results


def cpu_text(r: dict[str, Any]) -> str:
    parts = [(k, r.get(f"cpu_ms_per_action_{k}")) for k in ("servers", "clients", "rest")]
    if any(v is None for _, v in parts):
        return ""
    return "  cpu ms/action: " + ", ".join(f"{k} {v:.2f}" for k, v in parts)


def run_loop(main: Any) -> Any:
    """``asyncio.run`` on uvloop where installed (it comes with uvicorn[standard]):
    the clients share this machine's processors with the servers, so the less
    they cost, the more of the machine the servers get."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


# -- several processes on one PostgreSQL database ----------------------------------------


class Database:
    """A fresh PostgreSQL database on the admin URL's server, and its counters."""

    COUNTERS = ("xact_commit", "xact_rollback", "tup_inserted", "tup_updated", "tup_deleted")

    def __init__(self, admin_url: str) -> None:
        from sqlalchemy import create_engine, text
        from sqlalchemy.engine import make_url

        from tabletop.server.engine import engine_url

        self._text = text
        self._create_engine = create_engine
        self.name = f"tabletop_bench_{secrets.token_hex(6)}"
        self._admin_url = engine_url(admin_url)
        self._admin(f'CREATE DATABASE "{self.name}"')
        url = make_url(self._admin_url).set(database=self.name)
        self.url = url.render_as_string(hide_password=False)
        self.statements = self._try_statements()

    def _admin(self, sql: str) -> None:
        engine = self._create_engine(self._admin_url, isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.execute(self._text(sql))
        engine.dispose()

    def _query(self, sql: str) -> Any:
        engine = self._create_engine(self.url, isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                return conn.execute(self._text(sql)).one()
        finally:
            engine.dispose()

    def _try_statements(self) -> bool:
        """Whether pg_stat_statements counts here (it must be preloaded by the server)."""
        try:
            self._query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            self._query("SELECT count(*) FROM pg_stat_statements")
        except Exception:
            return False
        return True

    def counters(self) -> dict[str, int]:
        """The database's counters now, and the actions stored so far."""
        row = self._query(
            f"SELECT {', '.join(self.COUNTERS)} FROM pg_stat_database "
            "WHERE datname = current_database()"
        )
        out = dict(zip(self.COUNTERS, (int(v) for v in row), strict=True))
        out["actions"] = int(self._query("SELECT count(*) FROM tt_actions")[0])
        if self.statements:
            out["statements"] = int(
                self._query(
                    "SELECT coalesce(sum(calls), 0) FROM pg_stat_statements s "
                    "JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = current_database()"
                )[0]
            )
        return out

    def drop(self) -> None:
        self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def database_cost(before: dict[str, int], after: dict[str, int]) -> dict[str, float]:
    actions = after["actions"] - before["actions"]
    if actions <= 0:
        return {"stored_actions": 0}
    written = sum(after[k] - before[k] for k in ("tup_inserted", "tup_updated", "tup_deleted"))
    cost: dict[str, float] = {
        "stored_actions": actions,
        "commits_per_action": (after["xact_commit"] - before["xact_commit"]) / actions,
        "rollbacks_per_action": (after["xact_rollback"] - before["xact_rollback"]) / actions,
        "rows_written_per_action": written / actions,
    }
    if "statements" in after:
        cost["statements_per_action"] = (after["statements"] - before["statements"]) / actions
    return cost


async def measure_processes(
    db: Database,
    servers: list[tuple[subprocess.Popen[bytes], str]],
    n: int,
    args: argparse.Namespace,
) -> dict[str, Any]:
    bases = [base for _, base in servers]
    await asyncio.gather(*(wait_ready(b) for b in bases))
    tables = await create_tables(bases, n)
    run = Run(bases, tables, args.route, args.think, [process.pid for process, _ in servers])
    await asyncio.sleep(1.0 + n / 200)  # let every client connect and say hello
    await asyncio.sleep(args.settle)  # PostgreSQL publishes idle connections' counts late
    before = await asyncio.to_thread(db.counters)
    await run.play(args.seconds, args.warmup)
    await run.finish()
    await asyncio.to_thread(stop_servers, servers)  # their connections' counts, published
    after = await asyncio.to_thread(db.counters)
    result = run.result(n, args.seconds)
    result.update(database_cost(before, after))
    return result


def several_processes(args: argparse.Namespace) -> list[dict[str, Any]]:
    results = []
    tables = args.tables or [100, 500]
    print(
        f"{len(tables)} table counts x processes {args.processes} on PostgreSQL "
        f"({args.route}: "
        + (
            "each client connects to the process that created and owns its table)"
            if args.route == "owner"
            else "seat s of table i connects to process (i + s) mod P: one of two relayed)"
        ),
        flush=True,
    )
    for n in tables:
        for p in args.processes:
            db = Database(args.postgres)
            try:
                servers = start_servers(db.url, p, durable=not args.fast_commits)
                try:
                    result = run_loop(measure_processes(db, servers, n, args))
                finally:
                    stop_servers(servers)
            finally:
                db.drop()
            result.update({"processes": p, "route": args.route})
            one = next((r for r in results if r["tables"] == n and r["processes"] == 1), None)
            result["ratio_to_1"] = (
                result["actions_per_s"] / one["actions_per_s"]
                if one and one["actions_per_s"]
                else None
            )
            results.append(result)
            print(line(result), flush=True)
    return results


def line(r: dict[str, Any]) -> str:
    ratio = f"x{r['ratio_to_1']:.2f}" if r.get("ratio_to_1") is not None else "  -  "
    text = (
        f"P={r['processes']}  N={r['tables']:>4}  {r['actions_per_s']:8.1f} actions/s {ratio}  "
        f"p50 {r['p50_ms']:7.1f} ms  p99 {r['p99_ms']:7.1f} ms  "
        f"({r['actions']} actions, {r['errors']} errors)"
    )
    if r.get("stored_actions"):
        text += (
            f"  db/action: {r['commits_per_action']:.2f} commits, "
            f"{r['rows_written_per_action']:.2f} rows written"
        )
        if "statements_per_action" in r:
            text += f", {r['statements_per_action']:.2f} statements"
    return text + cpu_text(r)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--tables", type=int, nargs="+", default=None, help="default: 10 100 500 (one "
        "process), 100 500 (--processes)"
    )  # fmt: skip
    parser.add_argument("--seconds", type=float, default=10.0, help="measuring window per N")
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    parser.add_argument(
        "--processes", type=int, nargs="+", default=None,
        help="process counts to compare, each on a fresh PostgreSQL database",
    )  # fmt: skip
    parser.add_argument(
        "--postgres", default=POSTGRES_ADMIN,
        help="with --processes: a PostgreSQL server where the script may create databases",
    )  # fmt: skip
    parser.add_argument(
        "--route", choices=("owner", "spread"), default="owner",
        help="with --processes: which process each client connects to",
    )  # fmt: skip
    parser.add_argument(
        "--settle", type=float, default=11.0,
        help="with --processes: idle seconds before the first database reading",
    )  # fmt: skip
    parser.add_argument(
        "--think", type=float, default=0.0,
        help="mean seconds each client waits before acting (0: at once, the server's capacity)",
    )  # fmt: skip
    parser.add_argument(
        "--fast-commits", action="store_true",
        help="with --processes: the servers' --no-durable-commits (docs/server.md)",
    )  # fmt: skip
    parser.add_argument("--json", type=Path, default=None, help="also write the results here")
    args = parser.parse_args()

    if args.processes:
        if args.database_url:
            parser.error("--processes makes its own databases: give --postgres, not --database-url")
        if 1 in args.processes:
            args.processes = [1] + [p for p in args.processes if p != 1]  # the ratios' base
        results = several_processes(args)
        database = "postgresql (a fresh database per configuration)"
    else:
        results = single_process(args)
        database = args.database_url or "sqlite (temporary)"
    if args.json:
        meta = {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "database": database,
            "think_s": args.think,
            "durable_commits": not args.fast_commits,
        }
        args.json.write_text(json.dumps({"meta": meta, "results": results}, indent=1) + "\n")


if __name__ == "__main__":
    main()

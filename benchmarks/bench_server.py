"""Server throughput and latency: N concurrent tables of scripted websocket clients.

Starts the real server (uvicorn, in a child process, on loopback, with a SQLite file
in a temporary folder unless ``--database-url`` is given), creates N two-seat UNO
Power tables (a match to 500 points, so games outlast the run), and connects one
scripted client per seat. Each client answers its own decisions at once with a
seeded random legal action. For each N the script reports:

- actions/s: actions accepted by the server (each committed to the database and
  broadcast) per second over the measuring window, all tables together;
- p50 and p99 latency: from sending an action to receiving the update that
  contains it, as the acting client sees it.

Every table's actions are serialised (one seat decides at a time), so latency
bounds what one table can do, and actions/s shows what the server does for all of
them. The per-connection rate limit is raised for the run (people are far slower
than scripts). Only loopback addresses are used; every run is bounded in time.

    python benchmarks/bench_server.py                      # N = 10, 100, 500; 10 s each
    python benchmarks/bench_server.py --tables 10 --seconds 5 --json server.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
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
url, port = sys.argv[1], int(sys.argv[2])
# One address runs every client here: its per-address limits are lifted for the run.
settings = ServerSettings(database_url=url, bot_workers=0, bot_pause_s=0,
                          rate_burst=100000, rate_per_s=100000.0, snapshot_every=50,
                          http_rate_burst=100000, http_rate_per_s=100000.0,
                          max_connections_per_address=100000)
uvicorn.run(create_app(settings), host="127.0.0.1", port=port, log_level="warning",
            ws_max_size=1 << 20)
"""


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
                raise RuntimeError("the server did not start")
            await asyncio.sleep(0.1)


async def create_tables(base: str, n: int) -> list[tuple[str, list[str]]]:
    """N tables with two human seats; returns (table id, [token of each seat])."""
    out = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        for i in range(n):
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
            out.append((table["id"], [table["token"], other.json()["token"]]))
    return out


async def seat_client(
    ws_base: str,
    table_id: str,
    token: str,
    seed: int,
    stats: Stats,
    start: asyncio.Event,
    stop: asyncio.Event,
    window: list[float],
) -> None:
    rng = random.Random(seed)
    async with websockets.connect(f"{ws_base}/ws/tables/{table_id}", max_size=1 << 22) as ws:
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
                sent_version = msg["version"]
                sent_at = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "action", "action": action, "version": sent_version})
                )


async def measure(base: str, n: int, seconds: float, warmup: float) -> dict[str, Any]:
    tables = await create_tables(base, n)
    stats = Stats()
    start, stop = asyncio.Event(), asyncio.Event()
    window = [0.0, 0.0]
    ws_base = base.replace("http", "ws", 1)
    tasks = [
        asyncio.create_task(
            seat_client(ws_base, tid, token, 1000 * i + s, stats, start, stop, window)
        )
        for i, (tid, tokens) in enumerate(tables)
        for s, token in enumerate(tokens)
    ]
    await asyncio.sleep(1.0 + n / 200)  # let every client connect and say hello
    begin = time.perf_counter()
    window[0] = begin + warmup
    window[1] = window[0] + seconds
    start.set()
    await asyncio.sleep(warmup + seconds)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        if not lat:
            return float("nan")
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000

    return {
        "tables": n,
        "clients": 2 * n,
        "seconds": seconds,
        "actions": stats.actions,
        "actions_per_s": stats.actions / seconds,
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "mean_ms": statistics.fmean(lat) * 1000 if lat else float("nan"),
        "errors": stats.errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument("--seconds", type=float, default=10.0, help="measuring window per N")
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    parser.add_argument("--json", type=Path, default=None, help="also write the results here")
    args = parser.parse_args()

    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.tables:
            url = args.database_url or f"sqlite:///{tmp}/bench-{n}.db"
            port = free_port()
            server = subprocess.Popen(
                [sys.executable, "-c", SERVER_SCRIPT, url, str(port)],
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
            base = f"http://127.0.0.1:{port}"
            try:
                asyncio.run(wait_ready(base))
                results.append(asyncio.run(measure(base, n, args.seconds, args.warmup)))
            finally:
                server.terminate()
                server.wait(timeout=30)
            r = results[-1]
            print(
                f"N={r['tables']:>4}  {r['actions_per_s']:8.1f} actions/s  "
                f"p50 {r['p50_ms']:7.1f} ms  p99 {r['p99_ms']:7.1f} ms  "
                f"({r['actions']} actions, {r['errors']} errors)",
                flush=True,
            )
    if args.json:
        meta = {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "database": args.database_url or "sqlite (temporary)",
        }
        args.json.write_text(json.dumps({"meta": meta, "results": results}, indent=1) + "\n")


if __name__ == "__main__":
    main()

"""Hostile clients, part 2: what one address may keep in memory and take of the hints.

An audit created 10,003 tables of one claimed seat and bots from 10 addresses in 56 s:
they were counted by no quota and never left memory, so every new table for anyone got
503, still after a restart. With 30 such tables an address asking hints on every seat
made another person's hint take 14-16.5 s instead of 0.4-1.2 s. Each test makes the
attack again, from addresses of its own, on SQLite and PostgreSQL.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import ExitStack, asynccontextmanager
from typing import Any

from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, bot, is_state, new_table, receive_until

KUNG_FU = {"first_player": "0"}  # the person decides first: a hint at once
WITH_A_BOT = [HUMAN, bot("random")]


def at(client: TestClient, host: str) -> TestClient:
    """A client from address ``host`` on ``client``'s running app (its lifespan, its
    event loop)."""
    other = TestClient(client.app, client=(host, 50000))
    other.portal = client.portal
    return other


def wait_until(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    """Wait for something the server does on its own clock (a table put away)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the server did not get there in time"
        time.sleep(0.01)


def started(client: TestClient) -> str:
    """A table that starts at once: the caller's claimed seat and a bot."""
    return new_table(client, "kung-fu", WITH_A_BOT, options=KUNG_FU, claim=0)["id"]


# -- item 6: tables that start at once -----------------------------------------------------


def test_started_tables_count_against_a_quota_per_address(make_client: Any) -> None:
    """Attack: 10,003 started tables from 10 addresses; then 503 for everyone, also
    after a restart (every one was loaded again)."""
    limits = {"max_live_tables_per_address": 3, "max_tables": 4}
    body = {"game": "kung-fu", "seats": WITH_A_BOT, "claim": 0}
    with make_client(**limits) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        flooder = at(client, "10.0.0.1")
        mine = [started(flooder) for _ in range(3)]
        refused = flooder.post("/api/tables", json=body)
        assert refused.status_code == 429
        assert "3 tables going" in refused.json()["detail"]
        bots_only = {"game": "kung-fu", "seats": [bot("random"), bot("random")]}
        assert flooder.post("/api/tables", json=bots_only).status_code == 429
        # Another address still gets a table: the one address did not fill the server.
        started(at(client, "10.0.0.2"))
        assert len(manager.tables) == 4  # max_tables, reached by two addresses
        # A third address still gets one: the table nobody was at for longest goes to sleep.
        third = started(at(client, "10.0.0.3"))
        assert third in manager.tables and len(manager.tables) == 4
        assert mine[0] not in manager.tables
        assert client.get(f"/api/tables/{mine[0]}").json()["asleep"] is True
    with make_client(**limits, idle_table_s=0.2) as client:  # a restart; nobody comes back
        manager = client.app.state.manager  # type: ignore[attr-defined]
        wait_until(lambda: not manager.tables)  # each put away once idle
        summary = client.get(f"/api/tables/{mine[1]}").json()
        assert summary["status"] == "playing" and summary["asleep"] and summary["paused"]
        started(at(client, "10.0.0.1"))  # asleep, they count no more
    with make_client(**limits) as client:  # another restart: what sleeps is not loaded
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert not set(mine) & set(manager.tables)
        listed = {t["id"]: t for t in client.get("/api/tables").json()}
        assert all(listed[table_id]["asleep"] and listed[table_id]["paused"] for table_id in mine)
        with client.websocket_connect(f"/ws/tables/{mine[1]}") as ws:  # opened: it wakes
            ws.send_json({"type": "hello"})
            msg = receive_until(ws, is_state)
            assert msg["table"]["asleep"] is False and msg["table"]["status"] == "playing"
        assert mine[1] in manager.tables
        assert manager.storage.load_table(mine[1]).asleep is False


def test_an_idle_table_sleeps_out_of_memory_and_wakes_intact(make_client: Any) -> None:
    with make_client(idle_table_s=0.2, bot_pause_s=0.02) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        table = new_table(client, "kung-fu", WITH_A_BOT, options=KUNG_FU, claim=0)
        url = f"/ws/tables/{table['id']}"
        with client.websocket_connect(url) as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            msg = receive_until(ws, lambda m: is_state(m) and bool(m["legal"]))
            ws.send_json({"type": "action", "action": msg["legal"][0]["id"], "version": 0})
            before = receive_until(ws, lambda m: is_state(m) and bool(m["legal"]))
        # Nobody there: the table leaves memory, marked asleep where it is stored.
        wait_until(lambda: table["id"] not in manager.tables)
        assert manager.storage.load_table(table["id"]).asleep is True
        summary = client.get(f"/api/tables/{table['id']}").json()
        assert summary["asleep"] and summary["paused"] and summary["version"] == before["version"]
        with client.websocket_connect(url) as ws:  # the person comes back: loaded again
            ws.send_json({"type": "hello", "token": table["token"]})
            after = receive_until(ws, is_state)
            for field in ("version", "view", "legal", "current_player"):
                assert after[field] == before[field]
            assert after["table"]["asleep"] is False and not after["table"]["paused"]
            version = after["version"]
            ws.send_json({"type": "action", "action": after["legal"][0]["id"], "version": version})
            receive_until(ws, lambda m: is_state(m) and m["version"] > version)  # it plays on
        # A game of bots nobody watches sleeps too, mid-game, and plays on when watched.
        bots = new_table(client, "kung-fu", [bot("random"), bot("random")])
        wait_until(lambda: bots["id"] not in manager.tables)
        asleep = client.get(f"/api/tables/{bots['id']}").json()
        assert asleep["status"] == "playing" and asleep["asleep"]
        assert client.get(f"/api/tables/{bots['id']}").json()["version"] == asleep["version"]
        with client.websocket_connect(f"/ws/tables/{bots['id']}") as ws:
            ws.send_json({"type": "hello"})
            receive_until(ws, lambda m: is_state(m) and m["version"] > asleep["version"])


def test_opening_sleeping_tables_cannot_bring_them_all_back(make_client: Any) -> None:
    """Attack: fill the quota, let the tables sleep, fill it again, then open the
    sleeping ones: each woken past the quota sends the creator's idlest other away."""
    with make_client(max_live_tables_per_address=2) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        flooder = at(client, "10.0.0.1")
        first = [started(flooder) for _ in range(2)]
        for table_id in first:
            assert client.portal.call(manager.put_to_sleep, manager.tables[table_id])
        second = [started(flooder) for _ in range(2)]  # asleep, the first count no more
        for table_id in first:
            with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
                ws.send_json({"type": "hello"})
                receive_until(ws, is_state)
        mine = first + second
        assert sum(table_id in manager.tables for table_id in mine) == 2
        assert set(first) <= set(manager.tables)  # the ones just opened stay


def test_a_sleeping_table_is_no_process_s_until_opened(postgres_url: str) -> None:
    """Several processes: the others' scans for tables whose owner died leave a
    sleeping table asleep (each would take it back into memory); whichever process it
    is opened through wakes it."""
    from tabletop.server import create_app
    from tests.server.conftest import test_settings

    first = create_app(test_settings(postgres_url, idle_table_s=0.2))
    second = create_app(test_settings(postgres_url, cluster_scan_s=0.05))
    with TestClient(first) as one, TestClient(second) as two:
        table_id = started(one)
        wait_until(lambda: table_id not in first.state.manager.tables)
        others = second.state.manager
        assert two.portal is not None
        assert table_id not in two.portal.call(others.cluster.unowned)
        with two.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_json({"type": "hello"})
            assert receive_until(ws, is_state)["table"]["asleep"] is False
        assert table_id in others.tables and table_id not in first.state.manager.tables


# -- item 7: hints ---------------------------------------------------------------------------

HINTS = {"hint_iterations": 100, "hint_workers": 1, "hints_per_minute_per_address": 6000}
FLOOD = 8  # seats asking a hint at once, per flooding address


def _at_my_turn(client: TestClient, stack: ExitStack) -> Any:
    """A seated websocket whose person decides now (and may ask a hint)."""
    table = new_table(client, "kung-fu", WITH_A_BOT, options=KUNG_FU, claim=0)
    ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{table['id']}"))
    ws.send_json({"type": "hello", "token": table["token"]})
    receive_until(ws, lambda m: is_state(m) and bool(m["legal"]))
    return ws


def _ask_hint(ws: Any) -> None:
    ws.send_json({"type": "hint"})
    receive_until(ws, lambda m: m["type"] == "hint")


ME = "10.0.9.9"


def _served_ahead_of_mine(make_client: Any, flooders: int) -> int:
    """How many hints of others the pool starts between my asking and my hint's start,
    while ``flooders`` addresses each have ``FLOOD`` hints asked before mine. Counted,
    not timed: a queue served in order of asking would start all of them first."""
    with make_client(**HINTS) as client, ExitStack() as stack:
        turns = client.app.state.manager.hints.turns
        events: list[tuple[str, str]] = []  # ("asked" | "served", address), in order
        slot = turns.slot

        @asynccontextmanager
        async def watched(key: str) -> AsyncIterator[None]:
            events.append(("asked", key))
            async with slot(key):
                events.append(("served", key))
                yield

        turns.slot = watched
        me = _at_my_turn(at(client, ME), stack)
        floods = [
            _at_my_turn(at(client, f"10.0.1.{address}"), stack)
            for address in range(flooders)
            for _ in range(FLOOD)
        ]
        for ws in floods:
            ws.send_json({"type": "hint"})
            ws.send_json({"type": "ping"})
        for ws in floods:  # every flood hint is asked before mine
            receive_until(ws, lambda m: m["type"] == "pong")
        _ask_hint(me)
        asked = events.index(("asked", ME))
        mine = events.index(("served", ME))
        assert all(key != ME for _, key in events[:asked])  # the floods came first
        assert sum(kind == "asked" for kind, _ in events[:asked]) == flooders * FLOOD
        return sum(kind == "served" for kind, _ in events[asked:mine])


def test_one_address_cannot_starve_another_of_hints(make_client: Any) -> None:
    """Attack: hints on every seat of many tables of one address (another person's hint
    went from 0.4-1.2 s to 14-16.5 s, behind all of them). Now it waits only for the one
    being computed when it is asked."""
    assert _served_ahead_of_mine(make_client, 1) == 0


def test_two_addresses_cannot_starve_a_third_of_hints(make_client: Any) -> None:
    """Attack: the same from two addresses (another person's hint timed out at 20 s).
    Now it waits for the one being computed and at most one of the other address."""
    assert _served_ahead_of_mine(make_client, 2) <= 1


def test_hints_share_a_budget_per_address(make_client: Any) -> None:
    with (
        make_client(hints_per_minute_per_address=2, hint_iterations=10) as client,
        ExitStack() as stack,
    ):
        flooder = at(client, "10.0.0.1")
        seats = [_at_my_turn(flooder, stack) for _ in range(2)]
        for ws in seats:  # each seat within its own allowance, the address within its own
            _ask_hint(ws)
        seats[0].send_json({"type": "hint"})
        refused = seats[0].receive_json()
        assert refused["type"] == "error" and refused["code"] == "rate_limited"
        assert "2 hints a minute" in refused["message"] and "address" in refused["message"]
        _ask_hint(_at_my_turn(at(client, "10.0.0.2"), stack))  # another address's own


def test_the_hint_pool_serves_the_addresses_in_turn() -> None:
    import asyncio

    from tabletop.server.hints import TakeTurns

    async def run() -> list[str]:
        turns = TakeTurns(1)
        order: list[str] = []
        gate = asyncio.Event()

        async def hint(address: str, name: str) -> None:
            async with turns.slot(address):
                order.append(name)
                await gate.wait()

        first = asyncio.ensure_future(hint("a", "a1"))
        await asyncio.sleep(0)
        waiting = [
            asyncio.ensure_future(hint(address, name))
            for address, name in (("a", "a2"), ("a", "a3"), ("b", "b1"), ("c", "c1"), ("b", "b2"))
        ]
        await asyncio.sleep(0)
        gate.set()
        await asyncio.gather(first, *waiting)
        return order

    # a1 is being computed: b and c, never served, come before a's second.
    assert asyncio.run(run()) == ["a1", "b1", "c1", "a2", "b2", "a3"]


def test_addresses_of_one_ipv6_network_share_their_limits(make_client: Any) -> None:
    """Attack: a client holding an IPv6 /64 changes address at every table to lift
    the per-address quota. Addresses of one /64 count as one client; another /64, and
    IPv4 clients, keep their own allowance."""
    with make_client(max_live_tables_per_address=2) as client:
        rotating = [at(client, f"2001:db8:1:2::{n:x}") for n in range(1, 4)]
        for other in rotating[:2]:
            started(other)
        refused = rotating[2].post(
            "/api/tables",
            json={"game": "kung-fu", "seats": WITH_A_BOT, "options": KUNG_FU, "claim": 0},
        )
        assert refused.status_code == 429, refused.text
        started(at(client, "2001:db8:1:3::1"))  # the next /64: another client
        started(at(client, "192.0.2.7"))


def test_asking_for_the_replay_of_a_sleeping_game_does_not_wake_it(make_client: Any) -> None:
    """Attack: wake other people's sleeping tables into memory by asking for their
    replays or records (refused with 409, but only after loading them before)."""
    with make_client(idle_table_s=0.2) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        table = started(client)
        wait_until(lambda: table not in manager.tables)
        for path in (f"/api/tables/{table}/replay/0", f"/api/tables/{table}/record"):
            assert client.get(path).status_code == 409
        assert table not in manager.tables
        assert manager.storage.load_table(table).asleep is True

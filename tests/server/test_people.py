"""Bots wait for people: away is not over, and a round's end is read before play goes on.

A table whose people are all away pauses (its bots do not move, even one that was
thinking when the last person left); a replacement bot takes an absent person's seat
only while other people are there, waiting, and after the grace period; after UNO
Power's round end the bots wait until every person at the table said ``ready``.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

import tabletop
from tests.server.helpers import (
    HUMAN,
    bot,
    hello_state,
    is_state,
    new_table,
    receive_until,
)


def _settle(client: TestClient, table_id: str) -> None:
    """Wait until the table's bot driver and replacement timers have finished."""
    table = client.app.state.manager.tables[table_id]  # type: ignore[attr-defined]

    async def finished() -> None:
        import asyncio

        tasks = [t for t in (table.driver, *table.replacers.values()) if t is not None]
        await asyncio.gather(*tasks, return_exceptions=True)

    client.portal.call(finished)  # type: ignore[union-attr]


def _summary(client: TestClient, table_id: str) -> dict[str, Any]:
    data: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
    return data


def test_bots_wait_while_the_only_person_is_away(client: TestClient, gate_bot: Any) -> None:
    table = new_table(
        client, "kung-fu", [bot("gate"), HUMAN], options={"first_player": "0"}, seed=5, claim=1
    )
    _settle(client, table["id"])
    summary = _summary(client, table["id"])
    assert summary["paused"] and summary["version"] == 0  # nobody came: the bot waits
    assert not gate_bot.started.is_set()
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url) as ws:
        hello_state(ws, table["token"])
        assert gate_bot.started.wait(timeout=30)  # the person came: the bot thinks
    # The person left while the bot thought: its move is not played.
    gate_bot.release.set()
    _settle(client, table["id"])
    summary = _summary(client, table["id"])
    assert summary["paused"] and summary["version"] == 0
    with client.websocket_connect(url) as ws:
        msg = hello_state(ws, table["token"])
        msg = receive_until(ws, lambda m: is_state(m) and bool(m["legal"]))
        assert msg["version"] >= 1 and not msg["table"]["paused"]


def test_a_bots_only_table_plays_without_anybody(client: TestClient) -> None:
    table = new_table(
        client,
        "uno-power",
        [bot("random"), bot("random")],
        options={"target_score": "single_round"},
        seed=3,
    )
    _settle(client, table["id"])
    assert _summary(client, table["id"])["status"] == "over"


def test_a_replacement_takes_a_seat_only_while_other_people_wait(client: TestClient) -> None:
    table = new_table(
        client,
        "uno-power",
        [HUMAN, HUMAN, bot("random")],
        options={"target_score": "single_round"},
        seed=6,
        claim=0,
        replace_bot="random",
        leave_grace_s=600,
    )
    other = client.post(f"/api/tables/{table['id']}/seats/1/claim", json={"name": "Bo"}).json()
    live = client.app.state.manager.tables[table["id"]]  # type: ignore[attr-defined]
    url = f"/ws/tables/{table['id']}"
    # Ann alone at the table: Bo, who never came, gets a grace period.
    with client.websocket_connect(url) as ann:
        hello_state(ann, table["token"])
        assert set(live.replacers) == {1}
        with client.websocket_connect(url) as bo:
            hello_state(bo, other["token"])
            assert live.replacers == {}  # Bo is here: no timer
        # Joins and leaves reach the others as one small "presence" message.
        receive_until(
            ann, lambda m: m["type"] == "presence" and not m["table"]["seats"][1]["connected"]
        )
        assert set(live.replacers) == {1}  # Bo left while Ann waits: the grace period runs
    # Ann left too: nobody waits, so nobody is replaced, and the table pauses.
    _settle(client, table["id"])
    summary = _summary(client, table["id"])
    assert not any(s["replaced"] for s in summary["seats"])
    assert summary["paused"] and live.replacers == {}


def test_the_last_person_leaving_is_not_replaced(client: TestClient) -> None:
    table = new_table(
        client,
        "uno-power",
        [HUMAN, bot("random"), bot("random")],
        options={"target_score": "single_round"},
        seed=8,
        claim=0,
        replace_bot="random",
        leave_grace_s=0,
    )
    version = 0
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        msg = hello_state(ws, table["token"])
        if not msg["legal"]:
            msg = receive_until(ws, lambda m: is_state(m) and bool(m["legal"]))
        version = msg["version"]
    _settle(client, table["id"])
    summary = _summary(client, table["id"])
    assert not summary["seats"][0]["replaced"]  # nobody was waiting for Ann
    assert summary["version"] == version and summary["current_player"] == 0


def _play_to_a_round_end(ws: Any, msg: dict[str, Any]) -> dict[str, Any]:
    """Play the first legal action at each decision until a round ends."""
    while not any(e["kind"] == "round_end" for e in msg["log"]):
        if msg["legal"]:
            ws.send_json(
                {"type": "action", "action": msg["legal"][0]["id"], "version": msg["version"]}
            )
        msg = receive_until(ws, is_state)
    return msg


def test_the_bots_wait_for_the_people_to_read_a_round_summary(client: TestClient) -> None:
    # Seed 2 dealt as it is, and the first legal action each time: the bot starts round
    # 2 (checked below).
    table = new_table(
        client,
        "uno-power",
        [HUMAN, bot("heuristic")],
        options={"target_score": "400"},
        seed=2,
        known_deal=True,
        claim=0,
    )
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        msg = _play_to_a_round_end(ws, hello_state(ws, table["token"]))
        assert msg["result"] is None and msg["table"]["waiting_for_ready"] == [0]
        assert msg["view"]["round"] == 2 and msg["current_player"] == 1
        _settle(client, table["id"])
        assert _summary(client, table["id"])["version"] == msg["version"]  # the bot waits
        ws.send_json({"type": "ready"})
        ready = receive_until(ws, lambda m: is_state(m) and not m["table"]["waiting_for_ready"])
        moved = receive_until(ws, lambda m: is_state(m) and m["version"] > ready["version"])
        assert moved["version"] > msg["version"]


def test_a_person_who_leaves_during_a_break_is_not_waited_for(client: TestClient) -> None:
    table = new_table(
        client,
        "uno-power",
        [HUMAN, bot("heuristic")],
        options={"target_score": "400"},
        seed=2,
        claim=0,
    )
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        msg = _play_to_a_round_end(ws, hello_state(ws, table["token"]))
        assert msg["table"]["waiting_for_ready"] == [0]  # the break began
    live = client.app.state.manager.tables[table["id"]]  # type: ignore[attr-defined]
    _settle(client, table["id"])
    assert live.hold == set()  # the person left: nobody to wait for (the table pauses)


def test_legal_actions_carry_their_data(client: TestClient) -> None:
    table = new_table(
        client, "king-of-tokyo", [HUMAN, bot("random")], options={"first_player": "0"}, claim=0
    )
    game = tabletop.make("king-of-tokyo")
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        msg = hello_state(ws, table["token"])
        if not msg["legal"]:
            msg = receive_until(ws, lambda m: is_state(m) and bool(m["legal"]))
    for item in msg["legal"]:
        assert item == {"id": item["id"], "label": item["label"], **game.action_data(item["id"])}
    assert {item["move"] for item in msg["legal"]} <= {"keep", "stop", "keep_evolution"}

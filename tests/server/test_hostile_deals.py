"""Hostile clients against the deal: nobody computes a hidden card from a seed.

A table deals with a seed of its own (the chosen seed mixed with the server's secret
and the table's id), so the seed a creator types, a second table with the same body,
or the record of a finished table tells nothing about another table's cards. A
known deal is no secret: its seed is shown to everyone. Each test is an attack first
(on SQLite and PostgreSQL).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

import tabletop
from tests.server.helpers import HUMAN, bot, is_state, new_table, receive_until
from tests.server.serverproc import JsonSocket, running_server

SINGLE_ROUND = {"target_score": "single_round"}


def _first_state(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    return receive_until(ws, is_state)


def _hand(client: TestClient, table_id: str, token: str) -> list[str]:
    """The hand the seat of ``token`` was dealt (the bots wait for the person, so the
    first state is the deal)."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        msg = _first_state(ws, token)
    assert msg["version"] == 0
    return [card["label"] for card in msg["view"]["hand"]]


def _claim(client: TestClient, table_id: str, seat: int) -> str:
    response = client.post(f"/api/tables/{table_id}/seats/{seat}/claim", json={"name": "Bo"})
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def _labels(state: Any, seat: int) -> list[str]:
    return [card["label"] for card in state.view(seat)["hand"]]


def test_a_creator_cannot_compute_the_deal_from_the_seed(client: TestClient) -> None:
    """Attack: choose the seed, then read the victim's hand offline, or on a second table
    with the same body where the attacker claims the victim's seat."""
    body: dict[str, Any] = {"seats": [HUMAN, HUMAN], "seed": 424242}
    offline = tabletop.make("uno-power").new_state(2, seed=424242)
    table = new_table(client, "uno-power", claim=0, **body)
    victim = _hand(client, table["id"], _claim(client, table["id"], 1))
    assert victim != _labels(offline, 1)
    assert not table["known_deal"]
    # Before, the chosen seed dealt one game on the whole server: the second table's
    # seat 1 held the victim's cards. That was the oracle; now every table deals its own.
    copy = new_table(client, "uno-power", claim=1, **body)
    assert _hand(client, copy["id"], copy["token"]) != victim


def test_practice_tables_do_not_find_the_creators_seed(make_client: Any) -> None:
    """Attack: a seat that is not the creator deals practice tables with small seeds
    until one gives its own hand, and reads the creator's hand there."""
    with make_client(max_waiting_tables_per_address=16) as client:
        table = new_table(client, "uno-power", [HUMAN, HUMAN], seed=37, claim=0)
        mine = _hand(client, table["id"], _claim(client, table["id"], 1))
        found = []
        for seed in range(30, 40):
            practice = new_table(client, "uno-power", [HUMAN, HUMAN], seed=seed, claim=1)
            if _hand(client, practice["id"], practice["token"]) == mine:
                found.append(seed)
    assert found == []  # before: [37]


def test_the_deal_is_published_when_the_game_ends(client: TestClient) -> None:
    """The record holds the seed that was dealt, and it replays; before the end no
    summary, lobby line or frame shows it."""
    table = new_table(
        client, "uno-power", [bot("random"), bot("random")], options=SINGLE_ROUND, seed=5
    )
    assert client.get(f"/api/tables/{table['id']}/record").status_code == 409  # not yet
    frames: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello"})
        receive_until(ws, lambda m: is_state(m) and m["version"] > 0, frames)
        during = [
            client.get(f"/api/tables/{table['id']}").json(),
            *client.get("/api/tables").json(),
        ]
        receive_until(ws, lambda m: is_state(m) and m["result"] is not None, frames)
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert record["seed"] != 5
    final = tabletop.GameRecord.from_dict(record).replay()  # the published seed replays it
    assert final.is_terminal()
    assert all("seed" not in summary for summary in during)
    assert all("seed" not in frame.get("table", {}) for frame in frames)
    assert str(record["seed"]) not in json.dumps(frames[:-1]) + json.dumps(during)


def test_a_finished_record_tells_nothing_of_a_later_table(client: TestClient) -> None:
    """Attack: finish a table with seed 5, take the dealt seed from its record, and
    deal offline the game of every later table with seed 5."""
    finished = new_table(
        client, "uno-power", [bot("random"), bot("random")], options=SINGLE_ROUND, seed=5
    )
    with client.websocket_connect(f"/ws/tables/{finished['id']}") as ws:
        ws.send_json({"type": "hello"})
        receive_until(ws, lambda m: is_state(m) and m["result"] is not None)
    record = client.get(f"/api/tables/{finished['id']}/record").json()
    game = tabletop.make("uno-power", **SINGLE_ROUND)
    offline = game.new_state(2, seed=record["seed"])
    replayed = tabletop.GameRecord.from_dict(record)
    assert replayed.seed == record["seed"] and replayed.replay().is_terminal()
    later = new_table(
        client, "uno-power", [HUMAN, bot("random")], options=SINGLE_ROUND, seed=5, claim=0
    )
    assert _hand(client, later["id"], later["token"]) != _labels(offline, 0)


def test_a_known_deal_is_dealt_as_chosen_and_said_to_everyone(client: TestClient) -> None:
    """Attack: another seat of a known deal brute-forces the typed seed from its own
    hand. Nothing to find: the seed is shown to every seat, spectator and the lobby."""
    offline = tabletop.make("uno-power").new_state(2, seed=1234)
    table = new_table(
        client, "uno-power", [HUMAN, bot("random")], seed=1234, claim=0, known_deal=True
    )
    assert table["seed"] == 1234 and table["known_deal"] is True
    assert _hand(client, table["id"], table["token"]) == _labels(offline, 0)
    assert client.get(f"/api/tables/{table['id']}").json()["seed"] == 1234
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[table["id"]]["known_deal"] is True and listed[table["id"]]["seed"] == 1234
    with client.websocket_connect(f"/ws/tables/{table['id']}") as spectator:
        spectator.send_json({"type": "hello"})
        welcome = receive_until(spectator, lambda m: m["type"] == "welcome")
        state = receive_until(spectator, is_state)
    assert welcome["table"]["seed"] == 1234 and state["table"]["seed"] == 1234
    assert state["seat"] is None
    response = client.post(
        "/api/tables", json={"game": "uno-power", "seats": [HUMAN, HUMAN], "known_deal": True}
    )
    assert response.status_code == 422 and "seed" in response.json()["detail"]


POSITION = {"players": 2, "top": "red 3"}  # the hands are dealt with the table's seed


def test_a_position_deals_what_it_leaves_out_like_any_table(client: TestClient) -> None:
    """Attack: the same chosen seed and position, offline or on a second table, give the
    cards the position left to the deal. A known deal's position shows its seed."""
    game = tabletop.make("uno-power")
    offline = game.position({**POSITION, "seed": 77})
    body: dict[str, Any] = {"seats": [HUMAN, HUMAN], "seed": 77, "position": POSITION}
    table = new_table(client, "uno-power", claim=0, **body)
    victim = _hand(client, table["id"], _claim(client, table["id"], 1))
    copy = new_table(client, "uno-power", claim=1, **body)
    assert victim != _labels(offline, 1)
    assert _hand(client, copy["id"], copy["token"]) != victim  # before: the same cards
    assert "seed" not in client.get(f"/api/tables/{table['id']}").json()
    known = new_table(client, "uno-power", claim=0, known_deal=True, **body)
    assert known["seed"] == 77 and known["position"] is True
    assert _hand(client, known["id"], known["token"]) == _labels(offline, 0)


def test_two_processes_deal_the_same_seed_differently(postgres_url: str, tmp_path: Path) -> None:
    """Attack across a deployment: the same body sent to another process of the same
    database (which shares the server's secret) deals the victim's cards."""
    body = {"game": "uno-power", "seats": [HUMAN, HUMAN], "seed": 424242, "claim": 1}
    hands = []
    with running_server(postgres_url, tmp_path) as a, running_server(postgres_url, tmp_path) as b:
        for server in (a, b):
            response = server.http.post("/api/tables", json=body)
            assert response.status_code == 201, response.text
            table = response.json()
            with server.ws(table["id"]) as conn:
                msg = _first_state(JsonSocket(conn), table["token"])
            hands.append([card["label"] for card in msg["view"]["hand"]])
    assert hands[0] != hands[1]

"""Hostile clients: the audit's attacks on a live server, each reproduced, each refused.

Every test here is an attack first: what a client could do before, and what the
server now does instead (on SQLite and PostgreSQL where the database matters).
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

import tabletop
from tests.server.helpers import HUMAN, bot, is_state, new_table, receive_until


def _hand(client: TestClient, table: dict[str, Any]) -> list[str]:
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        msg = receive_until(ws, is_state)
    return [card["label"] for card in msg["view"]["hand"]]


def test_a_creator_cannot_compute_the_deal_from_the_seed(client: TestClient) -> None:
    """Attack: choose the seed, deal the same game offline, read every hand."""
    offline = tabletop.make("uno-power").new_state(2, seed=5)
    mine = [card["label"] for card in offline.view(0)["hand"]]
    table = new_table(client, "uno-power", [HUMAN, bot("random")], seed=5, claim=0)
    assert _hand(client, table) != mine
    assert not table["known_deal"]
    # The chosen seed still gives one game on this server: the same deal again.
    again = new_table(client, "uno-power", [HUMAN, bot("random")], seed=5, claim=0)
    assert _hand(client, again) == _hand(client, table)


def test_the_deal_is_published_when_the_game_ends(client: TestClient) -> None:
    table = new_table(
        client,
        "uno-power",
        [bot("random"), bot("random")],
        options={"target_score": "single_round"},
        seed=5,
    )
    assert client.get(f"/api/tables/{table['id']}/record").status_code == 409  # not yet
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello"})
        receive_until(ws, lambda m: is_state(m) and m["result"] is not None)
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert record["seed"] != 5
    final = tabletop.GameRecord.from_dict(record).replay()  # the published seed replays it
    assert final.is_terminal()


def test_a_known_deal_is_dealt_as_chosen_and_said_to_everyone(client: TestClient) -> None:
    offline = tabletop.make("uno-power").new_state(2, seed=5)
    mine = [card["label"] for card in offline.view(0)["hand"]]
    table = new_table(client, "uno-power", [HUMAN, bot("random")], seed=5, claim=0, known_deal=True)
    assert _hand(client, table) == mine
    assert client.get(f"/api/tables/{table['id']}").json()["known_deal"] is True
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[table["id"]]["known_deal"] is True
    response = client.post(
        "/api/tables", json={"game": "uno-power", "seats": [HUMAN, HUMAN], "known_deal": True}
    )
    assert response.status_code == 422 and "seed" in response.json()["detail"]


def test_garbage_on_the_websocket_gets_clear_errors(client: TestClient) -> None:
    """Attack: JSON nested 2,000 deep (a traceback per message before)."""
    table = new_table(client, "uno-power", [HUMAN, bot("random")], claim=0)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_text("[" * 2000 + "]" * 2000)
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "bad_json"
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"  # the connection still works


def test_a_nul_byte_in_a_name_is_dropped(client: TestClient) -> None:
    """Attack: a NUL byte in a name (a 500 on PostgreSQL before)."""
    table = new_table(client, "uno-power", [HUMAN, HUMAN], claim=0, name="A\x00nn\x1b[31m")
    assert table["seats"][0]["name"] == "Ann[31m"
    claimed = client.post(
        f"/api/tables/{table['id']}/seats/1/claim", json={"name": "\x00\x00"}
    ).json()
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert claimed["seat"] == 1 and summary["seats"][1]["name"] == "Player 2"


def test_a_refused_write_is_a_json_answer(client: TestClient, monkeypatch: Any) -> None:
    """Attack (or accident): the database refuses writes (a plain-text 500 before)."""
    from sqlalchemy.exc import OperationalError

    storage = client.app.state.manager.storage  # type: ignore[attr-defined]

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("attempt to write a readonly database"))

    monkeypatch.setattr(storage, "create_table", refuse)
    response = client.post("/api/tables", json={"game": "uno-power", "seats": [HUMAN, HUMAN]})
    assert response.status_code == 503
    assert "nothing changed" in response.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_bodies_and_request_rates_are_bounded(make_client: Any) -> None:
    """Attack: three 54 MiB posts (1.3 GB and 5 s of stalled play before); a flood."""
    with make_client(max_body_bytes=1000, http_rate_burst=5, http_rate_per_s=0.001) as client:
        big = {"game": "uno-power", "seats": [HUMAN, HUMAN], "name": "x" * 5000}
        response = client.post("/api/tables", json=big)
        assert response.status_code == 413 and "limit of 1000 bytes" in response.json()["detail"]
        # Chunked, without a length: read only up to the limit.
        chunks = (b"x" * 400 for _ in range(10))
        response = client.post("/api/tables", content=chunks)
        assert response.status_code == 413
        # A burst of 5, two of them spent above: three more, then "too many".
        codes = [client.get("/api/games").status_code for _ in range(5)]
        assert codes == [200, 200, 200, 429, 429]
        assert "too many requests" in client.get("/").text

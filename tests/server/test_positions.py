"""Tables that start from a position (docs/positions.md): created, told, replayed."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tabletop
from tests.server.helpers import HUMAN, bot, is_state, receive_until

MakeClient = Callable[..., AbstractContextManager[TestClient]]
LESSON = 'hands = [["red 5", "blue 9"], ["blue 5"]]\ntop = "red 3"\n'


def _create(client: TestClient, position: Any, seats: int = 2) -> Any:
    return client.post(
        "/api/tables",
        json={
            "game": "uno-power",
            "options": {"target_score": "single_round"},
            "seats": [HUMAN] + [bot("random")] * (seats - 1),
            "claim": 0,
            "position": position,
        },
    )


def test_a_table_starts_from_a_position_and_says_so(make_client: MakeClient) -> None:
    with make_client() as client:
        created = _create(client, LESSON)
        assert created.status_code == 201, created.text
        table = created.json()
        assert table["position"] is True
        listed = {t["id"]: t for t in client.get("/api/tables").json()}
        assert listed[table["id"]]["position"] is True
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            state = receive_until(ws, is_state)
            hand = sorted(c["label"] for c in state["view"]["hand"])
            assert hand == ["blue 9", "red 5"] and state["view"]["top_card"]["label"] == "red 3"
    # After a restart, the table is rebuilt from the position.
    with make_client() as client, client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        state = receive_until(ws, is_state)
        assert sorted(c["label"] for c in state["view"]["hand"]) == ["blue 9", "red 5"]


def test_the_record_of_a_position_game_replays(client: TestClient) -> None:
    created = _create(client, {"hands": [["red 5"], ["blue 5", "green 1"]], "top": "red 3"})
    table = created.json()
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        state = receive_until(ws, is_state)
        while state["result"] is None:
            if state["legal"]:
                ws.send_json(
                    {
                        "type": "action",
                        "action": state["legal"][0]["id"],
                        "version": state["version"],
                    }
                )
            state = receive_until(ws, is_state)
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert record["position"]["hands"][0] == ["red 5"]
    replayed = tabletop.GameRecord.from_dict(record).replay()
    assert replayed.winners() == record["result"]["winners"]


def test_a_whole_position_file_of_the_tables_game_is_taken(client: TestClient) -> None:
    """A position file as ``tabletop position from-state`` writes one names its game and
    options: the lobby takes it whole when they are the table's."""
    whole = f'game = "uno-power"\noptions = {{ target_score = "single_round" }}\n{LESSON}'
    created = _create(client, whole)
    assert created.status_code == 201, created.text
    record = client.get(f"/api/tables/{created.json()['id']}")
    assert record.json()["position"] is True


@pytest.mark.parametrize(
    ("position", "words"),
    [
        ("hands = [", "neither TOML nor JSON"),
        ('game = "kung-fu"', "the position is of kung-fu; this table plays uno-power"),
        (
            'game = "uno-power"\noptions = { target_score = "500", hand_size = 5 }',
            "other options (hand_size = 5, target_score = 500)",
        ),
        ({"options": "single_round"}, "options must be an object"),
        ({"options": {"hand_size": 99}}, "hand_size"),
        ({"hands": [["red 55"], ["blue 5"]]}, "no card called 'red 55'"),
        ({"hands": [["red 5"], ["blue 5"], ["green 5"]]}, "the position has 3 players"),
        ("x" * 20_001, "at most 20000 characters"),
        (["hands"], "Input should be"),
    ],
)
def test_bad_positions_are_refused(client: TestClient, position: Any, words: str) -> None:
    before = len(client.get("/api/tables").json())
    created = _create(client, position)
    assert created.status_code == 422
    assert words in created.text
    assert len(client.get("/api/tables").json()) == before

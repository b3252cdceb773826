"""A bot seat's thinking time: checked as untrusted input, capped, stored, shown and used."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tabletop
from tabletop.bots import registry as bot_registry
from tabletop.bots.ismcts import ISMCTSBot
from tabletop.core.action import Action
from tabletop.core.game import State
from tabletop.server import ServerSettings
from tabletop.server.rows import SeatRow, TableRow
from tabletop.server.storage import Storage
from tests.server.helpers import HUMAN, bot, new_table

MakeClient = Callable[..., AbstractContextManager[TestClient]]
THOUGHT: list[float | None] = []  # what each SpyBot decision was allowed, in order


class SpyBot(ISMCTSBot):
    """A search bot that notes the wall-time budget it was given and plays at once."""

    name = "spy"
    level = "easy"

    def choose(self, state: State, player: int) -> Action:
        THOUGHT.append(self.settings_for(state.game.id).seconds)
        return state.legal_actions()[0]


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> list[float | None]:
    monkeypatch.setitem(bot_registry._PER_GAME["kung-fu"], "spy", f"{__name__}:SpyBot")
    THOUGHT.clear()
    return THOUGHT


def thinking(name: str, think: Any) -> dict[str, Any]:
    return {**bot(name), "think": think}


def play_out(client: TestClient, table_id: str) -> dict[str, Any]:
    """Watch a bots-only table to its end; its final summary."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello"})
        while True:
            msg = ws.receive_json()
            if msg["type"] == "state" and msg["result"] is not None:
                break
    summary: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
    return summary


def test_the_lobby_is_told_which_bots_think_and_the_cap(make_client: MakeClient) -> None:
    with make_client(max_bot_think_seconds=2.5) as client:
        games = {g["id"]: g for g in client.get("/api/games").json()}
    for game in games.values():
        assert game["max_bot_think_s"] == 2.5
        searches = {b["name"]: b["searches"] for b in game["bot_levels"]}
        assert searches["normal"] and searches["easy"] and searches["hard"]
        assert not searches["random"] and not searches["heuristic"]


def test_a_think_time_is_stored_shown_and_kept_over_a_restart(make_client: MakeClient) -> None:
    seats = [HUMAN, thinking("normal", 1), thinking("heuristic", 1), thinking("hard", 0.25)]
    with make_client() as client:
        table = new_table(client, "uno-power", seats)
    assert [s["think"] for s in table["seats"]] == [None, 1.0, None, 0.25]
    # The label says how long a bot thinks; a bot that does not search has no time.
    names = [s["name"] for s in table["seats"]]
    assert names[1:] == ["Bot 2 (normal · 1 s)", "Bot 3 (heuristic)", "Bot 4 (hard · 0.25 s)"]
    with make_client() as client:  # a new process on the same database
        again = client.get(f"/api/tables/{table['id']}").json()
        listed = client.get("/api/tables").json()
    assert [s["think"] for s in again["seats"]] == [None, 1.0, None, 0.25]
    assert [s["name"] for s in listed[0]["seats"]] == [s["name"] for s in table["seats"]]


def test_the_bot_thinks_for_the_stored_time(make_client: MakeClient, spy: list[float]) -> None:
    with make_client() as client:
        table = new_table(client, "kung-fu", [thinking("spy", 0.5), bot("random")], seed=3)
        play_out(client, table["id"])
    assert spy and set(spy) == {0.5}


def test_a_bot_without_a_time_searches_by_its_level(
    make_client: MakeClient, spy: list[float]
) -> None:
    with make_client() as client:
        table = new_table(client, "kung-fu", [bot("spy"), bot("random")], seed=3)
        play_out(client, table["id"])
    assert spy and set(spy) == {None}


def test_a_lowered_cap_holds_for_tables_made_before(
    database_url: str, make_client: MakeClient, spy: list[float]
) -> None:
    """A table stored with 2 s plays at this server's cap when it resumes."""
    game = tabletop.make("kung-fu")
    storage = Storage(database_url)
    storage.create_table(
        TableRow(
            id="older",
            game="kung-fu",
            options=game.options_dict(),
            num_players=2,
            seed=5,
            status="playing",
            version=0,
            replace_bot=None,
            leave_grace_s=30.0,
            created_at=time.time(),
            seats=[
                SeatRow(0, "bot", "spy", "Bot 1 (spy · 2 s)", think=2.0),
                SeatRow(1, "bot", "random", "Bot 2 (random)"),
            ],
        )
    )
    storage.close()
    with make_client(max_bot_think_seconds=0.25) as client:
        play_out(client, "older")
    assert spy and set(spy) == {0.25}


def test_the_cap_never_reaches_the_decision_time_limit() -> None:
    settings = ServerSettings(max_bot_think_seconds=30.0, bot_time_limit_s=20.0)
    assert settings.bot_think_cap() == 10.0
    assert ServerSettings().bot_think_cap() == 3.0


@pytest.mark.parametrize(
    "think",
    [
        '"1"',  # text, even of a number
        "-1",
        "0",
        "NaN",  # Python's JSON reader takes these words
        "Infinity",
        "-Infinity",
        "1e308",
        "1" + "0" * 400,  # an integer too large for a float
        "3.5",  # over the default cap of 3 s
        "true",
        "[1]",
        '{"s": 1}',
    ],
)
def test_a_bad_think_time_is_refused_and_changes_nothing(client: TestClient, think: str) -> None:
    body = (
        '{"game": "kung-fu", "seats": [{"kind": "human"}, '
        f'{{"kind": "bot", "bot": "normal", "think": {think}}}]}}'
    )
    response = client.post(
        "/api/tables", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 422, response.text
    message = json.dumps(response.json())
    assert "thinking time" in message and len(message) < 300, message
    assert client.get("/api/tables").json() == []


def test_only_a_bot_seat_has_a_think_time(client: TestClient) -> None:
    response = client.post(
        "/api/tables", json={"game": "kung-fu", "seats": [{**HUMAN, "think": 1}, bot("random")]}
    )
    assert response.status_code == 422 and "only a bot seat" in response.text
    assert client.get("/api/tables").json() == []


def test_the_cap_is_the_servers(make_client: MakeClient) -> None:
    with make_client(max_bot_think_seconds=0.5) as client:
        refused = client.post(
            "/api/tables", json={"game": "kung-fu", "seats": [HUMAN, thinking("normal", 1)]}
        )
        assert refused.status_code == 422 and "at most 0.5 seconds" in refused.text
        table = new_table(client, "kung-fu", [HUMAN, thinking("normal", 0.5)])
    assert table["seats"][1]["think"] == 0.5 and not math.isnan(table["seats"][1]["think"])

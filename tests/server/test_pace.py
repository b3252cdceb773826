"""A table's bots' pace, chosen by its creator within the server's bounds; the lobby's
list says how long each table has been idle; bots are named by their titles."""

from __future__ import annotations

import json
import math
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.server.pace import table_pace
from tabletop.server.rows import TableRow
from tabletop.server.settings import ServerSettings
from tests.server.helpers import HUMAN, bot, is_state, new_table, receive_until

MOVES = 8


def test_the_lobby_offers_the_pace_and_a_table_keeps_its_own(client: TestClient) -> None:
    offer = client.get("/api/games").json()[0]["bot_pause"]
    assert offer == {"default": 0.0, "min": 0.0, "max": 5.0}  # the tests' server pace is 0
    table = new_table(client, "kung-fu", [bot("random"), bot("random")], bot_pause_s=1.5)
    assert table["bot_pause_s"] == 1.5
    assert client.get(f"/api/tables/{table['id']}").json()["bot_pause_s"] == 1.5
    plain = new_table(client, "kung-fu", [bot("random"), bot("random")])
    assert plain["bot_pause_s"] is None  # the server's pace


@pytest.mark.parametrize("pace", [-1, 5.01, 1e9, "fast", [1], math.inf, math.nan])
def test_a_pace_out_of_bounds_is_refused_and_makes_nothing(client: TestClient, pace: Any) -> None:
    before = len(client.get("/api/tables").json())
    body = {"game": "kung-fu", "seats": [HUMAN, bot("random")], "bot_pause_s": pace}
    # NaN and infinity are not JSON: a client may send them as Python's json writes them.
    response = client.post(
        "/api/tables", content=json.dumps(body), headers={"content-type": "application/json"}
    )
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str | list) and detail
    if isinstance(pace, int | float) and not isinstance(pace, bool) and math.isfinite(pace):
        assert detail == "the bots' pace is between 0 and 5 seconds a move"
    assert len(client.get("/api/tables").json()) == before


def _time_to(client: TestClient, pace: float | None) -> float:
    """Seconds from making a table of two random bots to its move ``MOVES``."""
    start = time.monotonic()
    extra = {} if pace is None else {"bot_pause_s": pace}
    table = new_table(client, "kung-fu", [bot("random"), bot("random")], seed=5, **extra)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": None})
        receive_until(ws, lambda m: is_state(m) and m["version"] >= MOVES)
    return time.monotonic() - start


@pytest.mark.alone
def test_the_bots_wait_the_tables_pace_before_each_move(client: TestClient) -> None:
    """A table paced 0.1 s takes at least 0.1 s for each bot move, and clearly longer
    than a table at the server's pace (none in tests) made in the same test. (The
    first bound is a wait that a loaded machine cannot shorten; the second leaves the
    unpaced table half the pace a move of noise.)"""
    baseline = _time_to(client, None)
    paced = _time_to(client, 0.1)
    assert paced >= 0.9 * MOVES * 0.1, (paced, baseline)
    assert baseline < paced - 0.5 * MOVES * 0.1, (paced, baseline)


def test_a_stored_pace_is_bounded_again_by_the_server() -> None:
    """A server restarted with a lower maximum paces a table made before at that
    maximum, not at the pace stored with it."""
    row = TableRow("t", "kung-fu", {}, 2, 1, "playing", 0, None, 60, 0.0, bot_pause_s=4.0)
    assert table_pace(row, ServerSettings(bot_pause_s=0.7)) == 4.0
    assert table_pace(row, ServerSettings(bot_pause_s=0.7, max_bot_pause_s=2.0)) == 2.0
    assert (
        table_pace(
            TableRow("u", "kung-fu", {}, 2, 1, "playing", 0, None, 60, 0.0),
            ServerSettings(bot_pause_s=0.7),
        )
        == 0.7
    )


def test_the_lobby_says_how_long_a_table_is_idle_and_whether_it_is_paused(
    client: TestClient,
) -> None:
    waiting = new_table(client, "kung-fu", [HUMAN, HUMAN], claim=0, name="Ann")
    alone = new_table(client, "uno-power", [HUMAN, bot("random")], claim=0, name="Bo")
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[waiting["id"]]["status"] == "waiting"
    assert 0 <= listed[waiting["id"]]["idle_s"] <= 60
    # Its only person never came: the bots wait, and the lobby says the game is paused.
    assert listed[alone["id"]]["status"] == "playing" and listed[alone["id"]]["paused"]
    assert 0 <= listed[alone["id"]]["idle_s"] <= 60


def test_a_bot_seat_carries_its_title_for_the_pages_to_translate(client: TestClient) -> None:
    table = new_table(client, "king-of-tokyo", [HUMAN, bot("heuristic"), bot("ismcts")])
    seats = table["seats"]
    assert seats[0]["bot_title"] is None
    assert seats[1]["bot_title"] == "Heuristic"
    assert seats[2]["bot_title"] == "Normal"  # an alias has its level's title
    assert table["replace_bot_title"] is None

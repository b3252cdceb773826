"""Turn-based tables (server/turns.py): a time per move instead of people being there.

The terms are checked; the clock runs while a person is to move and stops while a bot
is; bots never take a person's seat for being away and play on with nobody connected;
a person out of time is replaced by the heuristic bot (the others are told, and the
person takes the seat back by coming back) or ends the table; the clock survives a
restart, also at a table asleep.

Time passing is the clock's due time moved into the past (``_time_passes``), in memory
and in the database, as hours passing would leave it: the tests wait for the server's
messages, never for a clock.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, update

from tabletop.server.engine import engine_url
from tabletop.server.quotas import Quotas
from tabletop.server.schema import tables_t
from tests.server.helpers import (
    HUMAN,
    GateBot,
    bot,
    hello_state,
    is_state,
    new_table,
    receive_until,
)

Factory = Callable[..., AbstractContextManager[TestClient]]
TURNS = {"min_move_time_s": 0.2, "max_move_time_s": 1000.0, "turn_scan_s": 0.05}
"""Small bounds and a quick scan, so that the tests take seconds."""


def _my_move(ws: Any, token: str) -> dict[str, Any]:
    """Say hello, and the first state where the seat decides (the hello's own, if the
    bot moved before it)."""
    msg = hello_state(ws, token)
    if not msg["legal"]:
        msg = receive_until(ws, lambda m: is_state(m) and bool(m["legal"]), limit=50)
    return msg


def _stored(client: TestClient, table_id: str) -> Any:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    return manager.storage.load_table(table_id)


def _duel(client: TestClient, on_timeout: str = "bot", move_time_s: float = 500) -> dict[str, Any]:
    """A Kung Fu table of two people, Ann (seat 0, to move first) and Bo: the table's
    summary with both tokens."""
    table = new_table(
        client,
        "kung-fu",
        [HUMAN, HUMAN],
        options={"first_player": "0"},
        seed=4,
        claim=0,
        name="Ann",
        move_time_s=move_time_s,
        on_timeout=on_timeout,
    )
    bo = client.post(f"/api/tables/{table['id']}/seats/1/claim", json={"name": "Bo"})
    assert bo.status_code == 200, bo.text
    table["bo_token"] = bo.json()["token"]
    return table


def _time_passes(client: TestClient, table_id: str) -> None:
    """The person to move runs out of time: their due time is a second ago."""
    live = client.app.state.manager.tables[table_id]  # type: ignore[attr-defined]
    assert live.row.turn_due_at is not None  # a person's clock runs
    past = time.time() - 1
    engine = create_engine(engine_url(client.app.state.settings.database_url))  # type: ignore[attr-defined]
    with engine.begin() as conn:
        conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(turn_due_at=past))
    engine.dispose()
    live.row.turn_due_at = past


# -- the terms -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"move_time_s": 60}, "between 3600 and 259200"),  # too short
        ({"move_time_s": 259201}, "between 3600 and 259200"),  # too long
        ({"move_time_s": math.nan}, "between 3600 and 259200"),
        ({"move_time_s": math.inf}, "between 3600 and 259200"),
        ({"move_time_s": "1 hour"}, "between 3600 and 259200"),
        ({"move_time_s": True}, "between 3600 and 259200"),
        ({"move_time_s": 3600, "replace_bot": "heuristic"}, "no replacement bot"),
        ({"move_time_s": 3600, "on_timeout": "sleep"}, "on_timeout"),
        ({"move_time_s": 3600, "rated": "yes"}, "rated"),
    ],
)
def test_bad_terms_are_refused_saying_why(
    client: TestClient, extra: dict[str, Any], words: str
) -> None:
    body = {"game": "kung-fu", "seats": [HUMAN, bot("random")], "claim": 0, **extra}
    # NaN and infinity are not JSON: a client may send them as Python's json writes them.
    response = client.post(
        "/api/tables", content=json.dumps(body), headers={"content-type": "application/json"}
    )
    assert response.status_code == 422, response.text
    assert words in response.json()["detail"]
    assert client.get("/api/tables").json() == []  # nothing was made


def test_a_turn_based_table_says_its_terms(client: TestClient) -> None:
    table = new_table(
        client,
        "kung-fu",
        [HUMAN, bot("random")],
        options={"first_player": "0"},
        claim=0,
        move_time_s=3600,
        on_timeout="end",
    )
    assert table["move_time_s"] == 3600 and table["on_timeout"] == "end"
    assert table["replace_bot"] is None and not table["rated"]
    assert table["created_at"] + 3600 == pytest.approx(table["turn_due_at"], abs=1)
    plain = new_table(client, "kung-fu", [HUMAN, bot("random")], claim=0)
    assert plain["move_time_s"] is None and plain["on_timeout"] is None
    assert plain["turn_due_at"] is None  # real-time: no clock


# -- the clock and the bots ------------------------------------------------------------------


def _gate_first(client: TestClient, **extra: Any) -> dict[str, Any]:
    """A turn-based Kung Fu table where the gate bot moves first, seat 1 claimed."""
    seats = [bot("gate"), HUMAN]
    options = {"first_player": "0"}
    return new_table(client, "kung-fu", seats, options=options, claim=1, move_time_s=500, **extra)


def test_the_clock_runs_for_people_and_the_bots_play_with_nobody_there(
    make_client: Factory, gate_bot: type[GateBot]
) -> None:
    with make_client(**TURNS) as client:
        table = _gate_first(client, seed=5)
        # Nobody is connected, and the bot thinks all the same (at a real-time table it
        # waits for its person: test_people.py).
        assert gate_bot.started.wait(timeout=30)
        summary = client.get(f"/api/tables/{table['id']}").json()
        assert summary["turn_due_at"] is None and not summary["paused"]  # a bot is to move
        assert _stored(client, table["id"]).turn_due_at is None
        before = time.time()
        gate_bot.release.set()
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            msg = _my_move(ws, table["token"])
            due = msg["table"]["turn_due_at"]
            assert before + 500 <= due <= time.time() + 500  # the person's move: 500 s
            # Stored with the action that gave the person the decision.
            stored = _stored(client, table["id"])
            assert stored.version == msg["version"] and stored.turn_due_at == due


def test_nobody_is_replaced_for_being_away_at_a_turn_based_table(client: TestClient) -> None:
    def two_people(**terms: Any) -> tuple[dict[str, Any], Any]:
        table = new_table(
            client,
            "uno-power",
            [HUMAN, HUMAN, bot("random")],
            options={"target_score": "single_round"},
            seed=6,
            claim=0,
            **terms,
        )
        client.post(f"/api/tables/{table['id']}/seats/1/claim", json={"name": "Bo"})
        return table, client.app.state.manager.tables[table["id"]]  # type: ignore[attr-defined]

    real_time, live_real = two_people(replace_bot="random", leave_grace_s=600)
    turn_based, live_turns = two_people(move_time_s=3600)
    with (
        client.websocket_connect(f"/ws/tables/{real_time['id']}") as ann_real,
        client.websocket_connect(f"/ws/tables/{turn_based['id']}") as ann_turns,
    ):
        hello_state(ann_real, real_time["token"])
        hello_state(ann_turns, turn_based["token"])
        # Ann waits for Bo, who is away: the real-time table's grace period runs...
        assert set(live_real.replacers) == {1}
        # ...and the turn-based table's does not: Bo has his clock instead.
        assert live_turns.replacers == {}
        assert not live_turns.row.seats[1].replaced


def test_a_turn_based_table_with_a_bot_to_move_stays_awake(
    make_client: Factory, gate_bot: type[GateBot]
) -> None:
    with make_client(**TURNS) as client:
        table = _gate_first(client)
        live = client.app.state.manager.tables[table["id"]]  # type: ignore[attr-defined]
        assert gate_bot.started.wait(timeout=30)
        assert Quotas.idlest([live]) is None  # the bot plays on: no sleep
        gate_bot.release.set()
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            _my_move(ws, table["token"])
        assert Quotas.idlest([live]) is live  # the person's move: it may sleep


# -- out of time ---------------------------------------------------------------------------


def test_out_of_time_the_heuristic_bot_plays_on_until_the_person_comes_back(
    make_client: Factory,
) -> None:
    with make_client(**TURNS) as client:
        table = _duel(client, "bot")
        live = client.app.state.manager.tables[table["id"]]  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/tables/{table['id']}") as bo:
            hello_state(bo, table["bo_token"])
            _time_passes(client, table["id"])
            told = receive_until(bo, lambda m: m["type"] == "timeout", limit=50)
            assert told == {"type": "timeout", "seat": 0, "then": "bot"}
            msg = receive_until(bo, is_state, limit=50)
            assert msg["table"]["seats"][0]["replaced"]
            assert live.bot_for(0) == "heuristic"
            assert _stored(client, table["id"]).seats[0].replaced
            # The bot plays Ann's move: the decision comes to Bo, with his own clock.
            before = time.time()
            msg = receive_until(bo, lambda m: is_state(m) and bool(m["legal"]), limit=50)
            assert msg["table"]["turn_due_at"] >= before + 500 - 1
            with client.websocket_connect(f"/ws/tables/{table['id']}") as ann:
                back = hello_state(ann, table["token"])  # Ann comes back: her seat is hers
                assert not back["table"]["seats"][0]["replaced"]
                assert live.bot_for(0) is None
                assert not _stored(client, table["id"]).seats[0].replaced


def test_out_of_time_the_table_ends_saying_who(make_client: Factory) -> None:
    with make_client(**TURNS) as client:
        table = _duel(client, "end")
        with client.websocket_connect(f"/ws/tables/{table['id']}") as bo:
            hello_state(bo, table["bo_token"])
            _time_passes(client, table["id"])
            told = receive_until(bo, lambda m: m["type"] == "timeout", limit=50)
            assert told == {"type": "timeout", "seat": 0, "then": "end"}
            msg = receive_until(bo, is_state, limit=50)
            result = {"winners": [], "returns": [0.0, 0.0], "timeout": 0}
            assert msg["result"] == result and msg["table"]["status"] == "over"
            assert msg["legal"] == []
        stored = _stored(client, table["id"])
        assert (stored.status, stored.result, stored.turn_due_at) == ("over", result, None)


def test_the_clock_survives_a_restart_also_asleep(make_client: Factory) -> None:
    """A new app on the same database finds each due time as it was stored, and acts on
    the tables past it: one in memory, one asleep (woken to hand the seat over)."""
    with make_client(**TURNS) as client:
        ends = _duel(client, "end")
        replaces = _duel(client, "bot")
        due = {
            t["id"]: client.get(f"/api/tables/{t['id']}").json()["turn_due_at"]
            for t in (ends, replaces)
        }
    with make_client(**{**TURNS, "turn_scan_s": 3600}) as client:  # no scan of its own
        manager = client.app.state.manager  # type: ignore[attr-defined]
        for table_id, when in due.items():
            assert when is not None and manager.tables[table_id].row.turn_due_at == when
        _time_passes(client, ends["id"])
        _time_passes(client, replaces["id"])
        assert client.portal.call(manager.put_to_sleep, manager.tables[replaces["id"]])  # type: ignore[union-attr]
    with make_client(**{**TURNS, "turn_scan_s": 3600}) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert replaces["id"] not in manager.tables  # asleep: not loaded at start
        assert client.portal.call(manager.turns.scan) == 2  # type: ignore[union-attr]
        ended = _stored(client, ends["id"])
        assert ended.status == "over" and ended.result["timeout"] == 0
        woken = _stored(client, replaces["id"])
        assert not woken.asleep and woken.seats[0].replaced and woken.status == "playing"
        assert manager.tables[replaces["id"]].bot_for(0) == "heuristic"

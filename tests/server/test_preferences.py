"""Seat preferences over the websocket: described, checked, kept, and answering for
the player (docs/server.md, "Preferences")."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from fastapi.testclient import TestClient

from tests.server.helpers import (
    HUMAN,
    bot,
    error_of,
    is_state,
    new_table,
    next_decision,
    receive_until,
    replay_states,
)

MakeClient = Callable[..., AbstractContextManager[TestClient]]
POWER_UP = {"power_up": "on", "first_player": "0"}


def _kot_table(client: TestClient, seed: int = 5, **options: Any) -> dict[str, Any]:
    seats = [HUMAN, bot("random"), bot("random"), bot("random")]
    return new_table(
        client,
        "king-of-tokyo",
        seats,
        options={**POWER_UP, **options},
        seed=seed,
        known_deal=True,
        claim=0,
        name="Ann",
    )


def _hello(ws: Any, token: str | None) -> tuple[dict[str, Any], dict[str, Any]]:
    ws.send_json({"type": "hello", "token": token})
    welcome = receive_until(ws, lambda m: m["type"] == "welcome")
    return welcome, receive_until(ws, is_state)


def test_a_seat_is_told_its_preferences_and_what_they_mean(client: TestClient) -> None:
    table = _kot_table(client)
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url) as ws, client.websocket_connect(url) as spectator:
        welcome, state = _hello(ws, table["token"])
        names = {p["name"] for p in welcome["preferences"]}
        assert {"evolutions", "leave_tokyo_at", "rapid_healing", "skip_next_buy"} <= names
        assert state["preferences"]["evolutions"] == "matching"
        watching, state = _hello(spectator, None)
        assert watching["preferences"] == [] and state["preferences"] is None


def test_bad_preferences_are_refused_and_change_nothing(client: TestClient) -> None:
    table = _kot_table(client)
    url = f"/ws/tables/{table['id']}"
    refused = [
        {"preferences": {"evolutions": "sometimes"}},
        {"preferences": {"no_such_thing": 1}},
        {"preferences": {"leave_tokyo_at": 6, "stay_in_tokyo_at": 5}},
        {"preferences": {"leave_tokyo_at": 999}},
        {"preferences": {"evolutions": ["off"]}},
        {"preferences": {f"k{i}": 1 for i in range(100)}},
        {"preferences": []},
        {},
    ]
    with client.websocket_connect(url) as ws:
        _hello(ws, table["token"])
        for message in refused:
            ws.send_json({"type": "preferences", **message})
            assert error_of(ws)["code"] == "bad_preferences", message
    seat = client.app.state.manager.storage.load_table(table["id"]).seats[0]  # type: ignore[attr-defined]
    assert seat.preferences is None


def test_spectators_and_games_without_preferences_are_refused(client: TestClient) -> None:
    table = _kot_table(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        _hello(ws, None)
        ws.send_json({"type": "preferences", "preferences": {"evolutions": "off"}})
        assert error_of(ws)["code"] == "not_seated"
    uno = new_table(
        client,
        "uno-power",
        [HUMAN, bot("random")],
        options={"target_score": "single_round"},
        claim=0,
    )
    with client.websocket_connect(f"/ws/tables/{uno['id']}") as ws:
        welcome, state = _hello(ws, uno["token"])
        assert welcome["preferences"] == [] and state["preferences"] is None
        ws.send_json({"type": "preferences", "preferences": {"evolutions": "off"}})
        assert error_of(ws)["code"] == "bad_preferences"


def test_preferences_are_kept_across_a_restart(make_client: MakeClient) -> None:
    with make_client() as client:
        table = _kot_table(client)
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            _hello(ws, table["token"])
            ws.send_json(
                {
                    "type": "preferences",
                    "preferences": {"evolutions": "every", "leave_tokyo_at": 3},
                }
            )
            changed = receive_until(ws, lambda m: m["type"] == "preferences")
            assert changed["preferences"]["evolutions"] == "every"
            ws.send_json({"type": "preferences", "preferences": {"leave_tokyo_at": 4}})
            changed = receive_until(ws, lambda m: m["type"] == "preferences")
            assert changed["preferences"]["evolutions"] == "every"  # the others stay
            assert changed["preferences"]["leave_tokyo_at"] == 4
    with make_client() as client, client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        _, state = _hello(ws, table["token"])
        assert state["preferences"]["evolutions"] == "every"
        assert state["preferences"]["leave_tokyo_at"] == 4


def _play_first_choice(
    ws: Any, msg: dict[str, Any], frames: list[dict[str, Any]]
) -> dict[str, Any]:
    """Answer every question with its first legal action until the game ends."""
    while True:
        msg = next_decision(ws, msg, frames)
        if msg["result"] is not None:
            return msg
        ws.send_json({"type": "action", "action": msg["legal"][0]["id"], "version": msg["version"]})
        sent = msg["version"]
        msg = receive_until(ws, lambda m, v=sent: is_state(m) and m["version"] > v, frames)


def test_preferences_answer_for_the_player(client: TestClient) -> None:
    """With Evolutions "off" and empty steps skipped, the player is never asked a
    question where passing is all it could do, nor about Evolutions; those answers
    are played as its own and announced to it alone."""
    table = _kot_table(client, seed=11)
    url = f"/ws/tables/{table['id']}"
    frames: list[dict[str, Any]] = []
    watched: list[dict[str, Any]] = []
    with client.websocket_connect(url) as ws, client.websocket_connect(url) as spectator:
        _hello(spectator, None)
        _, msg = _hello(ws, table["token"])
        ws.send_json(
            {"type": "preferences", "preferences": {"evolutions": "off", "skip_empty_steps": True}}
        )
        receive_until(ws, lambda m: m["type"] == "preferences", frames)
        msg = receive_until(ws, is_state, frames)  # the question as the preferences leave it
        msg = _play_first_choice(ws, msg, frames)
        receive_until(spectator, lambda m: is_state(m) and m["result"] is not None, watched)
    asked = [m for m in frames if is_state(m) and m["legal"]]
    assert asked, "the player decided nothing itself"
    for m in asked[1:]:  # the first was sent before the preferences arrived
        moves = {a["move"] for a in m["legal"]}
        assert m["view"]["decision"]["kind"] != "play_evolution", m["view"]["decision"]
        assert not moves <= {"decline", "take_damage"}, moves
    answered = [m for m in frames if m["type"] == "answered"]
    assert answered, "no question was answered for the player"
    assert not any(m["type"] == "answered" for m in watched)
    # Each answer is in the game's record as seat 0's own action.
    record = client.get(f"/api/tables/{table['id']}/record").json()
    states = replay_states(record)
    for m in answered:
        before = states[m["version"] - 1]
        assert before.current_player == 0
        assert before.game.action_from_id(record["actions"][m["version"] - 1]).label == m["label"]


def test_a_one_off_preference_turns_itself_off(client: TestClient) -> None:
    """ "Skip my Buy phase" ends the next Buy phase, then is off again."""
    table = _kot_table(client, seed=2, evolution_prompts="holding")
    url = f"/ws/tables/{table['id']}"
    frames: list[dict[str, Any]] = []
    with client.websocket_connect(url) as ws:
        _, msg = _hello(ws, table["token"])
        ws.send_json({"type": "preferences", "preferences": {"skip_next_buy": True}})
        receive_until(ws, lambda m: m["type"] == "preferences", frames)
        msg = receive_until(ws, is_state, frames)
        for _ in range(200):
            msg = next_decision(ws, msg, frames)
            if msg["view"]["decision"]["kind"] == "buy" or msg["result"] is not None:
                break
            ws.send_json(
                {"type": "action", "action": msg["legal"][-1]["id"], "version": msg["version"]}
            )
            sent = msg["version"]
            msg = receive_until(ws, lambda m, v=sent: is_state(m) and m["version"] > v, frames)
    answered = [m["label"] for m in frames if m["type"] == "answered"]
    assert answered == ["end your Buy phase"], answered
    # The next Buy phase is the player's to answer again.
    assert msg["result"] is None and msg["view"]["decision"]["kind"] == "buy"
    turned_off = [m for m in frames if m["type"] == "preferences"][-1]
    assert turned_off["preferences"]["skip_next_buy"] is False

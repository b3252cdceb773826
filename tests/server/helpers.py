"""Helpers of the server tests: creating tables, reading websockets, privacy checks."""

from __future__ import annotations

import json
import threading
from typing import Any, Protocol

import tabletop
from tabletop.bots.base import RandomBot
from tabletop.core.game import State
from tabletop.games.king_of_tokyo.evolutions import evolution_table


class Socket(Protocol):
    def receive_json(self) -> Any: ...


def new_table(client: Any, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


HUMAN = {"kind": "human"}


def bot(name: str) -> dict[str, Any]:
    return {"kind": "bot", "bot": name}


def receive_until(
    ws: Socket, predicate: Any, frames: list[dict[str, Any]] | None = None, limit: int = 2000
) -> dict[str, Any]:
    """Read messages until one satisfies ``predicate``; every message goes to ``frames``.

    An ``error`` the predicate does not accept fails at once instead of waiting.
    """
    for _ in range(limit):
        msg: dict[str, Any] = ws.receive_json()
        if frames is not None:
            frames.append(msg)
        if predicate(msg):
            return msg
        if msg["type"] == "error":
            raise AssertionError(f"unexpected error from the server: {msg}")
    raise AssertionError(f"no matching message in {limit} messages")


def is_state(msg: dict[str, Any]) -> bool:
    return bool(msg["type"] == "state")


def my_decision_or_end(msg: dict[str, Any]) -> bool:
    return is_state(msg) and (bool(msg["legal"]) or msg["result"] is not None)


def error_of(ws: Socket, frames: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return receive_until(ws, lambda m: m["type"] == "error", frames, limit=50)


def replay_states(record: dict[str, Any]) -> list[State]:
    """The state after each number of actions of a record: index = version."""
    game = tabletop.make(record["game"], **record["options"])
    state = game.new_state(record["num_players"], seed=record["seed"])
    states = [state.clone()]
    for action in record["actions"]:
        state.apply(action)
        states.append(state.clone())
    return states


def hidden_labels(state: State, seat: int | None) -> set[str]:
    """Labels of the cards in the other seats' hands, straight from ``to_dict``'s hidden part."""
    if state.game.id == "king-of-tokyo":
        return _king_of_tokyo_hidden(state, seat)
    hands = state.to_dict(include_log=False)["state"]["hands"]
    labels: set[str] = set()
    for other in range(state.num_players):
        if other == seat:
            continue
        hand = state.view(other)["hand"]
        kinds = [c.get("kind", c.get("type")) for c in hand]
        if state.game.id == "uno-power":
            assert sorted(kinds) == sorted(hands[other])  # the view's hand is to_dict's
        labels |= {c["label"] for c in hand}
    return labels


def _king_of_tokyo_hidden(state: State, seat: int | None) -> set[str]:
    """King of Tokyo's secrets for ``seat``: the other seats' Evolution hands, the
    Evolutions they drew to keep or hold in a draft packet, and the next card of
    every deck (the Power deck unless the seat sees its top, each Evolution deck)."""
    labels: set[str] = set()
    for other in range(state.num_players):
        if other == seat:
            continue
        view = state.view(other)
        evolutions = view["monsters"][other].get("evolutions")
        if evolutions is not None:
            labels |= {e["name"] for e in evolutions["hand"] + evolutions.get("packet", [])}
        decision = view["decision"]
        if decision is not None and decision["player"] == other:
            labels |= {e["name"] for e in decision.get("drawn", [])}
    kot: Any = state
    if kot.deck and "deck_top" not in state.view(seat):
        labels.add(kot.cards.described[kot.deck[-1]]["name"])
    if kot.pu is not None:
        info = evolution_table().info
        labels |= {info[deck[-1]].name for deck in kot.pu.deck if deck}
    return labels


def check_private(frames: list[dict[str, Any]], record: dict[str, Any], seat: int | None) -> int:
    """Every ``state`` frame a client at ``seat`` got holds exactly its own view and
    log, and no card label of another seat's hand that the seat could not know.

    Returns how many hidden labels were checked (so a test can see it was not vacuous).
    """
    states = replay_states(record)
    final_log = {e.seq: e for e in states[-1].log}
    checked = 0
    known_text = ""
    known_upto = -1
    for frame in frames:
        if frame.get("type") != "state":
            continue
        assert frame["seat"] == seat
        version = frame["version"]
        state = states[version]
        assert frame["view"] == state.view(seat), f"version {version}: not the seat's own view"
        for event in frame["log"]:
            assert event == final_log[event["seq"]].to_dict()
            assert "visible_to" not in event or (seat is not None and seat in event["visible_to"])
        # Everything the seat may legitimately know by now, as text.
        if version > known_upto:
            known_text = json.dumps(state.view(seat)) + " ".join(
                e.text for e in state.log_for(seat)
            )
            known_upto = version
        text = json.dumps(frame)
        secret = {label for label in hidden_labels(state, seat) if label not in known_text}
        for label in secret:
            assert label not in text, f"version {version}: {label!r} reached seat {seat}"
        checked += len(secret)
    return checked


def next_decision(
    ws: Socket, msg: dict[str, Any], frames: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """``msg`` if it asks this client to decide (or ends the game), else the next such state."""
    if my_decision_or_end(msg):
        return msg
    return receive_until(ws, my_decision_or_end, frames)


def play(
    ws: Any,
    msg: dict[str, Any],
    choose: Any,
    frames: list[dict[str, Any]] | None = None,
    max_moves: int | None = None,
) -> tuple[dict[str, Any], int]:
    """Answer every decision with ``choose(msg, move_number)`` until the game ends
    (or ``max_moves`` were made); returns the last state and the number of moves."""
    moves = 0
    while True:
        msg = next_decision(ws, msg, frames)
        if msg["result"] is not None or moves == max_moves:
            return msg, moves
        ws.send_json({"type": "action", "action": choose(msg, moves), "version": msg["version"]})
        moves += 1
        sent = msg["version"]
        msg = receive_until(ws, lambda m, v=sent: is_state(m) and m["version"] > v, frames)


class GateBot(RandomBot):
    """A bot that says when it starts thinking and thinks until the test lets it (the
    ``gate_bot`` fixture of conftest.py registers it as Kung Fu's ``gate``)."""

    started = threading.Event()
    release = threading.Event()

    def choose(self, state: Any, player: int) -> Any:
        GateBot.started.set()
        assert GateBot.release.wait(timeout=60)
        return super().choose(state, player)


def hello_state(ws: Any, token: str | None) -> dict[str, Any]:
    """Say hello at a table (with a seat's ``token``, or as a spectator): the first
    state after the welcome."""
    ws.send_json({"type": "hello", "token": token})
    receive_until(ws, lambda m: m["type"] == "welcome")
    return receive_until(ws, is_state)

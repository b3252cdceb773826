"""Tells: what the others learn from how a seat's questions are answered.

The attack: a spectator timed a seat's answers to Power Up!'s Evolution windows.
With the seat's questions answered for it when it held nothing playable, 21 of 21
answers came under 250 ms exactly then, 5 of 5 slow when it held a card. Now every
answer to an open question, automatic or a person's, waits out the same pace, so
the frames the others receive, their order and their timing are the same.
"""

from __future__ import annotations

import itertools
import statistics
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, bot, is_state, new_table, receive_until

MakeClient = Callable[..., AbstractContextManager[TestClient]]
PACE = 0.3


def _position(evolution: str) -> dict[str, Any]:
    """The King (seat 0, a bot) smashes Gigazaur (seat 1, a person) in Tokyo: Gigazaur
    is asked in every window whatever its one Evolution is."""
    return {
        "turn": 0,
        "step": "after the last roll",
        "dice": ["claw", "claw", "claw", "1", "2", "3"],
        "city": 1,
        "monsters": [
            {"name": "The King", "evolutions": ["Monkey Rush"]},
            {"name": "Gigazaur", "evolutions": [evolution]},
        ],
    }


def _watch(
    client: TestClient, evolution: str, *, answer_by_hand: bool
) -> tuple[list[tuple[float, dict[str, Any]]], int]:
    """The spectator's timed state frames until Gigazaur must decide whether to yield
    Tokyo, and how many questions its person answered by hand."""
    table = new_table(
        client,
        "king-of-tokyo",
        [bot("random"), HUMAN],
        options={"power_up": "on"},
        position=_position(evolution),
        seed=3,
        known_deal=True,
        claim=1,
        name="Gigazaur's player",
    )
    url = f"/ws/tables/{table['id']}"
    seen: list[tuple[float, dict[str, Any]]] = []

    def at_the_yield(m: dict[str, Any]) -> bool:
        return is_state(m) and m["view"]["decision"]["kind"] == "yield"

    with client.websocket_connect(url) as spectator, client.websocket_connect(url) as seat:
        spectator.send_json({"type": "hello"})
        receive_until(spectator, is_state)

        def read() -> None:
            while True:
                msg = spectator.receive_json()
                if is_state(msg):
                    seen.append((time.monotonic(), msg))
                    if at_the_yield(msg):
                        return

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        seat.send_json({"type": "hello", "token": table["token"]})
        by_hand = 0
        while True:
            msg = receive_until(seat, lambda m: is_state(m) and (m["legal"] or at_the_yield(m)))
            if at_the_yield(msg):
                break
            assert answer_by_hand, f"asked {msg['view']['decision']} holding nothing playable"
            passes = [a for a in msg["legal"] if a["move"] in ("decline", "take_damage")]
            seat.send_json({"type": "action", "action": passes[0]["id"], "version": msg["version"]})
            by_hand += 1
        reader.join(timeout=10)
    return seen, by_hand


def _public(frame: dict[str, Any]) -> tuple[Any, ...]:
    """What a state frame tells: everything but the table's own id and name."""
    return (
        frame["version"],
        frame["current_player"],
        frame["view"],
        [e["text"] for e in frame["log"]],
        frame["legal"],
        frame["result"],
    )


def _answer_times(seen: list[tuple[float, dict[str, Any]]]) -> list[float]:
    """For each of Gigazaur's answers: the seconds from the frame that asked it to the
    frame that shows it answered."""
    return [
        later - earlier
        for (earlier, asked), (later, _) in itertools.pairwise(seen)
        if asked["current_player"] == 1
    ]


@pytest.mark.alone
def test_declining_a_card_and_holding_none_look_the_same(make_client: MakeClient) -> None:
    """Attack: time a seat's answers to tell whether it held a playable Evolution."""
    with make_client(answer_pace_s=PACE) as client:
        declined, by_hand = _watch(client, "Radioactive Waste", answer_by_hand=True)
        held_none, none_by_hand = _watch(client, "Primal Bellow", answer_by_hand=False)
    assert by_hand >= 3 and none_by_hand == 0  # asked only when it could play a card
    assert [_public(f) for _, f in declined] == [_public(f) for _, f in held_none]
    by_person, automatic = _answer_times(declined), _answer_times(held_none)
    assert len(by_person) == len(automatic) == by_hand
    _assert_paced_alike(by_person, automatic)


def _assert_paced_alike(one: list[float], other: list[float]) -> None:
    """Both series of answer times are the pace, not quick answers (2 ms before), and
    alike. Medians: the spectator's reading thread shares the interpreter with the
    server and its bots, so one frame read late makes its gap longer and the next one
    shorter by as much."""
    for times in (one, other):
        assert statistics.median(times) >= PACE * 0.9, times
    assert abs(statistics.median(one) - statistics.median(other)) < PACE / 2, (one, other)


def _bot_answer_times(client: TestClient, evolution: str) -> list[float]:
    """A spectator's times from each question put to Gigazaur, played by the search
    bot, to its answer, until Tokyo's yield question; The King is a person who is
    there (so that the bots play) and whose own questions its defaults answer."""
    table = new_table(
        client,
        "king-of-tokyo",
        [HUMAN, bot("normal")],
        options={"power_up": "on"},
        position=_position(evolution),
        seed=3,
        known_deal=True,
        claim=0,
        name="The King's player",
    )
    url = f"/ws/tables/{table['id']}"
    seen: list[tuple[float, dict[str, Any]]] = []
    with client.websocket_connect(url) as spectator, client.websocket_connect(url) as seat:
        spectator.send_json({"type": "hello"})
        receive_until(spectator, is_state)
        seat.send_json({"type": "hello", "token": table["token"]})
        while True:
            msg = spectator.receive_json()
            if not is_state(msg):
                continue
            seen.append((time.monotonic(), msg))
            if msg["view"]["decision"]["kind"] == "yield" or msg["legal"]:
                break
    return _answer_times(seen)


@pytest.mark.alone
def test_a_bots_answers_do_not_tell_what_it_holds(make_client: MakeClient) -> None:
    """Attack: time a bot's answers. With one legal move it answered at once; with a
    playable card, after its search."""
    # The search runs in a worker process, as it does on a server: in a thread it would
    # hold the interpreter and delay the spectator's own reading of the frames.
    with make_client(answer_pace_s=PACE, bot_workers=1) as client:
        holding = _bot_answer_times(client, "Radioactive Waste")
        none = _bot_answer_times(client, "Primal Bellow")
    # The bot searches by the clock within the pace, so on a loaded machine it may play
    # Radioactive Waste where it declined on an idle one, and be asked fewer questions
    # after that: the counts may differ, the pace of every answer may not.
    assert len(none) >= 3 and len(holding) >= 1
    _assert_paced_alike(holding, none)

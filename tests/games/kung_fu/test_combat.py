"""Phases B to D: the attack face up or down (R5), the parry, the comparison."""

from __future__ import annotations

import json

from tests.games.kung_fu.scenario import (
    act,
    build,
    decision,
    discards,
    events,
    hand,
    labels,
)


def test_face_up_attack_is_seen_and_the_defender_draws_nothing(game) -> None:
    state = build(game, hands=[["Heavy", "Jab"], ["Block", "Wall"]])
    act(state, "attack with Heavy face up")
    assert state.current_player == 1 and decision(state) == "parry"
    attack = state.view(1)["attack"]
    assert attack["card"]["name"] == "Heavy" and attack["face_down"] is False
    assert attack["value"] is None  # not resolved yet
    assert state.view(None)["players"][1]["hand_size"] == 2


def test_face_down_attack_gives_the_defender_one_draw_first(make_game) -> None:
    game = make_game(facedown_draw="must")  # the draw is always taken: only the pile is asked
    state = build(game, hands=[["Heavy", "Jab"], ["Block", "Wall"]], red=["Jab"], blue=["Wall"])
    act(state, "attack with Heavy face down")
    # R5: the defender draws 1 from the deck of their choice, before parrying.
    assert state.current_player == 1 and decision(state) == "draw"
    assert labels(state) == ["draw 0 red, the rest blue", "draw 1 red, the rest blue"]
    # The defender never sees the attack card before parrying.
    for seat in (1, None):
        view = state.view(seat)
        assert view["attack"]["card"] is None and view["attack"]["face_down"] is True
        assert "Heavy" not in json.dumps(view)
    assert state.view(0)["attack"]["card"]["name"] == "Heavy"
    act(state, "draw 0 red, the rest blue")
    assert hand(state, 1) == ["Block", "Wall", "Wall"]
    assert decision(state) == "parry" and state.view(1)["attack"]["card"] is None
    act(state, "parry with Wall")
    # Turned up once the parry is down: now everyone sees it.
    assert state.view(1)["last_round"]["attack_value"] == 5
    assert "reveal" in events(state)
    assert state.life == [10, 9]


def test_face_down_log_hides_the_card_from_the_defender(game) -> None:
    state = build(game, hands=[["Heavy", "Jab"], ["Block", "Wall"]])
    act(state, "attack with Heavy face down")
    assert not [e for e in state.log_for(1) if "Heavy" in e.text]
    assert [e for e in state.log_for(0) if "Heavy" in e.text]
    act(state, "draw 0 red, the rest blue", "parry with Block")
    assert [e.kind for e in state.log_for(1) if "Heavy" in e.text] == ["reveal"]


def test_a_face_down_draw_can_give_the_defender_a_parry(game) -> None:
    state = build(game, hands=[["Jab", "Jab"], ["Jab"]], blue=["Wall"])
    act(state, "attack with Jab face down", "draw 0 red, the rest blue")
    # The one blue card just drawn must be played (one option: nobody is asked).
    parry = state.view(None)["parry"]
    assert parry["card"]["name"] == "Wall" and parry["value"] == 4
    assert decision(state) == "defender_choice"
    assert hand(state, 1) == ["Jab"]


def test_parry_is_mandatory_and_only_blue(game) -> None:
    state = build(game, hands=[["Heavy"], ["Block", "Wall", "Jab"]])
    act(state, "attack with Heavy face up")
    assert labels(state) == ["parry with Block", "parry with Wall"]


def test_one_blue_type_is_played_without_asking(game) -> None:
    state = build(game, hands=[["Heavy", "Jab"], ["Block", "Block", "Jab"]])
    act(state, "attack with Heavy face up")
    assert state.current_player == 0  # the round is over; player 0 attacks again
    assert hand(state, 1) == ["Block", "Jab"]
    assert state.life == [10, 7]


def test_no_blue_card_parries_zero(game) -> None:
    state = build(game, hands=[["Jab", "Jab"], ["Jab"]])
    act(state, "attack with Jab face up")
    assert state.life == [10, 8]
    assert "no_parry" in events(state)
    assert state.view(None)["last_round"]["parry_value"] == 0


def test_attack_higher_defender_loses_the_difference(game) -> None:
    state = build(game, hands=[["Heavy", "Jab"], ["Block", "Wall"]])
    act(state, "attack with Heavy face up", "parry with Block")
    assert state.life == [10, 7]
    view = state.view(None)
    assert view["last_round"] == {
        "round": 1,
        "attack_value": 5,
        "parry_value": 2,
        "damage": 3,
        "effects": [],
    }
    assert view["attacker"] == 0 and view["round"] == 2  # the attacker keeps it
    assert discards(state, 0) == ["Heavy"] and discards(state, 1) == ["Block"]


def test_equal_values_nothing_happens(game) -> None:
    state = build(game, hands=[["Jab", "Jab"], ["Block", "Wall"]])
    act(state, "attack with Jab face up", "parry with Block")
    assert state.life == [10, 10]
    view = state.view(None)
    assert view["attacker"] == 0 and view["round"] == 2
    assert "tie" in events(state)


def test_parry_higher_defender_chooses(game) -> None:
    state = build(game, hands=[["Jab", "Jab"], ["Block", "Wall"]])
    act(state, "attack with Jab face up", "parry with Wall")
    assert state.current_player == 1 and decision(state) == "defender_choice"
    assert labels(state) == ["take the initiative", "draw the difference"]
    assert state.life == [10, 10]  # the attacker never loses life from the comparison


def test_winning_defender_takes_the_initiative(game) -> None:
    state = build(game, hands=[["Jab", "Jab"], ["Block", "Wall", "Jab"]], red=["Heavy"])
    act(state, "attack with Jab face up", "parry with Wall", "take the initiative")
    # The old attacker becomes the defender and draws 3.
    assert state.current_player == 0 and decision(state) == "draw"
    act(state, "draw 1 red, the rest blue")
    view = state.view(None)
    assert (view["attacker"], view["round"]) == (1, 2)
    assert view["players"][0]["hand_size"] == 4
    assert view["players"][1]["hand_size"] == 2
    assert view["last_round"]["effects"] == ["player 2 takes the initiative"]  # seat 1


def test_winning_defender_draws_the_difference(game) -> None:
    state = build(game, hands=[["Jab", "Jab"], ["Block", "Wall", "Jab"]], red=["Heavy"])
    act(state, "attack with Jab face up", "parry with Wall", "draw the difference")
    # 4 - 2 = 2 cards, with a choice of decks; the attacker keeps the initiative.
    assert state.current_player == 1 and decision(state) == "draw"
    assert labels(state) == [f"draw {r} red, the rest blue" for r in range(3)]
    act(state, "draw 1 red, the rest blue")
    view = state.view(None)
    assert (view["attacker"], view["round"]) == (0, 2)
    assert view["players"][1]["hand_size"] == 4
    assert view["players"][0]["hand_size"] == 1
    assert "Heavy" in hand(state, 1)

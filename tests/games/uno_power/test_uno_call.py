"""Calling UNO and catching a missed call (reference 3.6)."""

from __future__ import annotations

import pytest

import tabletop
from tests.games.uno_power.scenario import act, build, events, labels, sizes

CATCH = "catch the missed UNO call"
LET_GO = "let it go"
P1 = ["blue 9", "blue 9", "blue 8"]
P2 = ["green 9", "green 9", "green 8"]
DRAW = ["yellow 5", "yellow 6", "yellow 7", "yellow 8"]


def uno_table(game, mine=("red 5", "blue 1"), n=3, draw=DRAW, **kw):
    hands = [list(mine), P1, P2, ["green 7", "green 5", "green 4"]][:n]
    return build(game, n, hands=hands, top="red 3", draw=draw, **kw)


@pytest.fixture(scope="module")
def game():
    return tabletop.make("uno-power")


def test_the_call_is_part_of_the_play_that_leaves_one_card(game):
    state = uno_table(game)
    assert labels(state) == ["play red 5", "play red 5 and call UNO", "draw a card"]


def test_no_call_offered_when_more_than_one_card_stays(game):
    state = uno_table(game, mine=("red 5", "blue 1", "blue 2"))
    assert labels(state) == ["play red 5", "draw a card"]


def test_calling_uno_means_no_catch_window(game):
    state = uno_table(game)
    act(state, "play red 5 and call UNO")
    assert state.current_player == 1
    assert not state.ask
    assert state.view(None)["players"][0]["called_uno"]


def test_missed_call_opens_a_catch_window_for_the_others(game):
    state = uno_table(game)
    act(state, "play red 5")
    assert state.current_player == 1
    assert labels(state) == [CATCH, LET_GO]
    assert not state.view(None)["players"][0]["called_uno"]


def test_caught_player_draws_two(game):
    state = uno_table(game)
    act(state, "play red 5", CATCH)
    assert sizes(state) == [3, 3, 3]
    assert "catch" in events(state)
    assert state.current_player == 1
    assert labels(state)[-1] == "draw a card"


def test_every_other_player_may_catch_in_turn(game):
    state = uno_table(game, n=4)
    act(state, "play red 5", LET_GO)
    assert state.current_player == 2
    assert labels(state) == [CATCH, LET_GO]
    act(state, CATCH)
    assert sizes(state)[0] == 3
    assert state.current_player == 1  # then the next player begins


def test_after_the_window_no_penalty(game):
    state = uno_table(game)
    act(state, "play red 5", LET_GO, LET_GO)
    assert state.current_player == 1
    assert CATCH not in labels(state)
    act(state, "draw a card")
    if state.ask:
        act(state, "keep the drawn card")
    assert sizes(state)[0] == 1
    assert CATCH not in labels(state)


def test_uno_penalty_option():
    game = tabletop.make("uno-power", uno_penalty=4)
    state = uno_table(game)
    act(state, "play red 5", CATCH)
    assert sizes(state)[0] == 5


def test_uno_call_auto_everyone_always_calls():
    game = tabletop.make("uno-power", uno_call="auto")
    state = uno_table(game)
    assert labels(state) == ["play red 5", "draw a card"]
    act(state, "play red 5")
    assert state.current_player == 1
    assert not state.ask
    assert state.view(None)["players"][0]["called_uno"]


def test_missed_call_on_a_drawn_card(game):
    state = uno_table(game, mine=("blue 1",), draw=["red 6"])
    act(state, "draw a card")
    assert labels(state) == ["play red 6", "play red 6 and call UNO", "keep the drawn card"]
    act(state, "play red 6")
    assert labels(state) == [CATCH, LET_GO]


def test_missed_call_with_a_draw_card_window_after_the_effect(game):
    state = uno_table(game, mine=("red Draw Two", "blue 1"))
    act(state, "play red Draw Two")
    assert sizes(state) == [1, 5, 3]
    assert labels(state) == [CATCH, LET_GO]
    act(state, CATCH)
    assert sizes(state) == [3, 5, 3]
    assert state.current_player == 2

"""Two players (reference 3.7, A11)."""

from __future__ import annotations

import pytest

import tabletop
from tests.games.uno_power.scenario import act, build, labels, sizes

P1 = ["blue 9", "blue 6", "blue 3"]
DRAW = ["yellow 5", "yellow 6", "yellow 7", "yellow 8", "green 4", "green 5"]


def duel(game, card, *, towers=None, p1=P1, mine=("yellow 1", "yellow 2")):
    return build(game, 2, hands=[[card, *mine], p1], top="red 4", towers=towers, draw=DRAW)


@pytest.fixture(scope="module")
def game():
    return tabletop.make("uno-power")


def test_reverse_acts_as_skip_the_player_goes_again(game):
    state = duel(game, "red Reverse")
    act(state, "play red Reverse")
    assert state.current_player == 0
    assert sizes(state) == [2, 3]


def test_reverse_skip_is_not_blocked_by_tower_bang(game):
    state = duel(game, "red Reverse", towers={"!": 1})
    act(state, "play red Reverse")
    assert state.current_player == 0


def test_reverse_skip_blocked_by_tower_option():
    game = tabletop.make("uno-power", reverse_skip_blocked_by_tower=True)
    state = duel(game, "red Reverse", towers={"!": 1})
    act(state, "play red Reverse")
    assert state.current_player == 1
    state = duel(game, "red Reverse", towers={"!": 0})
    act(state, "play red Reverse")
    assert state.current_player == 0


def test_two_player_reverse_is_skip_off():
    game = tabletop.make("uno-power", two_player_reverse_is_skip=False)
    state = duel(game, "red Reverse")
    act(state, "play red Reverse")
    assert state.current_player == 1


def test_skip_the_player_goes_again(game):
    state = duel(game, "red Skip")
    act(state, "play red Skip")
    assert state.current_player == 0


def test_blocked_skip_the_other_player_goes(game):
    state = duel(game, "red Skip", towers={"!": 1})
    act(state, "play red Skip")
    assert state.current_player == 1


@pytest.mark.parametrize(("card", "amount"), [("red Draw One", 1), ("red Draw Two", 2)])
def test_effective_draw_card_the_player_goes_again(game, card, amount):
    state = duel(game, card)
    act(state, f"play {card}")
    assert sizes(state) == [2, 3 + amount]
    assert state.current_player == 0


@pytest.mark.parametrize(("card", "tower"), [("red Draw One", "U"), ("red Draw Two", "N")])
def test_blocked_draw_card_the_other_player_goes(game, card, tower):
    state = duel(game, card, towers={tower: 1})
    act(state, f"play {card}")
    assert sizes(state) == [2, 3]
    assert state.current_player == 1


def test_wild_draw_four_accepted_the_player_goes_again(game):
    state = duel(game, "Wild Draw Four")
    act(state, "play Wild Draw Four, name blue", "accept the Wild Draw Four")
    assert sizes(state) == [2, 7]
    assert state.current_player == 0


def test_wild_draw_four_failed_challenge_the_player_goes_again(game):
    state = duel(game, "Wild Draw Four")
    act(state, "play Wild Draw Four, name blue", "challenge the Wild Draw Four")
    assert sizes(state) == [2, 9]
    assert state.current_player == 0


def test_wild_draw_four_guilty_the_challenger_plays(game):
    state = duel(game, "Wild Draw Four", mine=("red 1", "yellow 2"))
    act(state, "play Wild Draw Four, name blue", "challenge the Wild Draw Four")
    assert sizes(state) == [6, 3]
    assert state.current_player == 1
    assert labels(state)[0].startswith("play blue")

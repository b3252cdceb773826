"""Action cards and the towers that block them (reference 1.2, 3.2, A5)."""

from __future__ import annotations

import pytest

import tabletop
from tests.games.uno_power.scenario import (
    act,
    build,
    colour,
    events,
    hand,
    labels,
    sizes,
    top_name,
)

FILL = ["green 9", "green 9", "green 8"]
FILLERS = [FILL, ["yellow 9", "yellow 9", "yellow 8"], ["green 7", "green 5", "green 2"]]


def table(game, card, *, target_hand=None, towers=None, n=4, draw=None, top=None):
    """Seat 0 is to play ``card``; seat 1 is its target."""
    hands = [[card, "yellow 5", "yellow 6"], target_hand or ["blue 9", "blue 6", "blue 3"]]
    hands += FILLERS[: n - 2]
    if top is None:
        top = (
            "red 4"
            if game.cards.colour[game.cards.names.index(card.split(",")[0])] < 0
            else (card.split()[0] + " 4")
        )
    return build(
        game,
        n,
        hands=hands,
        top=top,
        towers=towers,
        draw=draw or ["red 1", "red 2", "red 3", "red 5"],
    )


@pytest.fixture(scope="module")
def game():
    return tabletop.make("uno-power")


DRAW_CARDS = [("red Draw One", 1, "U"), ("red Draw Two", 2, "N")]


@pytest.mark.parametrize(("card", "amount", "tower"), DRAW_CARDS)
def test_draw_card_next_player_draws_and_loses_the_turn(game, card, amount, tower):
    state = table(game, card)
    act(state, f"play {card}")
    assert sizes(state)[1] == 3 + amount
    assert hand(state, 1) == sorted(["blue 9", "blue 6", "blue 3", *["red 1", "red 2"][:amount]])
    assert state.current_player == 2


@pytest.mark.parametrize(("card", "amount", "tower"), DRAW_CARDS)
def test_draw_card_is_blocked_by_its_tower(game, card, amount, tower):
    state = table(game, card, towers={tower: 1})
    act(state, f"play {card}")
    assert sizes(state)[1] == 3
    assert state.current_player == 1
    assert "blocked" in events(state)
    assert state.view(None)["pending_draw"] == 0


@pytest.mark.parametrize(
    ("card", "wrong"), [("red Draw One", "N"), ("red Draw Two", "U"), ("red Skip", "O")]
)
def test_another_tower_does_not_block(game, card, wrong):
    state = table(game, card, towers={wrong: 1})
    act(state, f"play {card}")
    assert state.current_player == 2
    assert "blocked" not in events(state)


@pytest.mark.parametrize("card", ["red Draw Two", "red Skip"])
def test_only_the_targeted_player_s_tower_counts(game, card):
    tower = "N" if "Two" in card else "!"
    state = table(game, card, towers={tower: 2})
    act(state, f"play {card}")
    assert state.current_player == 2
    assert "blocked" not in events(state)


def test_skip_next_player_loses_the_turn(game):
    state = table(game, "red Skip")
    act(state, "play red Skip")
    assert state.current_player == 2
    assert sizes(state)[1] == 3


def test_skip_is_blocked_by_tower_bang(game):
    state = table(game, "red Skip", towers={"!": 1})
    act(state, "play red Skip")
    assert state.current_player == 1
    assert sizes(state)[1] == 3


def test_reverse_changes_direction(game):
    state = table(game, "red Reverse")
    act(state, "play red Reverse")
    assert state.view(None)["direction"] == -1
    assert state.current_player == 3


def test_reverse_is_not_blocked_by_any_tower(game):
    towers = {"U": 3, "N": 3, "O": 3, "!": 3}
    for option in ("automatic", "optional"):
        g = tabletop.make("uno-power", tower_protection=option, four_tower_bonus="off")
        state = table(g, "red Reverse", towers=towers)
        act(state, "play red Reverse")
        assert state.current_player == 3
        assert "blocked" not in events(state)


def test_wild_draw_four_next_player_draws_four(game):
    # Seat 0 holds no red card: a legal Wild Draw Four; seat 1 accepts it.
    state = table(game, "Wild Draw Four")
    act(state, "play Wild Draw Four, name blue")
    assert state.current_player == 1
    assert labels(state) == ["challenge the Wild Draw Four", "accept the Wild Draw Four"]
    act(state, "accept the Wild Draw Four")
    assert sizes(state)[1] == 7
    assert state.current_player == 2
    assert colour(state) == "blue"


def test_wild_draw_four_is_blocked_by_tower_o(game):
    state = table(game, "Wild Draw Four", towers={"O": 1})
    act(state, "play Wild Draw Four, name blue")
    assert state.current_player == 1
    assert sizes(state)[1] == 3
    assert not state.ask  # a plain wild for the holder: no challenge either
    assert "play blue 9" in labels(state)
    assert all("red" not in label for label in labels(state))


def test_blocked_card_counts_as_a_normal_card_answered_by_colour(game):
    state = table(game, "red Draw Two", towers={"N": 1}, target_hand=["red 9", "blue 6", "blue 3"])
    act(state, "play red Draw Two")
    assert labels(state) == ["play red 9", "draw a card"]
    act(state, "play red 9")
    assert state.current_player == 2
    assert sizes(state)[2] == 3  # the blocked Draw Two left no pending draw behind


def test_blocked_draw_two_answered_with_another_draw_two(game):
    state = table(
        game, "red Draw Two", towers={"N": 1}, target_hand=["blue Draw Two", "blue 6", "blue 3"]
    )
    act(state, "play red Draw Two")
    assert "play blue Draw Two" in labels(state)
    act(state, "play blue Draw Two")
    # Seat 2 holds no tower N: it draws 2 (not 4) and loses the turn.
    assert sizes(state)[2] == 5
    assert state.current_player == 3


def test_blocked_skip_answered_with_a_skip(game):
    state = table(game, "red Skip", towers={"!": 1}, target_hand=["blue Skip", "blue 6", "blue 3"])
    act(state, "play red Skip", "play blue Skip")
    assert state.current_player == 3


def test_blocked_draw_one_answered_by_symbol(game):
    state = table(
        game, "red Draw One", towers={"U": 1}, target_hand=["blue Draw One", "blue 6", "blue 3"]
    )
    act(state, "play red Draw One")
    assert labels(state) == ["play blue Draw One", "draw a card"]


def test_a_tower_keeps_protecting(game):
    """A tower protects its holder as long as it is held, not once."""
    state = build(
        game,
        3,
        hands=[["red Draw One", "red Draw One", "red 9"], ["red 1", "red 2", "blue 5"], FILL],
        top="red 4",
        towers={"U": 1},
    )
    act(state, "play red Draw One", "play red 1")
    assert state.current_player == 2
    act(state, "draw a card")
    if state.ask:
        act(state, "keep the drawn card")
    act(state, "play red Draw One")
    assert state.current_player == 1
    assert sizes(state)[1] == 2


# -- optional protection ------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "tower"),
    [("red Draw One", "U"), ("red Draw Two", "N"), ("red Skip", "!")],
)
def test_tower_protection_optional_asks_the_holder(card, tower):
    game = tabletop.make("uno-power", tower_protection="optional")
    state = table(game, card, towers={tower: 1})
    act(state, f"play {card}")
    assert state.current_player == 1
    assert labels(state) == ["block it with your tower", "take the cards"]
    blocked = state.clone()
    act(blocked, "block it with your tower")
    assert blocked.current_player == 1
    assert sizes(blocked)[1] == 3
    act(state, "take the cards")
    assert state.current_player == 2
    amount = {"U": 1, "N": 2, "!": 0}[tower]
    assert sizes(state)[1] == 3 + amount


def test_tower_protection_optional_not_asked_without_the_tower():
    game = tabletop.make("uno-power", tower_protection="optional")
    state = table(game, "red Draw Two", towers={"U": 1})
    act(state, "play red Draw Two")
    assert state.current_player == 2
    assert sizes(state)[1] == 5


def test_tower_protection_automatic_never_asks(game):
    state = table(game, "red Skip", towers={"!": 1})
    act(state, "play red Skip")
    assert not state.ask
    assert labels(state)[-1] == "draw a card"


def test_grab_two_towers_is_not_a_skip(game):
    state = table(game, "red Grab Two Towers", towers={"U": 0, "N": 2})
    act(state, "play red Grab Two Towers", "take towers N and O")
    assert state.current_player == 1
    assert not state.ask
    assert top_name(state) == "red Grab Two Towers"

"""The end of the game (R9, R11, R13, the round limit) and empty piles (R2)."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core.errors import IllegalActionError
from tabletop.core.game import TERMINAL
from tests.games.kung_fu.scenario import (
    FIXTURE,
    act,
    build,
    card,
    decision,
    discards,
    events,
    hand,
    labels,
    write_deck,
)

ACTIVATE = "activate your card's effect"
BLUE_COINS = ["Coin Block", "Coin Block"]


def test_knock_out(game) -> None:
    state = build(game, hands=[["Heavy", "Jab"], ["Block", "Wall"]], life=(10, 3))
    act(state, "attack with Heavy face up", "parry with Block")
    assert state.life == [10, 0]
    assert state.is_terminal() and state.current_player == TERMINAL
    assert state.returns() == [1.0, 0.0] and state.winners() == [0]
    assert state.legal_actions() == []
    view = state.view(1)
    assert (view["winner"], view["draw"], view["phase"], view["decision"]) == (
        0,
        False,
        "over",
        None,
    )
    assert view["last_round"]["damage"] == 3
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(0)


def test_life_never_goes_below_zero(game) -> None:
    state = build(game, hands=[["Heavy", "Jab"], ["Block", "Wall"]], life=(10, 1))
    act(state, "attack with Heavy face up", "parry with Block")
    assert state.life == [10, 0]
    assert state.view(None)["last_round"]["damage"] == 1


def _double_knockout(game):
    """Attacker at 2 and defender at 1: Jab hits for 1, Striker takes 2 back."""
    state = build(
        game,
        hands=[["Jab", "Jab", "Heavy", "Power Kick"], ["Striker", "Block", "Wall", "Jab"]],
        life=(2, 1),
        rows=[["Coin Punch", "Coin Punch"], BLUE_COINS],
    )
    act(state, "attack with Jab face up", "parry with Striker", ACTIVATE)
    return state


def test_double_knock_out_resets_to_one(game) -> None:
    state = _double_knockout(game)
    assert not state.is_terminal()
    assert state.life == [1, 1]
    assert "double_knockout" in events(state)
    # The initiative follows the round's result: the attacker won the comparison.
    view = state.view(None)
    assert (view["attacker"], view["round"]) == (0, 2)
    # The next knock-out decides.
    act(state, "attack with Heavy face up", "parry with Block")
    assert state.winners() == [0]


def test_double_knock_out_single_exchange(make_game) -> None:
    state = _double_knockout(make_game(deciding_fight="single_exchange"))
    assert state.life == [0, 0] and not state.is_terminal()
    assert state.view(None)["round"] == 2 and state.current_player == 0
    # Only the comparison counts: Power Kick's boost is not offered despite the coins.
    act(state, "attack with Power Kick face up", "parry with Block")
    assert state.is_terminal() and state.winners() == [0]
    assert events(state).count("activate") == 1  # only Striker, in the round before


def test_single_exchange_defender_can_win(make_game) -> None:
    state = _double_knockout(make_game(deciding_fight="single_exchange"))
    act(state, "attack with Jab face up", "parry with Wall")
    assert state.winners() == [1] and state.returns() == [0.0, 1.0]


def test_single_exchange_tie_swaps_roles_and_repeats(make_game) -> None:
    state = _double_knockout(make_game(deciding_fight="single_exchange"))
    act(state, "attack with Jab face up", "parry with Block")
    assert not state.is_terminal()
    assert "deciding_tie" in events(state)
    # Roles swap, with the usual 3-card draw for the new defender.
    assert state.current_player == 0 and decision(state) == "draw"
    act(state, "draw 0 red, the rest blue")
    assert state.view(None)["attacker"] == 1
    act(state, "attack with Jab face up")  # player 0 parries with a Big Wall drawn
    assert state.winners() == [0]
    assert state.view(None)["last_round"]["parry_value"] == 6


# A stalemate needs every red card out of reach: these tests play with a deck of only
# the cards they name, so that every card of it is in sight.
STALEMATE_DECK = {"Coin Punch": 1, "Block": 2, "Wall": 1}


def test_stalemate_equal_life_is_a_draw(make_game) -> None:
    state = build(
        make_game(cards=STALEMATE_DECK),
        hands=[["Block"], ["Wall"]],
        rows=[["Coin Punch"], []],  # red cards in a Koku row never come back
        red=[],
        blue=["Block"],
        life=(6, 6),
    )
    assert state.is_terminal()
    assert "stalemate" in events(state)
    assert state.returns() == [0.5, 0.5] and state.winners() == []
    view = state.view(0)
    assert view["draw"] is True and view["winner"] is None


def test_stalemate_more_life_wins(make_game) -> None:
    state = build(
        make_game(cards=STALEMATE_DECK),
        hands=[["Block"], ["Wall"]],
        rows=[["Coin Punch"], []],  # the deck's only red card, out of reach
        red=[],
        blue=["Block"],
        life=(4, 6),
    )
    assert state.is_terminal() and state.winners() == [1]


def test_no_stalemate_while_red_can_be_drawn(make_game) -> None:
    state = build(
        make_game(cards={"Jab": 1, "Block": 2, "Wall": 1}),
        hands=[["Block"], ["Wall"]],
        red=[],
        red_discard=["Jab"],
        blue=["Block"],
    )
    assert not state.is_terminal()


def test_round_limit_is_a_draw(make_game) -> None:
    game = make_game(round_limit=1)
    state = build(game, hands=[["Heavy", "Jab"], ["Block", "Wall"]])
    act(state, "attack with Heavy face up", "parry with Block")
    assert state.is_terminal() and state.winners() == []
    assert state.returns() == [0.5, 0.5]
    assert "round_limit" in events(state)


def test_the_round_limit_leaves_no_card_on_the_table(make_game) -> None:
    """The round's cards go to their discard piles at cleanup, and the game ending
    there keeps no attack or parry naming them: the state saves and loads back."""
    game = make_game(round_limit=1)
    state = build(game, hands=[["Heavy", "Jab"], ["Block", "Wall"]])
    act(state, "attack with Heavy face up", "parry with Block")
    assert state.is_terminal()
    view = state.view(None)
    assert view["attack"] is None and view["parry"] is None
    assert discards(state, 0)[-1:] == ["Heavy"] and discards(state, 1)[-1:] == ["Block"]
    data = state.to_dict()
    assert (data["state"]["att_card"], data["state"]["par_card"]) == (-1, -2)
    assert game.state_from_dict(data).to_dict() == data


def test_empty_pile_is_reshuffled(make_game) -> None:
    state = build(
        make_game(cards={"Jab": 2, "Heavy": 2, "Block": 2, "Wall": 2}),  # all in sight
        hands=[["Jab", "Block"], ["Jab", "Block"]],
        red=[],
        red_discard=["Heavy", "Heavy"],
        blue=["Wall", "Wall"],
    )
    act(state, "give up the initiative")
    assert labels(state) == [f"draw {r} red, the rest blue" for r in (1, 2)]
    act(state, "draw 2 red, the rest blue")
    assert "reshuffle" in events(state)
    assert hand(state, 0) == ["Block", "Heavy", "Heavy", "Jab", "Wall"]
    assert state.view(None)["discards"]["red"] == []


def test_no_reshuffle_option(make_game) -> None:
    game = make_game(reshuffle_on_empty=False, cards={"Jab": 2, "Heavy": 2, "Block": 2, "Wall": 3})
    state = build(
        game,
        hands=[["Jab", "Block"], ["Jab", "Block"]],
        red=[],
        red_discard=["Heavy", "Heavy"],
        blue=["Wall", "Wall", "Wall"],
    )
    act(state, "give up the initiative")  # only blue can be drawn: no choice
    assert hand(state, 0) == ["Block", "Jab", "Wall", "Wall", "Wall"]
    assert "reshuffle" not in events(state)


def test_setup_draws_from_the_other_colour_when_a_deck_runs_out(tmp_path) -> None:
    cards = [card("A01", "Jab", 2, count=4), *(c for c in FIXTURE if c["deck"] == "parry")]
    game = tabletop.make("kung-fu", deck=write_deck(tmp_path, cards), first_player="0")
    state = game.new_state(2, seed=1)
    view = state.view(None)
    assert [(p["red_in_hand"], p["blue_in_hand"]) for p in view["players"]] == [(3, 3), (1, 5)]
    assert "other_colour" in events(state)
    assert view["decks"]["red"] == 0

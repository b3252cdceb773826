"""A turn: matching (reference 3.1, A1) and drawing."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core.errors import IllegalActionError
from tests.games.uno_power.scenario import (
    act,
    action,
    build,
    colour,
    events,
    hand,
    labels,
    sizes,
    top_name,
)

OTHERS = [["green 9", "green 6", "green 3"], ["yellow 9", "yellow 6", "yellow 3"]]


@pytest.fixture(scope="module")
def game():
    return tabletop.make("uno-power")


def plays(state) -> set[str]:
    return {a.removeprefix("play ") for a in labels(state) if a.startswith("play")}


def test_rulebook_example_red_7_red_cards_any_7_or_a_wild(game):
    """Auf dem Ablegestapel liegt eine rote 7: a red card, a 7 of any colour or a wild."""
    mine = ["red 2", "blue 7", "green 7 (O)", "blue 3", "green Skip", "Wild Grab-a-Tower"]
    state = build(game, 3, hands=[mine, *OTHERS], top="red 7")
    wild = {f"Wild Grab-a-Tower, name {c}" for c in ("red", "blue", "green", "yellow")}
    assert plays(state) == {"red 2", "blue 7", "green 7 (O)"} | wild
    assert "draw a card" in labels(state)


def test_match_by_colour(game):
    state = build(game, 3, hands=[["blue 9", "blue Skip", "red 9"], *OTHERS], top="blue 4")
    assert plays(state) == {"blue 9", "blue Skip"}


def test_match_by_number(game):
    state = build(game, 3, hands=[["yellow 4", "yellow 4 (!)", "yellow 5"], *OTHERS], top="red 4")
    assert plays(state) == {"yellow 4", "yellow 4 (!)"}


@pytest.mark.parametrize(
    ("top", "same", "other"),
    [
        ("blue Skip", "red Skip", "red Reverse"),
        ("blue Reverse", "red Reverse", "red Skip"),
        ("blue Draw Two", "red Draw Two", "red Draw One"),
        ("blue Draw One", "red Draw One", "red Draw Two"),
        ("blue Grab Two Towers", "red Grab Two Towers", "red Skip"),
    ],
)
def test_match_by_symbol_and_draw_one_is_not_draw_two(game, top, same, other):
    # A later turn (turns=5): a Grab Two Towers turned up first has a rule of its own.
    state = build(game, 3, hands=[[same, other, "green 5"], *OTHERS], top=top, turns=5)
    assert plays(state) == {same}


def test_wilds_match_anything(game):
    state = build(
        game,
        3,
        hands=[["Wild Grab-a-Tower", "Wild Draw Four", "red 1"], *OTHERS],
        top="blue Grab Two Towers",
        turns=5,  # a later turn: not the first card's rule (first_grab_two)
    )
    assert len(plays(state)) == 8  # two wilds, four named colours each


def test_named_colour_of_a_wild_in_play_is_the_colour_to_match(game):
    state = build(
        game,
        3,
        hands=[["green 2", "red 2", "blue Draw Two", "Wild Grab-a-Tower"], *OTHERS],
        top="Wild Grab-a-Tower",
        colour="green",
    )
    assert {p for p in plays(state) if "Wild" not in p} == {"green 2"}


def test_icons_are_not_a_match_criterion(game):
    """A blue 7 with the U icon does not match a red 3 with the U icon (A1)."""
    table = tabletop.make("uno-power", icon_table="U:3,7 N:2,6 O:1,5 !:4,8")
    state = build(table, 3, hands=[["blue 7 (U)", "blue 1 (O)"], *OTHERS], top="red 3 (U)")
    assert plays(state) == set()
    assert labels(state) == ["draw a card"]
    with pytest.raises(IllegalActionError):
        state.apply(table.table.play[table.cards.names.index("blue 7 (U)")][0])


def test_an_icon_forbids_nothing_red_draw_one_on_red_5_u(game):
    state = build(
        game, 3, hands=[["red Draw One", "blue 5", "blue 1 (U)"], *OTHERS], top="red 5 (U)"
    )
    assert plays(state) == {"red Draw One", "blue 5"}
    act(state, "play red Draw One")
    assert top_name(state) == "red Draw One"


def test_an_icon_card_plays_as_its_number_on_another_number(game):
    state = build(game, 3, hands=[["blue 2 (N)", "yellow 6 (N)", "green 1"], *OTHERS], top="red 2")
    assert plays(state) == {"blue 2 (N)"}


def test_illegal_play_is_rejected_and_leaves_the_state_unchanged(game):
    state = build(game, 3, hands=[["blue 9", "red 9"], *OTHERS], top="red 4")
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        state.apply(game.table.play[game.cards.names.index("blue 9")][0])
    assert "not legal" in str(info.value)
    assert state.to_dict() == before


# -- drawing ------------------------------------------------------------------


def test_voluntary_draw_allowed_when_able_to_play(game):
    state = build(game, 3, hands=[["red 9", "blue 1"], *OTHERS], top="red 4", draw=["green 1"])
    assert "draw a card" in labels(state)
    act(state, "draw a card")
    assert hand(state, 0) == ["blue 1", "green 1", "red 9"]
    assert state.current_player == 1  # green 1 does not match red 4: the turn ends


def test_must_draw_when_unable_to_play(game):
    state = build(game, 3, hands=[["blue 9", "green 1"], *OTHERS], top="red 4")
    assert labels(state) == ["draw a card"]


def test_playable_drawn_card_may_be_played_at_once(game):
    state = build(game, 3, hands=[["blue 9", "blue 1"], *OTHERS], top="red 4", draw=["red 8"])
    act(state, "draw a card")
    assert state.current_player == 0
    assert labels(state) == ["play red 8", "keep the drawn card"]
    assert state.view(0)["drawn_card"]["label"] == "red 8"
    act(state, "play red 8")
    assert top_name(state) == "red 8"
    assert hand(state, 0) == ["blue 1", "blue 9"]
    assert state.current_player == 1


def test_playable_drawn_card_may_be_kept(game):
    state = build(game, 3, hands=[["blue 9"], *OTHERS], top="red 4", draw=["red 8"])
    act(state, "draw a card", "keep the drawn card")
    assert hand(state, 0) == ["blue 9", "red 8"]
    assert top_name(state) == "red 4"
    assert state.current_player == 1


def test_after_drawing_no_other_hand_card_may_be_played(game):
    state = build(
        game,
        3,
        hands=[["red 9", "red Skip", "Wild Grab-a-Tower"], *OTHERS],
        top="red 4",
        draw=["red 8"],
    )
    act(state, "draw a card")
    assert labels(state) == ["play red 8", "keep the drawn card"]
    with pytest.raises(IllegalActionError):
        state.apply(game.table.play[game.cards.names.index("red 9")][0])


def test_unplayable_drawn_card_ends_the_turn(game):
    state = build(game, 3, hands=[["blue 9"], *OTHERS], top="red 4", draw=["green 8"])
    act(state, "draw a card")
    assert state.current_player == 1
    assert not state.ask
    assert hand(state, 0) == ["blue 9", "green 8"]


def test_drawn_wild_is_played_with_a_named_colour(game):
    state = build(
        game, 3, hands=[["blue 9", "blue 1"], *OTHERS], top="red 4", draw=["Wild Grab-a-Tower"]
    )
    act(state, "draw a card")
    assert labels(state) == [
        "play Wild Grab-a-Tower, name red",
        "play Wild Grab-a-Tower, name blue",
        "play Wild Grab-a-Tower, name green",
        "play Wild Grab-a-Tower, name yellow",
        "keep the drawn card",
    ]
    act(state, "play Wild Grab-a-Tower, name yellow", "take tower O")
    assert colour(state) == "yellow"
    assert state.current_player == 1


def test_a_plain_number_passes_the_turn_left(game):
    state = build(game, 4, hands=[["red 9", "red 1", "red 2"], *OTHERS, ["blue 1"]], top="red 4")
    act(state, "play red 9")
    assert state.current_player == 1
    assert sizes(state) == [2, 3, 3, 1]
    assert "play" in events(state)
    assert action(state, "draw a card")

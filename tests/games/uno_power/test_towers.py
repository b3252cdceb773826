"""Taking towers (reference 3.2, A4, A6) and the four-tower bonus (3.5, A7, A8)."""

from __future__ import annotations

import pytest

import tabletop
from tests.games.uno_power.scenario import (
    act,
    build,
    colour,
    discard_pile,
    events,
    hand,
    labels,
    sizes,
    top_name,
    tower_holders,
)

POOL = {"U": None, "N": None, "O": None, "!": None}
P1 = ["blue 9", "blue 9", "blue 8"]
P2 = ["green 9", "green 9", "green 8"]


def three(game, mine, *, top="red 2", towers=None, p1=P1, p2=P2, **kw):
    return build(game, 3, hands=[mine, p1, p2], top=top, towers=towers, **kw)


@pytest.fixture(scope="module")
def game():
    return tabletop.make("uno-power")


# -- icon cards ---------------------------------------------------------------


def test_icon_card_takes_its_tower_from_the_pool(game):
    state = three(game, ["red 5 (U)", "yellow 1", "yellow 2"])
    act(state, "play red 5 (U)")
    assert tower_holders(state) == {**POOL, "U": 0}
    assert state.current_player == 1


@pytest.mark.parametrize(
    ("card", "tower"),
    [("red 2 (N)", "N"), ("red 7 (O)", "O"), ("red 8 (!)", "!"), ("red 1 (U)", "U")],
)
def test_each_icon_grabs_its_own_tower(game, card, tower):
    state = three(game, [card, "yellow 1", "yellow 2"])
    act(state, f"play {card}")
    assert tower_holders(state) == {**POOL, tower: 0}


def test_icon_tower_colour_need_not_match_the_card(game):
    """A yellow card with the N icon takes the N tower (blue on the box)."""
    state = three(game, ["yellow 2 (N)", "yellow 1", "yellow 3"], top="red 2")
    act(state, "play yellow 2 (N)")
    assert tower_holders(state)["N"] == 0


def test_icon_card_takes_the_tower_from_another_player(game):
    state = three(game, ["red 6 (N)", "yellow 1", "yellow 2"], towers={"N": 2, "U": 2})
    act(state, "play red 6 (N)")
    assert tower_holders(state) == {**POOL, "N": 0, "U": 2}
    tower_events = [e for e in state.log if e.kind == "tower"]
    assert [e.data["source"] for e in tower_events] == [2]


def test_icon_card_already_held_nothing_happens(game):
    state = three(game, ["red 6 (N)", "yellow 1", "yellow 2"], towers={"N": 0})
    act(state, "play red 6 (N)")
    assert tower_holders(state) == {**POOL, "N": 0}
    assert "tower" not in events(state)
    assert state.current_player == 1


def test_icon_grab_is_automatic_by_default(game):
    state = three(game, ["red 6 (N)", "yellow 1", "yellow 2"], towers={"N": 1})
    act(state, "play red 6 (N)")
    assert not state.ask or state.ask.top.player != 0
    assert tower_holders(state)["N"] == 0


def test_icon_grab_optional_asks_and_may_decline():
    game = tabletop.make("uno-power", icon_grab="optional")
    state = three(game, ["red 6 (N)", "yellow 1", "yellow 2"], towers={"N": 1})
    act(state, "play red 6 (N)")
    assert state.current_player == 0
    assert labels(state) == ["take tower N", "take no tower"]
    taken = state.clone()
    act(taken, "take tower N")
    assert tower_holders(taken)["N"] == 0
    assert taken.current_player == 1
    act(state, "take no tower")
    assert tower_holders(state)["N"] == 1
    assert state.current_player == 1


def test_icon_grab_optional_not_asked_when_already_held():
    game = tabletop.make("uno-power", icon_grab="optional")
    state = three(game, ["red 6 (N)", "yellow 1", "yellow 2"], towers={"N": 0})
    act(state, "play red 6 (N)")
    assert state.current_player == 1
    assert not state.ask


def test_a_tower_moves_alone(game):
    state = three(game, ["red 6 (N)", "yellow 1", "yellow 2"], towers={"N": 1})
    act(state, "play red 6 (N)")
    assert hand(state, 1) == sorted(P1)
    assert sizes(state) == [2, 3, 3]


# -- Grab Two Towers ----------------------------------------------------------


def test_grab_two_towers_offers_every_pair_of_available_towers(game):
    state = three(game, ["red Grab Two Towers", "yellow 1", "yellow 2"])
    act(state, "play red Grab Two Towers")
    assert state.current_player == 0
    assert sorted(labels(state)) == sorted(
        [
            "take towers U and N",
            "take towers U and O",
            "take towers U and !",
            "take towers N and O",
            "take towers N and !",
            "take towers O and !",
        ]
    )
    act(state, "take towers N and !")
    assert tower_holders(state) == {**POOL, "N": 0, "!": 0}
    assert state.current_player == 1  # not a skip


def test_grab_two_towers_mixes_players_and_pool(game):
    state = three(game, ["red Grab Two Towers", "yellow 1", "yellow 2"], towers={"U": 1, "O": 2})
    act(state, "play red Grab Two Towers", "take towers U and !")
    assert tower_holders(state) == {"U": 0, "N": None, "O": 2, "!": 0}


def test_grab_two_towers_from_two_players(game):
    state = three(game, ["red Grab Two Towers", "yellow 1", "yellow 2"], towers={"U": 1, "O": 2})
    act(state, "play red Grab Two Towers", "take towers U and O")
    assert tower_holders(state) == {"U": 0, "N": None, "O": 0, "!": None}


def test_grab_two_towers_never_offers_own_towers(game):
    state = three(game, ["red Grab Two Towers", "yellow 1", "yellow 2"], towers={"U": 0})
    act(state, "play red Grab Two Towers")
    assert sorted(labels(state)) == sorted(
        ["take towers N and O", "take towers N and !", "take towers O and !"]
    )


def test_grab_two_towers_exactly_two_available_takes_both_without_asking():
    game_off = tabletop.make("uno-power", four_tower_bonus="off")
    state = three(
        game_off, ["red Grab Two Towers", "yellow 1", "yellow 2"], towers={"U": 0, "N": 0, "O": 1}
    )
    act(state, "play red Grab Two Towers")
    assert tower_holders(state) == {"U": 0, "N": 0, "O": 0, "!": 0}
    assert state.current_player == 1


def test_grab_two_towers_one_available_takes_what_is_available():
    game = tabletop.make("uno-power", four_tower_bonus="off")
    state = three(
        game,
        ["red Grab Two Towers", "yellow 1", "yellow 2"],
        towers={"U": 0, "N": 0, "O": 0, "!": 2},
    )
    act(state, "play red Grab Two Towers")
    assert tower_holders(state) == {"U": 0, "N": 0, "O": 0, "!": 0}
    assert state.current_player == 1


def test_grab_two_towers_none_available_takes_nothing():
    game = tabletop.make("uno-power", four_tower_bonus="off")
    everything = {"U": 0, "N": 0, "O": 0, "!": 0}
    state = three(game, ["red Grab Two Towers", "yellow 1", "yellow 2"], towers=everything)
    act(state, "play red Grab Two Towers")
    assert tower_holders(state) == everything
    assert "tower" not in events(state)
    assert state.current_player == 1


# -- Wild Grab-a-Tower --------------------------------------------------------


def test_wild_grab_a_tower_names_the_colour_and_takes_one_tower(game):
    state = three(game, ["Wild Grab-a-Tower", "yellow 1", "yellow 2"], towers={"O": 2})
    act(state, "play Wild Grab-a-Tower, name blue")
    assert state.current_player == 0
    assert labels(state) == ["take tower U", "take tower N", "take tower O", "take tower !"]
    act(state, "take tower O")
    assert tower_holders(state) == {**POOL, "O": 0}
    assert colour(state) == "blue"
    assert state.current_player == 1


def test_wild_grab_a_tower_may_name_the_colour_already_in_play(game):
    state = three(game, ["Wild Grab-a-Tower", "yellow 1", "yellow 2"], top="red 2")
    assert "play Wild Grab-a-Tower, name red" in labels(state)


def test_wild_grab_a_tower_with_one_tower_available_takes_it_without_asking():
    game = tabletop.make("uno-power", four_tower_bonus="off")
    state = three(
        game, ["Wild Grab-a-Tower", "yellow 1", "yellow 2"], towers={"U": 0, "N": 0, "O": 0, "!": 1}
    )
    act(state, "play Wild Grab-a-Tower, name green")
    assert tower_holders(state)["!"] == 0
    assert state.current_player == 1
    assert colour(state) == "green"


def test_wild_grab_a_tower_with_none_available_only_names_the_colour():
    game = tabletop.make("uno-power", four_tower_bonus="off")
    everything = {"U": 0, "N": 0, "O": 0, "!": 0}
    state = three(game, ["Wild Grab-a-Tower", "yellow 1", "yellow 2"], towers=everything)
    act(state, "play Wild Grab-a-Tower, name green")
    assert state.current_player == 1
    assert tower_holders(state) == everything


# -- the four-tower bonus -----------------------------------------------------

HAND = ["red 8 (!)", "blue Draw Two", "yellow 1", "Wild Draw Four"]
THREE = {"U": 0, "N": 0, "O": 1}


def bonus_labels(kept: list[str]) -> list[str]:
    out = []
    for k in kept:
        out += [
            f"use the four-tower bonus, keeping {k}",
            f"use the four-tower bonus, keeping {k}, and call UNO",
        ]
    return out


def test_bonus_is_offered_when_the_fourth_tower_is_taken(game):
    state = three(game, HAND, towers={"U": 0, "N": 0, "O": 0})
    act(state, "play red 8 (!)")
    assert state.current_player == 0
    assert "bonus" not in events(state)
    assert sorted(labels(state)) == sorted(
        [
            *bonus_labels(["blue Draw Two", "yellow 1", "Wild Draw Four"]),
            "keep your cards and towers",
        ]
    )


def test_bonus_keeps_the_chosen_card_discards_go_under_the_top_card(game):
    state = three(game, HAND, towers={"U": 0, "N": 0, "O": 0}, discard=["red 9"])
    act(state, "play red 8 (!)", "use the four-tower bonus, keeping yellow 1, and call UNO")
    assert hand(state, 0) == ["yellow 1"]
    pile = discard_pile(state)
    assert pile[:2] == ["red 9", "red 2"]
    assert pile[-1] == "red 8 (!)"
    assert sorted(pile[2:-1]) == ["Wild Draw Four", "blue Draw Two"]
    assert top_name(state) == "red 8 (!)"
    assert colour(state) == "red"
    # The towers go back to the pool; the discards have no effect.
    assert tower_holders(state) == POOL
    assert sizes(state) == [1, 3, 3]
    assert state.current_player == 1
    assert not state.ask
    assert state.view(None)["players"][0]["called_uno"]


def test_bonus_keeps_the_named_colour_of_a_wild(game):
    state = three(
        game, ["Wild Grab-a-Tower", "blue 7", "yellow 1"], towers={"U": 0, "N": 0, "O": 0}
    )
    act(state, "play Wild Grab-a-Tower, name green")  # the only tower left (!) is taken
    assert tower_holders(state)["!"] == 0
    act(state, "use the four-tower bonus, keeping blue 7, and call UNO")
    assert colour(state) == "green"
    assert top_name(state) == "Wild Grab-a-Tower"
    assert state.current_player == 1


def test_bonus_comes_after_the_card_effect_grab_two(game):
    state = three(game, ["red Grab Two Towers", "blue 7", "yellow 1"], towers={"U": 0, "N": 1})
    act(state, "play red Grab Two Towers")
    act(state, "take towers N and O")
    # Three towers: no bonus yet. (The pool still has !.)
    assert state.current_player == 1
    state = three(game, ["red Grab Two Towers", "blue 7", "yellow 1"], towers={"U": 0, "N": 0})
    act(state, "play red Grab Two Towers")  # O and ! taken automatically
    assert tower_holders(state) == {"U": 0, "N": 0, "O": 0, "!": 0}
    assert labels(state)[-1] == "keep your cards and towers"


def test_bonus_must_call_uno_or_be_caught(game):
    state = three(game, HAND, towers={"U": 0, "N": 0, "O": 0})
    act(state, "play red 8 (!)", "use the four-tower bonus, keeping yellow 1")
    assert state.current_player == 1
    assert labels(state) == ["catch the missed UNO call", "let it go"]
    act(state, "catch the missed UNO call")
    assert sizes(state)[0] == 3
    assert state.current_player == 1
    assert labels(state)[-1] == "draw a card"


def test_bonus_declined_is_offered_again_at_the_start_of_each_own_turn(game):
    state = three(
        game,
        HAND,
        towers={"U": 0, "N": 0, "O": 0},
        p1=["red 9", "blue 8", "blue 7"],
        p2=["red 1", "green 8", "green 7"],
    )
    act(state, "play red 8 (!)", "keep your cards and towers")
    assert tower_holders(state) == {"U": 0, "N": 0, "O": 0, "!": 0}
    assert state.current_player == 1
    act(state, "play red 9", "play red 1")
    # Seat 0's turn begins: the bonus is offered first.
    assert state.current_player == 0
    assert "keep your cards and towers" in labels(state)
    act(state, "keep your cards and towers")
    assert state.current_player == 0
    assert labels(state)[-1] == "draw a card"  # the turn goes on


def test_bonus_used_at_the_start_of_a_turn_then_the_turn_goes_on(game):
    state = three(
        game,
        ["yellow 1", "blue Draw Two", "red 5", "Wild Draw Four"],
        towers={"U": 0, "N": 0, "O": 0, "!": 0},
        turn=2,
        p2=["red 1", "green 8", "green 7"],
    )
    act(state, "play red 1")
    assert state.current_player == 0
    act(state, "use the four-tower bonus, keeping red 5, and call UNO")
    assert tower_holders(state) == POOL
    assert state.current_player == 0
    assert labels(state) == ["play red 5", "draw a card"]
    act(state, "play red 5")
    assert state.is_terminal() or state.round == 2


def test_bonus_needs_two_cards(game):
    state = three(game, ["red 8 (!)", "yellow 1"], towers={"U": 0, "N": 0, "O": 0})
    act(state, "play red 8 (!) and call UNO")
    assert tower_holders(state) == {"U": 0, "N": 0, "O": 0, "!": 0}
    assert state.current_player == 1
    assert not state.ask


def test_bonus_with_the_last_card_the_round_ends_first(game):
    state = three(game, ["red 8 (!)"], towers={"U": 0, "N": 0, "O": 0})
    act(state, "play red 8 (!)")
    assert state.round == 2
    assert state.last_round["winner"] == 0


def test_bonus_not_offered_at_turn_start_with_one_card(game):
    state = three(
        game,
        ["yellow 2"],
        towers={"U": 0, "N": 0, "O": 0, "!": 0},
        turn=2,
        p2=["red 1", "green 8", "green 7"],
    )
    act(state, "play red 1")
    assert state.current_player == 0
    assert labels(state) == ["draw a card"]


def test_bonus_automatic_must_be_used():
    game = tabletop.make("uno-power", four_tower_bonus="automatic")
    state = three(game, HAND, towers={"U": 0, "N": 0, "O": 0})
    act(state, "play red 8 (!)")
    assert "keep your cards and towers" not in labels(state)
    assert sorted(labels(state)) == sorted(
        bonus_labels(["blue Draw Two", "yellow 1", "Wild Draw Four"])
    )


def test_bonus_off_never_offered():
    game = tabletop.make("uno-power", four_tower_bonus="off")
    state = three(game, HAND, towers={"U": 0, "N": 0, "O": 0})
    act(state, "play red 8 (!)")
    assert tower_holders(state) == {"U": 0, "N": 0, "O": 0, "!": 0}
    assert state.current_player == 1
    assert not state.ask


def test_bonus_discards_have_no_effect(game):
    """Discarded icon cards grab nothing; discarded Draw cards hit nobody."""
    state = three(
        game,
        ["red 8 (!)", "red Draw Two", "blue 5 (U)", "yellow 1"],
        towers={"U": 0, "N": 0, "O": 0},
    )
    act(state, "play red 8 (!)", "use the four-tower bonus, keeping yellow 1, and call UNO")
    assert tower_holders(state) == POOL
    assert sizes(state) == [1, 3, 3]
    assert state.current_player == 1


def test_bonus_at_the_start_of_a_turn_without_calling_uno_can_be_caught(game):
    state = three(
        game,
        ["yellow 1", "blue Draw Two", "red 5", "Wild Draw Four"],
        towers={"U": 0, "N": 0, "O": 0, "!": 0},
        turn=2,
        p2=["red 1", "green 8", "green 7"],
    )
    act(state, "play red 1", "use the four-tower bonus, keeping red 5")
    assert state.current_player == 1  # the catch window, in play order from seat 0
    assert labels(state) == ["catch the missed UNO call", "let it go"]
    act(state, "catch the missed UNO call")
    assert sizes(state)[0] == 3
    assert state.current_player == 0  # then seat 0's turn goes on
    assert labels(state)[-1] == "draw a card"


def test_declining_an_optional_icon_grab_gives_no_bonus():
    game = tabletop.make("uno-power", icon_grab="optional")
    state = three(game, HAND, towers={"U": 0, "N": 0, "O": 0})
    act(state, "play red 8 (!)", "take no tower")
    assert state.current_player == 1
    assert tower_holders(state)["!"] is None

"""House rules (reference 6), all off by default."""

from __future__ import annotations

import tabletop
from tests.games.uno_power.scenario import (
    act,
    build,
    events,
    hand,
    labels,
    sizes,
    top_name,
    tower_holders,
)

P2 = ["green 9", "green 9", "green 8"]
DRAW = ["yellow 5", "yellow 6", "yellow 7", "yellow 8", "green 4", "green 5", "green 6", "green 7"]


def plays(state) -> set[str]:
    return {a.removeprefix("play ") for a in labels(state) if a.startswith("play")}


# -- stacking -----------------------------------------------------------------


def stack_table(game, card, p1, *, p2=P2, towers=None):
    return build(
        game,
        3,
        hands=[[card, "yellow 1", "yellow 2"], p1, p2],
        top="red 4",
        towers=towers,
        draw=DRAW,
    )


def test_stacking_off_by_default():
    game = tabletop.make("uno-power")
    state = stack_table(game, "red Draw Two", ["blue Draw Two", "blue 1", "blue 2"])
    act(state, "play red Draw Two")
    assert sizes(state)[1] == 5
    assert state.current_player == 2


def test_stacking_same_type_passes_the_total_on():
    game = tabletop.make("uno-power", stacking="same_type")
    state = stack_table(
        game, "red Draw Two", ["blue Draw Two", "blue Draw One", "Wild Draw Four", "blue 2"]
    )
    act(state, "play red Draw Two")
    assert state.current_player == 1
    assert plays(state) == {"blue Draw Two"}
    assert "take the cards" in labels(state)
    act(state, "play blue Draw Two")
    assert sizes(state) == [2, 3, 3 + 4]
    assert state.current_player == 0


def test_stacking_take_the_cards():
    game = tabletop.make("uno-power", stacking="same_type")
    state = stack_table(game, "red Draw Two", ["blue Draw Two", "blue 1", "blue 2"])
    act(state, "play red Draw Two", "take the cards")
    assert sizes(state)[1] == 5
    assert state.current_player == 2


def test_stacking_same_type_wd4_on_wd4():
    game = tabletop.make("uno-power", stacking="same_type")
    state = stack_table(game, "Wild Draw Four", ["Wild Draw Four", "blue Draw Two", "blue 2"])
    act(state, "play Wild Draw Four, name blue")
    assert plays(state) == {f"Wild Draw Four, name {c}" for c in ("red", "blue", "green", "yellow")}
    # The first Wild Draw Four of a chain may still be challenged.
    assert "challenge the Wild Draw Four" in labels(state)
    act(state, "play Wild Draw Four, name green")
    assert sizes(state)[2] == 3 + 8
    assert state.current_player == 0


def test_stacking_progressive_allows_a_higher_card():
    game = tabletop.make("uno-power", stacking="progressive")
    p1 = ["blue Draw One", "blue Draw Two", "Wild Draw Four", "blue 2"]
    state = stack_table(game, "red Draw One", p1)
    act(state, "play red Draw One")
    assert {p.split(",")[0] for p in plays(state)} == {
        "blue Draw One",
        "blue Draw Two",
        "Wild Draw Four",
    }
    act(state, "play blue Draw Two")
    assert sizes(state)[2] == 3 + 3  # 1 + 2
    state = stack_table(game, "red Draw Two", p1)
    act(state, "play red Draw Two")
    assert {p.split(",")[0] for p in plays(state)} == {"blue Draw Two", "Wild Draw Four"}


def test_stacking_progressive_never_plus_two_on_plus_four():
    game = tabletop.make("uno-power", stacking="progressive")
    state = stack_table(game, "Wild Draw Four", ["blue Draw Two", "blue Draw One", "blue 2"])
    act(state, "play Wild Draw Four, name blue")
    assert labels(state) == ["challenge the Wild Draw Four", "accept the Wild Draw Four"]


def test_stacking_protected_player_at_the_end_of_a_chain_cancels_it():
    game = tabletop.make("uno-power", stacking="same_type")
    state = stack_table(
        game,
        "red Draw Two",
        ["blue Draw Two", "blue 1", "blue 2"],
        p2=["green Draw Two", "green 9", "green 8"],
        towers={"N": 2},
    )
    act(state, "play red Draw Two", "play blue Draw Two")
    assert sizes(state) == [2, 2, 3]
    assert state.current_player == 2
    assert state.view(None)["pending_draw"] == 0
    assert not state.ask
    # A normal turn: the blocked Draw Two is answered by symbol, starting afresh.
    act(state, "play green Draw Two")
    assert sizes(state)[0] == 2 + 2  # a fresh chain of 2, not 6
    assert state.current_player == 1


def test_stacking_tower_of_the_top_card_counts():
    """The chain ends on a Wild Draw Four: tower N no longer helps, tower O does."""
    game = tabletop.make("uno-power", stacking="progressive")
    state = stack_table(
        game, "red Draw Two", ["Wild Draw Four", "blue 1", "blue 2"], towers={"N": 2}
    )
    act(state, "play red Draw Two", "play Wild Draw Four, name green")
    assert sizes(state)[2] == 3 + 6
    state = stack_table(
        game, "red Draw Two", ["Wild Draw Four", "blue 1", "blue 2"], towers={"O": 2}
    )
    act(state, "play red Draw Two", "play Wild Draw Four, name green")
    assert sizes(state)[2] == 3
    assert state.current_player == 2


# -- jump-in ------------------------------------------------------------------


def test_jump_in_with_an_identical_card_ignoring_icons():
    game = tabletop.make("uno-power", jump_in=True)
    state = build(
        game,
        3,
        hands=[
            ["red 5", "yellow 1", "yellow 2"],
            ["blue 5", "blue 1", "blue 2"],
            ["red 5 (U)", "green 9", "green 8"],
        ],
        top="red 4",
    )
    act(state, "play red 5")
    assert state.current_player == 2  # seat 1 holds no red 5
    assert labels(state) == ["play red 5 (U)", "do not jump in"]
    act(state, "play red 5 (U)")
    assert "jump" in events(state)
    assert tower_holders(state)["U"] == 2  # a jumped-in icon card grabs its tower
    assert state.current_player == 0  # play continues from the jumper


def test_jump_in_declined_play_goes_on():
    game = tabletop.make("uno-power", jump_in=True)
    state = build(
        game,
        3,
        hands=[
            ["red 5", "yellow 1", "yellow 2"],
            ["blue 5", "blue 1", "blue 2"],
            ["red 5 (U)", "green 9", "green 8"],
        ],
        top="red 4",
    )
    act(state, "play red 5", "do not jump in")
    assert state.current_player == 1
    assert top_name(state) == "red 5"


def test_jump_in_off_by_default():
    game = tabletop.make("uno-power")
    state = build(
        game,
        3,
        hands=[
            ["red 5", "yellow 1", "yellow 2"],
            ["blue 5", "blue 1", "blue 2"],
            ["red 5 (U)", "green 9", "green 8"],
        ],
        top="red 4",
    )
    act(state, "play red 5")
    assert state.current_player == 1


# -- seven swap ---------------------------------------------------------------


def test_seven_swap_swaps_hands_with_a_chosen_player_towers_stay():
    game = tabletop.make("uno-power", seven_swap=True)
    state = build(
        game,
        3,
        hands=[["red 7 (O)", "yellow 1", "yellow 2", "yellow 3"], ["blue 9", "blue 1"], P2],
        top="red 4",
        towers={"N": 2},
    )
    act(state, "play red 7 (O)")
    # Labels number seats from 1: seats 1 and 2 are players 2 and 3.
    assert labels(state) == ["swap hands with player 2", "swap hands with player 3"]
    act(state, "swap hands with player 3")
    assert hand(state, 0) == sorted(P2)
    assert hand(state, 2) == ["yellow 1", "yellow 2", "yellow 3"]
    assert tower_holders(state) == {"U": None, "N": 2, "O": 0, "!": None}
    assert state.current_player == 1


def test_seven_swap_two_players_swaps_at_once():
    game = tabletop.make("uno-power", seven_swap=True)
    state = build(
        game, 2, hands=[["red 7", "yellow 1", "yellow 2"], ["blue 9", "blue 1"]], top="red 4"
    )
    act(state, "play red 7")
    assert hand(state, 0) == ["blue 1", "blue 9"]
    assert hand(state, 1) == ["yellow 1", "yellow 2"]
    assert state.current_player == 1


def test_seven_swap_off_by_default():
    game = tabletop.make("uno-power")
    state = build(
        game, 3, hands=[["red 7", "yellow 1", "yellow 2"], ["blue 9", "blue 1"], P2], top="red 4"
    )
    act(state, "play red 7")
    assert hand(state, 0) == ["yellow 1", "yellow 2"]


# -- drawing variants ---------------------------------------------------------


def test_draw_until_playable():
    game = tabletop.make("uno-power", draw_until_playable=True)
    state = build(
        game,
        3,
        hands=[["blue 9", "blue 8"], ["blue 1", "blue 2"], P2],
        top="red 4",
        draw=["green 1", "yellow 2", "red 9", "red 1"],
    )
    act(state, "draw a card")
    assert hand(state, 0) == ["blue 8", "blue 9", "green 1", "red 9", "yellow 2"]
    assert labels(state) == ["play red 9", "keep the drawn card"]


def test_forced_play_drawn():
    game = tabletop.make("uno-power", forced_play_drawn=True)
    state = build(
        game, 3, hands=[["blue 9", "blue 8"], ["blue 1", "blue 2"], P2], top="red 4", draw=["red 9"]
    )
    act(state, "draw a card")
    # A single legal answer is not asked: the drawn card is played at once.
    assert top_name(state) == "red 9"
    assert hand(state, 0) == ["blue 8", "blue 9"]
    assert state.current_player == 1


def test_forced_play_drawn_still_asks_for_a_wild_colour():
    game = tabletop.make("uno-power", forced_play_drawn=True)
    state = build(
        game,
        3,
        hands=[["blue 9", "blue 8"], ["blue 1", "blue 2"], P2],
        top="red 4",
        draw=["Wild Grab-a-Tower"],
    )
    act(state, "draw a card")
    assert all(label.startswith("play Wild Grab-a-Tower, name") for label in labels(state))
    assert len(labels(state)) == 4


def test_must_play_if_able():
    game = tabletop.make("uno-power", must_play_if_able=True)
    state = build(
        game, 3, hands=[["red 9", "blue 8", "blue 7"], ["blue 1", "blue 2"], P2], top="red 4"
    )
    assert labels(state) == ["play red 9"]
    state = build(
        game, 3, hands=[["green 1", "blue 8", "blue 7"], ["blue 1", "blue 2"], P2], top="red 4"
    )
    assert labels(state) == ["draw a card"]


def test_no_action_finish():
    game = tabletop.make("uno-power", no_action_finish=True)
    for last in ("red Skip", "red Draw Two", "Wild Grab-a-Tower", "Wild Draw Four"):
        state = build(game, 3, hands=[[last], ["blue 1", "blue 2"], P2], top="red 4")
        assert labels(state) == ["draw a card"], last
    state = build(game, 3, hands=[["red 9"], ["blue 1", "blue 2"], P2], top="red 4")
    assert labels(state) == ["play red 9", "draw a card"]


# -- partners -----------------------------------------------------------------

P3 = ["yellow 9", "yellow 8", "yellow 7"]  # 24 points
P1 = ["blue 9", "blue 8", "blue 1"]  # 18 points


def test_partners_a_team_scores_the_opponents_cards_and_both_win():
    game = tabletop.make("uno-power", partners=True)
    state = build(game, 4, hands=[["red 6"], P1, P2, P3], top="red 4", scores=[300, 0, 160, 0])
    act(state, "play red 6")
    assert state.last_round["gained"] == [18 + 24, 0, 0, 0]
    assert state.is_terminal()  # the team total 300 + 42 + 160 reaches 500
    assert state.winners() == [0, 2]
    assert state.view(0)["players"][2]["team"] == 0
    assert state.view(0)["players"][1]["team"] == 1


def test_partners_below_the_target_team_total_counts():
    game = tabletop.make("uno-power", partners=True)
    state = build(game, 4, hands=[["red 6"], P1, P2, P3], top="red 4", scores=[300, 0, 150, 0])
    act(state, "play red 6")
    assert not state.is_terminal()  # 300 + 42 + 150 = 492


def test_partners_a_partner_does_not_catch():
    game = tabletop.make("uno-power", partners=True)
    state = build(game, 4, hands=[["red 6", "red 5"], P1, P2, P3], top="red 4")
    act(state, "play red 6")
    assert state.current_player == 1
    act(state, "let it go")
    assert state.current_player == 3
    act(state, "let it go")
    assert state.current_player == 1
    assert labels(state)[-1] == "draw a card"


# -- the turn limit -----------------------------------------------------------


def test_round_turn_limit_ends_the_round_by_fewest_points():
    game = tabletop.make("uno-power", round_turn_limit=50)
    state = build(
        game,
        3,
        hands=[["red 6", "red 5", "yellow 9"], ["blue 1", "blue 2"], P2],
        top="red 4",
        turns=50,
    )
    act(state, "play red 6")
    assert "limit" in events(state)
    assert state.round == 2
    assert state.last_round["winner"] == 1
    assert state.last_round["how"] == "fewest points"


def test_no_action_finish_also_forbids_going_out_by_stacking():
    game = tabletop.make("uno-power", no_action_finish=True, stacking="same_type")
    state = build(
        game,
        3,
        hands=[["red Draw Two", "yellow 1", "yellow 2"], ["blue Draw Two"], P2],
        top="red 4",
        draw=DRAW,
    )
    act(state, "play red Draw Two")
    assert sizes(state)[1] == 3  # not asked to stack its last card: it draws
    assert state.current_player == 2


def test_no_action_finish_also_forbids_going_out_by_jumping_in():
    game = tabletop.make("uno-power", no_action_finish=True, jump_in=True)
    state = build(
        game,
        3,
        hands=[["red Skip", "yellow 1", "yellow 2"], ["blue 3", "blue 4"], ["red Skip"]],
        top="red 4",
    )
    act(state, "play red Skip")
    assert state.current_player == 2
    assert labels(state) == ["draw a card"]
    # A number card may still be the last card, jumped in or not.
    state = build(
        game,
        3,
        hands=[["red 9", "yellow 1", "yellow 2"], ["blue 3", "blue 4"], ["red 9"]],
        top="red 4",
    )
    act(state, "play red 9")
    assert labels(state) == ["play red 9", "do not jump in"]


def test_stacking_a_wd4_obeys_the_restriction_when_challenges_are_off():
    game = tabletop.make("uno-power", stacking="progressive", wd4_challenge=False)
    holding_red = stack_table(game, "red Draw Two", ["Wild Draw Four", "red 1", "blue 2"])
    act(holding_red, "play red Draw Two")
    assert holding_red.current_player == 2  # not asked to stack: it drew 2
    assert sizes(holding_red)[1] == 5
    no_red = stack_table(game, "red Draw Two", ["Wild Draw Four", "blue 1", "blue 2"])
    act(no_red, "play red Draw Two")
    assert no_red.current_player == 1
    assert "play Wild Draw Four, name green" in labels(no_red)

"""Running out of cards (reference 3.8, A14), the end of a round and scoring (4)."""

from __future__ import annotations

import pytest

import tabletop
from tests.games.uno_power.scenario import (
    act,
    build,
    discard_pile,
    draw_pile,
    events,
    hand,
    labels,
    sizes,
    top_name,
    tower_holders,
)

P1 = ["blue 9", "blue 9", "blue 8"]  # 26 points
P2 = ["green 9", "yellow 9", "green Skip"]  # 38 points
POOL = {"U": None, "N": None, "O": None, "!": None}
HOARD = 2  # in these tests, the seat whose hand holds the cards no test names


@pytest.fixture(scope="module")
def game():
    return tabletop.make("uno-power")


# -- the draw pile runs out ---------------------------------------------------
#
# Every card of the deck lies somewhere: for the draw pile and the discard pile to
# hold only the cards a test names, the others are in seat 2's hand (``rest=HOARD``),
# which these tests otherwise leave alone. With no card left to draw, all but the
# card in play are in hands: the rulebook's way to run out of cards ("all are in
# hands").


def test_reshuffle_keeps_the_top_card(game):
    below = ["blue 1", "blue 2", "green 3"]
    state = build(
        game,
        3,
        hands=[["yellow 1", "yellow 2"], P1, P2],
        top="red 4",
        draw=[],
        discard=below,
        rest=HOARD,
    )
    act(state, "draw a card")
    assert "reshuffle" in events(state)
    assert discard_pile(state) == ["red 4"]
    assert top_name(state) == "red 4"
    drawn = [c for c in hand(state, 0) if c not in ("yellow 1", "yellow 2")]
    assert len(drawn) == 1 and drawn[0] in below
    assert sorted(draw_pile(state) + drawn) == sorted(below)


def test_reshuffle_in_the_middle_of_a_penalty_draw(game):
    below = ["blue 1", "blue 2", "blue 3"]
    state = build(
        game,
        3,
        hands=[["red Draw Two", "yellow 1", "yellow 2"], P1, P2],
        top="red 4",
        draw=["yellow 5"],
        discard=below,
        rest=HOARD,
    )
    before = sizes(state)
    act(state, "play red Draw Two")
    assert sizes(state) == [before[0] - 1, before[1] + 2, before[2]]  # [2, 5, as it was]
    assert "yellow 5" in hand(state, 1)
    assert discard_pile(state) == ["red Draw Two"]
    assert len(draw_pile(state)) == 3
    assert state.current_player == 2


def test_both_piles_empty_draw_what_exists_and_play_goes_on(game):
    state = build(
        game,
        3,
        hands=[["red Draw Two", "yellow 1", "yellow 2"], P1, P2],
        top="red 4",
        draw=["yellow 5"],
        rest=HOARD,
    )
    before = sizes(state)
    act(state, "play red Draw Two")
    # Two cards exist to draw: yellow 5, then red 4 reshuffled (the Draw Two stays in play).
    assert sizes(state) == [before[0] - 1, before[1] + 2, before[2]]
    assert {"yellow 5", "red 4"} <= set(hand(state, 1))
    assert draw_pile(state) == []
    assert discard_pile(state) == ["red Draw Two"]
    assert state.current_player == 2
    assert not state.is_terminal()


def test_both_piles_empty_a_draw_becomes_a_pass(game):
    state = build(
        game, 3, hands=[["red 1", "yellow 1", "yellow 2"], P1, P2], top="red 4", rest=HOARD
    )
    before = sizes(state)
    act(state, "draw a card")  # voluntary: seat 0 could have played red 1
    assert sizes(state) == before
    assert "pass" in events(state)
    assert state.current_player == 1
    assert state.round == 1


def test_nobody_able_to_play_or_draw_ends_the_round():
    """Seat 0 cannot play or draw; seats 1 and 2 hold every other card and pass too
    (a draw that finds no card is a pass): as many passes as players end the round.
    The target is above the deck's 1400 points, so the match goes on to round 2."""
    game = tabletop.make("uno-power", target_score=2000)
    state = build(game, 3, hands=[["yellow 1", "yellow 2"], P1, P2], top="red 4", rest=HOARD)
    assert labels(state) == ["draw a card"]
    for _ in range(3):
        act(state, "draw a card")
    assert events(state).count("pass") == 3 and "stalemate" in events(state)
    assert state.round == 2
    last = state.last_round
    assert last["winner"] == 0  # fewest points in hand: 3 against 26 and many more
    assert last["points_in_hand"][:2] == [3, 26] and last["points_in_hand"][2] > 38


def fewest_points_round():
    """Three hands, no card to draw and the round ends when the pile is empty: the
    first player draws, and seat 1, with the fewest points, wins the round."""
    game = tabletop.make("uno-power", empty_pile="end_round")
    state = build(
        game,
        3,
        hands=[["yellow 8", "yellow 9"], ["blue 1", "blue 2"], P2],
        top="red 4",
        draw=[],
        discard=["green 1"],
        rest="discard",  # never drawn: the round ends when the pile is empty
    )
    act(state, "draw a card")
    return state


def test_empty_pile_end_round_scores_by_fewest_points():
    state = fewest_points_round()
    assert state.round == 2
    last = state.last_round
    assert last["winner"] == 1
    assert last["points_in_hand"] == [17, 3, 38]
    assert last["gained"] == [0, 17 + 38, 0]
    assert state.scores == [0, 55, 0]


def test_card_count_is_conserved_through_reshuffles(game):
    state = build(
        game,
        3,
        hands=[["yellow 1", "yellow 2"], P1, P2],
        top="red 4",
        discard=["blue 1", "blue 2"],
        draw=[],
    )
    d = state.to_dict()["state"]
    total = len(d["deck"]["draw"]) + len(d["deck"]["discard"]) + sum(map(len, d["hands"]))
    assert total == 112


# -- the end of a round -------------------------------------------------------


def last_card(
    game,
    card,
    *,
    towers=None,
    draw=("red 9", "blue Skip", "red 1", "red 2", "red 3", "red 5"),
    n=3,
    **kw,
):
    hands = [[card], P1, P2, ["green 8", "green 7", "green 5"]][:n]
    top = "red 4"
    return build(game, n, hands=hands, top=top, towers=towers, draw=list(draw), **kw)


def test_round_ends_the_moment_the_last_card_is_played(game):
    state = last_card(game, "red 6")
    act(state, "play red 6")
    assert state.last_round["winner"] == 0
    assert state.last_round["how"] == "out"
    assert state.scores == [26 + 38, 0, 0]
    assert state.round == 2
    assert "round_end" in events(state)


def test_last_card_icon_grabs_no_tower():
    game = tabletop.make("uno-power", towers_reset_each_round=False)
    state = last_card(game, "red 5 (U)", towers={"U": 1})
    act(state, "play red 5 (U)")
    assert state.round == 2
    assert tower_holders(state)["U"] == 1


@pytest.mark.parametrize(
    ("card", "drawn", "points"),
    [("red Draw One", 1, 9), ("red Draw Two", 2, 9 + 20)],
)
def test_last_card_draw_next_player_draws_and_the_cards_count(game, card, drawn, points):
    """Rulebook: the next player draws 1 or 2, and these cards count in the scoring."""
    state = last_card(game, card)
    act(state, f"play {card}")
    assert state.last_round["points_in_hand"][1] == 26 + points
    assert state.scores == [26 + points + 38, 0, 0]


def test_last_card_wild_draw_four_counts_and_is_not_challenged_by_default(game):
    state = last_card(game, "Wild Draw Four")
    act(state, "play Wild Draw Four, name green")
    assert state.round == 2  # no challenge decision
    assert state.last_round["points_in_hand"][1] == 26 + 9 + 20 + 1 + 2
    assert "challenge" not in events(state)


@pytest.mark.parametrize(
    ("card", "tower"), [("red Draw One", "U"), ("red Draw Two", "N"), ("Wild Draw Four", "O")]
)
def test_last_card_draw_blocked_by_the_tower(game, card, tower):
    state = last_card(game, card, towers={tower: 1})
    label = f"play {card}" + (", name red" if "Wild" in card else "")
    act(state, label)
    assert state.last_round["points_in_hand"][1] == 26
    assert state.scores == [26 + 38, 0, 0]


def test_last_card_protection_off_draws_anyway():
    game = tabletop.make("uno-power", last_card_protection=False)
    state = last_card(game, "red Draw Two", towers={"N": 1})
    act(state, "play red Draw Two")
    assert state.last_round["points_in_hand"][1] == 26 + 29


def test_wd4_challenge_on_last_card_option():
    game = tabletop.make("uno-power", wd4_challenge_on_last_card=True)
    state = last_card(game, "Wild Draw Four")
    act(state, "play Wild Draw Four, name green")
    assert state.current_player == 1
    assert labels(state) == ["challenge the Wild Draw Four", "accept the Wild Draw Four"]
    accepted = state.clone()
    act(accepted, "accept the Wild Draw Four")
    assert accepted.last_round["points_in_hand"][1] == 26 + 32
    # Going out with a Wild Draw Four is never a bluff: the challenger draws 6.
    act(state, "challenge the Wild Draw Four")
    assert state.last_round["points_in_hand"][1] == 26 + 32 + 3 + 5
    assert state.last_round["winner"] == 0


# -- scoring and the match ----------------------------------------------------


def test_first_to_500_wins(game):
    state = last_card(game, "red 6", scores=[450, 499, 0])
    act(state, "play red 6")
    assert state.is_terminal()
    assert state.scores == [450 + 64, 499, 0]
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 0.0]
    assert state.view(None)["winners"] == [0]


def test_below_the_target_a_new_round_starts(game):
    state = last_card(game, "red 6", scores=[400, 0, 0], dealer=1)
    act(state, "play red 6")
    assert not state.is_terminal()
    assert state.scores == [464, 0, 0]
    assert state.round == 2
    assert state.dealer == 2
    assert state.returns() == [0.0, 0.0, 0.0]


def test_target_score_option():
    game = tabletop.make("uno-power", target_score=100)
    state = last_card(game, "red 6", scores=[36, 0, 0])
    act(state, "play red 6")
    assert state.is_terminal()
    assert state.winners() == [0]


def test_single_round():
    game = tabletop.make("uno-power", target_score="single_round")
    state = last_card(game, "red 6")
    act(state, "play red 6")
    assert state.is_terminal()
    assert state.winners() == [0]
    assert state.legal_actions() == []


def test_lowest_total_everyone_adds_their_own_and_lowest_wins():
    game = tabletop.make("uno-power", scoring="lowest_total")
    state = last_card(game, "red 6", scores=[100, 480, 50])
    act(state, "play red 6")
    assert state.scores == [100, 480 + 26, 50 + 38]
    assert state.is_terminal()
    assert state.winners() == [2]  # the lowest total, not the round winner


def test_lowest_total_below_the_target_goes_on():
    game = tabletop.make("uno-power", scoring="lowest_total")
    state = last_card(game, "red 6", scores=[100, 400, 50])
    act(state, "play red 6")
    assert not state.is_terminal()
    assert state.scores == [100, 426, 88]


def test_lowest_total_ties_share_the_win():
    game = tabletop.make("uno-power", scoring="lowest_total")
    state = last_card(game, "red 6", scores=[100, 480, 62])
    act(state, "play red 6")
    assert state.is_terminal()
    assert state.winners() == [0, 2]
    assert state.returns() == [1.0, 0.0, 1.0]


def test_lowest_total_tie_play_on():
    game = tabletop.make("uno-power", scoring="lowest_total", lowest_total_tie="play_on")
    state = last_card(game, "red 6", scores=[100, 480, 62])
    act(state, "play red 6")
    assert not state.is_terminal()
    assert state.round == 2


def test_towers_return_to_the_pool_each_round(game):
    state = last_card(game, "red 6", towers={"U": 1, "N": 2, "O": 0})
    act(state, "play red 6")
    assert state.round == 2
    assert tower_holders(state) == POOL


def test_towers_reset_each_round_off_keeps_them():
    game = tabletop.make("uno-power", towers_reset_each_round=False)
    held = {"U": 1, "N": 2, "O": 0, "!": None}
    state = last_card(game, "red 6", towers=held)
    act(state, "play red 6")
    assert state.round == 2
    assert tower_holders(state) == held

"""The Wild Draw Four restriction and challenge (reference 3.3, 3.4, A12, A16)."""

from __future__ import annotations

import pytest

import tabletop
from tests.games.uno_power.scenario import act, build, colour, events, hand, labels, sizes

WD4 = "play Wild Draw Four, name blue"
CHALLENGE = "challenge the Wild Draw Four"
ACCEPT = "accept the Wild Draw Four"
P1 = ["blue 9", "green 6", "yellow 3"]
P2 = ["green 9", "green 9", "green 8"]
DRAW = ["yellow 5", "yellow 6", "yellow 7", "yellow 8", "green 4", "green 5"]


def wd4_table(game, mine, *, top="red 7", towers=None, p1=P1, **kw):
    return build(
        game, 3, hands=[["Wild Draw Four", *mine], p1, P2], top=top, towers=towers, draw=DRAW, **kw
    )


@pytest.fixture(scope="module")
def game():
    return tabletop.make("uno-power")


# -- the restriction ----------------------------------------------------------


def test_wd4_playable_with_no_card_of_the_colour_in_play(game):
    state = wd4_table(game, ["blue 1", "yellow 2"])
    assert WD4 in labels(state)


def test_number_and_symbol_matches_do_not_forbid_wd4():
    """Holding a card that matches by number or symbol only does not forbid it (3.3)."""
    game = tabletop.make("uno-power", wd4_challenge=False)
    state = wd4_table(game, ["blue 7", "yellow 7 (O)", "green Skip"], top="red 7")
    assert WD4 in labels(state)
    state = wd4_table(game, ["blue Skip", "yellow 2"], top="red Skip")
    assert WD4 in labels(state)


def test_wild_grab_a_tower_does_not_forbid_wd4():
    game = tabletop.make("uno-power", wd4_challenge=False)
    state = wd4_table(game, ["Wild Grab-a-Tower", "blue 1"])
    assert WD4 in labels(state)


def test_named_colour_of_a_wild_is_the_colour_in_play():
    game = tabletop.make("uno-power", wd4_challenge=False)
    state = wd4_table(game, ["red 1", "blue 1"], top="Wild Grab-a-Tower", colour="green")
    assert WD4 in labels(state)
    state = wd4_table(game, ["green 1", "blue 1"], top="Wild Grab-a-Tower", colour="green")
    assert WD4 not in labels(state)


def test_wd4_challenge_off_enforces_the_restriction_as_a_legality_rule():
    game = tabletop.make("uno-power", wd4_challenge=False)
    state = wd4_table(game, ["red 1", "blue 1"])
    assert not any("Wild Draw Four" in label for label in labels(state))
    # Legal without red: no challenge is offered, the next player draws 4.
    state = wd4_table(game, ["blue 1", "yellow 2"])
    act(state, WD4)
    assert sizes(state)[1] == 7
    assert state.current_player == 2


def test_wd4_challenge_off_drawn_wd4_is_not_playable_with_the_colour():
    game = tabletop.make("uno-power", wd4_challenge=False)
    state = build(
        game, 3, hands=[["red 1", "blue 1"], P1, P2], top="red 7", draw=["Wild Draw Four"]
    )
    act(state, "draw a card")
    assert state.current_player == 1  # the drawn WD4 is not playable: the turn ended
    state = build(
        game, 3, hands=[["blue 1", "yellow 1"], P1, P2], top="red 7", draw=["Wild Draw Four"]
    )
    act(state, "draw a card")
    assert state.current_player == 0
    assert WD4 in labels(state)


def test_wd4_restriction_off_wd4_any_time_and_no_challenge():
    game = tabletop.make("uno-power", wd4_restriction=False)
    state = wd4_table(game, ["red 1", "blue 1"])
    act(state, WD4)
    assert state.current_player == 2
    assert sizes(state)[1] == 7


def test_bluff_is_possible_with_challenges_on(game):
    state = wd4_table(game, ["red 1", "blue 1"])
    assert WD4 in labels(state)


# -- the challenge ------------------------------------------------------------


def test_only_the_target_may_challenge_before_drawing(game):
    state = wd4_table(game, ["red 1", "blue 1"])
    act(state, WD4)
    assert state.current_player == 1
    assert labels(state) == [CHALLENGE, ACCEPT]
    assert sizes(state)[1] == 3


def test_challenge_guilty_bluffer_draws_4_and_challenger_plays_the_named_colour(game):
    """Ist er schuldig, muss er die 4 Karten aufnehmen."""
    state = wd4_table(game, ["red 1", "blue 1"])
    act(state, WD4, CHALLENGE)
    assert sizes(state) == [2 + 4, 3, 3]
    assert hand(state, 0) == sorted(["red 1", "blue 1", *DRAW[:4]])
    assert state.current_player == 1
    assert not state.ask
    assert colour(state) == "blue"
    assert labels(state) == ["play blue 9", "draw a card"]
    (challenge,) = [e for e in state.log if e.kind == "challenge"]
    assert challenge.data["guilty"] is True


def test_challenge_not_guilty_challenger_draws_6_and_loses_the_turn(game):
    """Ist er unschuldig, muss der Herausforderer 4 plus 2 Strafkarten aufnehmen."""
    state = wd4_table(game, ["blue 7", "yellow 2"])  # a 7 matches by number only
    act(state, WD4, CHALLENGE)
    assert sizes(state) == [2, 3 + 6, 3]
    assert hand(state, 1) == sorted([*P1, *DRAW])
    assert state.current_player == 2
    (challenge,) = [e for e in state.log if e.kind == "challenge"]
    assert challenge.data["guilty"] is False


def test_challenge_not_guilty_when_holding_a_wild_grab(game):
    state = wd4_table(game, ["Wild Grab-a-Tower", "yellow 2"])
    act(state, WD4, CHALLENGE)
    assert sizes(state)[1] == 9


def test_guilt_is_judged_on_the_colour_before_the_wd4(game):
    """Naming the colour you hold is no bluff; holding the old colour is."""
    state = wd4_table(game, ["blue 1", "blue 2"])
    act(state, WD4, CHALLENGE)
    assert sizes(state)[1] == 9  # not guilty: no red in hand


def test_accepting_draws_4_and_loses_the_turn(game):
    state = wd4_table(game, ["red 1", "blue 1"])
    act(state, WD4, ACCEPT)
    assert sizes(state) == [2, 7, 3]
    assert state.current_player == 2


def test_challenger_plays_after_guilty_off():
    game = tabletop.make("uno-power", challenger_plays_after_guilty=False)
    state = wd4_table(game, ["red 1", "blue 1"])
    act(state, WD4, CHALLENGE)
    assert sizes(state) == [6, 3, 3]
    assert state.current_player == 2


def test_reveal_is_private_to_the_challenger(game):
    state = wd4_table(game, ["red 1", "blue 1"])
    act(state, WD4, CHALLENGE)
    reveals = [e for e in state.log if e.kind == "reveal"]
    assert len(reveals) == 1
    assert reveals[0].visible(1)
    assert not reveals[0].visible(2)
    assert not reveals[0].visible(None)


# -- Wild Draw Four and tower O -----------------------------------------------


def test_blocked_wd4_cannot_be_challenged_by_default(game):
    state = wd4_table(game, ["red 1", "blue 1"], towers={"O": 1})
    act(state, WD4)
    assert state.current_player == 1
    assert CHALLENGE not in labels(state)
    assert sizes(state) == [2, 3, 3]
    assert "blocked" in events(state)


def test_blocked_wd4_restriction_still_applies_when_played():
    game = tabletop.make("uno-power", wd4_challenge=False)
    state = wd4_table(game, ["red 1", "blue 1"], towers={"O": 1})
    assert WD4 not in labels(state)


def test_blocked_wd4_challenge_option_allows_a_challenge():
    game = tabletop.make("uno-power", blocked_wd4_challenge=True)
    guilty = wd4_table(game, ["red 1", "blue 1"], towers={"O": 1})
    act(guilty, WD4)
    assert guilty.current_player == 1
    assert labels(guilty) == [CHALLENGE, ACCEPT]
    accepted = guilty.clone()
    act(guilty, CHALLENGE)
    assert sizes(guilty) == [6, 3, 3]
    assert guilty.current_player == 1
    act(accepted, ACCEPT)
    assert sizes(accepted) == [2, 3, 3]
    assert accepted.current_player == 1


def test_guilt_after_a_wild_is_judged_on_the_named_colour(game):
    top = {"top": "Wild Grab-a-Tower", "colour": "green"}
    guilty = wd4_table(game, ["green 1", "blue 1"], **top)
    act(guilty, WD4, CHALLENGE)
    assert sizes(guilty)[0] == 6
    innocent = wd4_table(game, ["red 1", "blue 1"], **top)
    act(innocent, WD4, CHALLENGE)
    assert sizes(innocent) == [2, 9, 3]


def test_optional_protection_taking_a_wd4_allows_the_challenge():
    game = tabletop.make("uno-power", tower_protection="optional")
    state = wd4_table(game, ["red 1", "blue 1"], towers={"O": 1})
    act(state, WD4)
    assert labels(state) == ["block it with your tower", "take the cards"]
    blocked = state.clone()
    act(blocked, "block it with your tower")
    assert blocked.current_player == 1
    assert sizes(blocked) == [2, 3, 3]
    act(state, "take the cards")
    assert labels(state) == [CHALLENGE, ACCEPT]
    act(state, CHALLENGE)
    assert sizes(state) == [6, 3, 3]


def test_a_guilty_bluffer_who_missed_uno_cannot_also_be_caught(game):
    """The UNO penalty is for holding one card; after drawing 4 there is nothing to catch."""
    state = wd4_table(game, ["red 1"])  # plays down to one card, without calling
    act(state, WD4, CHALLENGE)
    assert sizes(state) == [1 + 4, 3, 3]
    assert state.current_player == 1
    assert "catch the missed UNO call" not in labels(state)
    assert not any(e.kind == "catch" for e in state.log)

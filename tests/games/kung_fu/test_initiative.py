"""Phase A: voluntary and forced handovers, and the new defender's draw (R3, R4)."""

from __future__ import annotations

from tests.games.kung_fu.scenario import (
    act,
    build,
    decision,
    draw_pile,
    events,
    hand,
    labels,
)

PASS = "give up the initiative"
HANDS = [["Jab", "Block"], ["Heavy", "Wall"]]


def test_holder_chooses_an_attack_or_passes(game) -> None:
    state = build(game, hands=[["Jab", "Power Kick", "Block"], ["Jab", "Block"]])
    assert state.current_player == 0
    assert labels(state) == [
        "attack with Jab face up",
        "attack with Jab face down",
        "attack with Power Kick face up",
        "attack with Power Kick face down",
        PASS,
    ]


def test_voluntary_pass_hands_over_and_the_passer_draws_three(make_game) -> None:
    game = make_game(max_voluntary_passes=1)  # one pass per round: passes_left counts down
    state = build(game, hands=HANDS, red=["Coin Punch"], blue=["Wall", "Shield"])
    act(state, PASS)
    # The new defender (the passer) chooses how many of the 3 come from red.
    assert decision(state) == "draw" and state.current_player == 0
    assert labels(state) == [f"draw {r} red, the rest blue" for r in range(4)]
    act(state, "draw 1 red, the rest blue")
    assert hand(state, 0) == ["Block", "Coin Punch", "Jab", "Shield", "Wall"]
    view = state.view(None)
    assert (view["attacker"], view["defender"]) == (1, 0)
    assert state.current_player == 1 and decision(state) == "attack"
    assert view["players"][0]["passes_left"] == 0
    assert "pass" in events(state) and "initiative" in events(state)


def test_each_player_passes_at_most_once_per_round(make_game) -> None:
    state = build(make_game(max_voluntary_passes=1), hands=HANDS)
    act(state, PASS, "draw 0 red, the rest blue")
    assert PASS in labels(state)  # player 1 has not passed yet
    act(state, PASS, "draw 0 red, the rest blue")
    assert state.current_player == 0
    assert PASS not in labels(state)  # R4: player 0 already passed this round


def test_passes_come_back_next_round(make_game) -> None:
    game = make_game(max_voluntary_passes=1)
    state = build(game, hands=[["Jab", "Jab", "Block"], ["Heavy", "Jab", "Wall", "Block"]])
    act(state, PASS, "draw 0 red, the rest blue")
    act(state, "attack with Heavy face up", "parry with Block")
    assert state.view(None)["round"] == 2
    assert state.current_player == 1
    act(state, PASS, "draw 0 red, the rest blue")
    assert state.current_player == 0
    assert PASS in labels(state)  # a new round: player 0 may pass again


def test_no_voluntary_pass_when_the_limit_is_zero(make_game) -> None:
    state = build(make_game(max_voluntary_passes=0), hands=HANDS)
    assert PASS not in labels(state)


def test_a_higher_limit_allows_more_passes(make_game) -> None:
    state = build(make_game(max_voluntary_passes=2), hands=HANDS)
    for _ in range(3):
        act(state, PASS, "draw 0 red, the rest blue")
    assert state.current_player == 1
    assert PASS in labels(state)  # player 1 has passed once of two
    act(state, PASS, "draw 0 red, the rest blue")
    assert PASS not in labels(state)


def test_forced_handover_without_a_red_card(make_game) -> None:
    game = make_game(max_voluntary_passes=1)  # passes_left counts the voluntary passes
    state = build(game, hands=[["Block", "Wall"], ["Jab", "Block"]], red=["Heavy", "Jab", "Jab"])
    # Player 0 holds no red card: the initiative passes at once, and player 0, now
    # the defender, draws 3 (a choice of decks).
    assert events(state)[:2] == ["handover", "initiative"]
    assert state.current_player == 0 and decision(state) == "draw"
    act(state, "draw 3 red, the rest blue")
    assert state.view(None)["attacker"] == 1
    assert state.current_player == 1 and decision(state) == "attack"
    assert hand(state, 0) == ["Block", "Heavy", "Jab", "Jab", "Wall"]
    # A forced handover does not use up a voluntary pass.
    assert state.view(None)["players"][0]["passes_left"] == 1


def test_forced_handover_goes_back_when_neither_holds_red(make_game) -> None:
    # A deck of only these cards: one red card in all, and the blue pile runs out.
    game = make_game(cards={"Heavy": 1, "Block": 6, "Wall": 3})
    blue = ["Block"] * 5 + ["Wall"] * 2
    state = build(game, hands=[["Block"], ["Wall"]], red=["Heavy"], blue=blue)
    act(state, "draw 0 red, the rest blue")  # player 0 draws blue only
    # Player 1 holds no red card either: the initiative comes back to player 0,
    # and player 1 draws 3.
    assert state.view(None)["attacker"] == 0
    assert state.current_player == 1 and decision(state) == "draw"
    act(state, "draw 1 red, the rest blue")
    assert hand(state, 1) == ["Block", "Block", "Heavy", "Wall"]
    # Player 0 still holds no red: the initiative goes to player 1 again, and
    # player 0 draws what is left (2 blue: no choice).
    assert state.current_player == 1 and decision(state) == "attack"
    assert events(state).count("handover") == 3
    assert hand(state, 0) == ["Block", "Block", "Block", "Block", "Wall", "Wall"]


def test_the_split_collapses_when_a_colour_is_exhausted(make_game) -> None:
    game = make_game(cards={"Jab": 1, "Heavy": 1, "Block": 3, "Wall": 3})  # all in sight
    state = build(game, hands=HANDS, red=[], blue=["Wall", "Wall", "Block", "Block"])
    act(state, PASS)
    # No red card can be drawn: all three come from blue without asking.
    assert state.current_player == 1 and decision(state) == "attack"
    assert hand(state, 0) == ["Block", "Block", "Jab", "Wall", "Wall"]
    assert draw_pile(state, 1) == ["Block"]


def test_the_split_is_limited_by_what_is_left(make_game) -> None:
    # Decks of only these cards: what the piles show is all there is to draw.
    game = make_game(cards={"Jab": 2, "Heavy": 1, "Block": 2, "Wall": 2})
    state = build(game, hands=HANDS, red=["Jab"], blue=["Wall", "Block"])
    act(state, PASS)
    # 1 red and 2 blue are left: 3 cards take 0 or 1 red... only "1 red, 2 blue" fits 3.
    assert state.current_player == 1 and decision(state) == "attack"
    game = make_game(cards={"Jab": 3, "Heavy": 1, "Block": 2, "Wall": 2})
    state = build(game, hands=HANDS, red=["Jab", "Jab"], blue=["Wall", "Block"])
    act(state, PASS)
    assert labels(state) == ["draw 1 red, the rest blue", "draw 2 red, the rest blue"]


def test_sequential_draw_asks_card_by_card(make_game) -> None:
    game = make_game(draw_split="sequential")
    state = build(game, hands=HANDS, red=["Heavy", "Coin Punch"], blue=["Wall", "Shield"])
    act(state, PASS)
    for expected_left in (3, 2, 1):
        assert state.current_player == 0 and decision(state) == "draw"
        assert labels(state) == ["draw 0 red, the rest blue", "draw 1 red, the rest blue"]
        assert f"({expected_left} to draw)" in state.view(0)["decision"]["text"]
        assert state.view(0)["decision"]["count"] == expected_left
        act(
            state,
            "draw 1 red, the rest blue" if expected_left != 2 else "draw 0 red, the rest blue",
        )
    assert hand(state, 0) == ["Block", "Coin Punch", "Heavy", "Jab", "Wall"]
    assert state.current_player == 1 and decision(state) == "attack"


def test_draws_are_public_by_colour_and_private_by_card(game) -> None:
    state = build(game, hands=HANDS, red=["Coin Punch"], blue=["Shield", "Wall"])
    act(state, PASS, "draw 1 red, the rest blue")
    public = [e for e in state.log_for(1) if e.kind == "draw"]
    assert public[-1].text == "player 1 draws 1 red and 2 blue"  # seat 0, numbered from 1
    private = [e for e in state.log_for(0) if e.kind == "drew"]
    assert "Coin Punch" in private[-1].text
    assert not [e for e in state.log_for(1) if e.kind == "drew"]
    assert not [e for e in state.log_for(None) if e.kind == "drew"]

"""Rulebook rulings that are options: the default reading and the other one.

Each test checks the default against the rulebook sentence it rests on, and checks
that the option plays the other reading of the same sentence.
"""

from __future__ import annotations

import random

import pytest

import tabletop
from tests.games.kung_fu.scenario import act, build, decision, labels

PASS = "give up the initiative"


def settle(state, kind: str) -> None:
    """Answer every pending decision of ``kind`` with its first legal action."""
    while decision(state) == kind:
        state.apply(state.legal_actions()[0])


def life(state) -> list[int]:
    return [p["life"] for p in state.view(None)["players"]]


# -- 3. max_voluntary_passes -------------------------------------------------------


def pass_initiative(state) -> None:
    """The attacker gives up the initiative; the new defender draws its 3 cards."""
    act(state, PASS)
    settle(state, "draw")


@pytest.mark.parametrize("options", [{}, {"max_voluntary_passes": -1}], ids=["default", "-1"])
def test_voluntary_handovers_are_unlimited_by_default(make_game, options):
    """Default ``max_voluntary_passes=-1``: as many handovers as the players want.

    The rulebook (phase A): „Der Spieler, der die Initiative besitzt, kann sie
    freiwillig abgeben. Tut er dies, erhält sein Mitspieler automatisch die
    Initiative und wird dadurch Angreifer. Auch er kann wieder entscheiden, die
    Initiative abzugeben, etc." So a player may give the initiative away a second
    (and third) time in the same round.
    """
    game = make_game(first_player="0", **options)
    state = game.new_state(2, seed=3)
    for handover in range(6):
        attacker = handover % 2
        view = state.view(None)
        assert view["round"] == 1
        assert (view["attacker"], state.current_player) == (attacker, attacker)
        assert decision(state) == "attack"
        assert PASS in labels(state), f"handover {handover + 1} refused"
        pass_initiative(state)
        assert state.view(None)["attacker"] == 1 - attacker
    assert state.view(None)["round"] == 1


def test_max_voluntary_passes_one_allows_one_handover_per_player_per_round(make_game):
    """``max_voluntary_passes=1``: the other reading of „... etc.", one voluntary
    handover per player per round.

    The rulebook: „Auch er kann wieder entscheiden, die Initiative abzugeben, etc."
    Limited to once: player 1 passes, player 2 passes back, and player 1 may not
    pass a second time in that round.
    """
    game = make_game(first_player="0", max_voluntary_passes=1)
    state = game.new_state(2, seed=3)
    pass_initiative(state)  # player 1's one handover
    assert state.current_player == 1 and PASS in labels(state)
    pass_initiative(state)  # player 2's one handover
    view = state.view(None)
    assert (view["round"], view["attacker"], state.current_player) == (1, 0, 0)
    assert decision(state) == "attack"
    assert PASS not in labels(state)


def play_out(state, chooser: random.Random, *, pass_happy: bool, cap: int) -> int:
    """Play to the end; with ``pass_happy`` give up the initiative whenever allowed."""
    actions = 0
    while not state.is_terminal():
        assert actions < cap, f"no end after {cap} actions (round {state.view(None)['round']})"
        legal = state.legal_actions()
        passes = [a for a in legal if a.label == PASS]
        state.apply(passes[0] if pass_happy and passes else chooser.choice(legal))
        actions += 1
    return actions


@pytest.mark.parametrize(
    ("pass_happy", "games"), [(False, 500), (True, 50)], ids=["random", "pass_happy"]
)
def test_unlimited_handovers_still_end_every_game(pass_happy, games):
    """With the default (unlimited voluntary handovers) every game still ends.

    The rulebook allows passing back and forth („Auch er kann wieder entscheiden,
    die Initiative abzugeben, etc."), and „Das Spiel ist vorüber, wenn ein Spieler
    seinen letzten Lebenspunkt verliert." Random play of many seeded games, and
    players who give up the initiative whenever they may, end in a bounded number
    of actions.
    """
    game = tabletop.make("kung-fu")
    for seed in range(games):
        state = game.new_state(2, seed=seed)
        play_out(state, random.Random(seed), pass_happy=pass_happy, cap=200_000)
        assert state.is_terminal()


# -- 4. facedown_draw --------------------------------------------------------------


def outcomes(state, depth: int = 3) -> set[tuple[int, int]]:
    """The defender's (red, blue) cards in hand when the parry is asked, over every
    way the defender may answer the face-down attack."""
    if decision(state) == "parry" and state.current_player == 1:
        p = state.view(None)["players"][1]
        return {(p["red_in_hand"], p["blue_in_hand"])}
    assert depth > 0 and state.current_player == 1, decision(state)
    found: set[tuple[int, int]] = set()
    for a in state.legal_actions():
        copy = state.clone()
        copy.apply(a)
        found |= outcomes(copy, depth - 1)
    return found


@pytest.mark.parametrize(
    ("options", "may_decline"),
    [({}, True), ({"facedown_draw": "may"}, True), ({"facedown_draw": "must"}, False)],
    ids=["default", "may", "must"],
)
def test_facedown_draw(make_game, options, may_decline):
    """After a face-down attack the defender MAY draw one card (default ``"may"``).

    The rulebook (phase B): „Er spielt die Attacke verdeckt aus. In diesem Fall darf
    der Verteidiger sofort eine Karte von einem Stapel seiner Wahl ziehen." „darf":
    the defender is asked, and may draw from either pile or decline (hand size
    unchanged). With ``facedown_draw="must"`` the card is drawn without the choice to
    decline: every answer leaves the defender one card richer.
    """
    game = make_game(**options)
    state = build(game, hands=[["Jab", "Jab"], ["Block", "Wall"]], red=["Heavy"], blue=["Shield"])
    before = state.view(None)["players"][1]
    assert (before["red_in_hand"], before["blue_in_hand"]) == (0, 2)
    act(state, "attack with Jab face down")
    drawn_one = {(1, 2), (0, 3)}  # one red or one blue card, the pile of their choice
    if may_decline:
        # The defender is asked before parrying, and may decline the draw.
        assert state.current_player == 1 and decision(state) != "parry"
        assert outcomes(state) == drawn_one | {(0, 2)}
    else:
        # No choice to decline: every answer (at most a choice of pile) draws one card.
        found = outcomes(state)
        assert found and found <= drawn_one, found


# -- 5. lose2_target ---------------------------------------------------------------


def snake_fang(options):
    """Snake Fang (attack 3; cost 2: arrow, lose 2) against Deflecting Hand (parry 1):
    the defender loses 2 in combat, then the attacker activates Snake Fang."""
    game = tabletop.make("kung-fu", **options)
    state = build(
        game,
        hands=[["Snake Fang", "Roundhouse Kick"], ["Deflecting Hand"]],
        rows=[["Palm Strike"], []],
    )
    act(state, "attack with Snake Fang face up")
    assert state.current_player == 0 and decision(state) == "activate"
    act(state, "activate your card's effect")
    settle(state, "pay")
    return state


def returning_strike(options):
    """Roundhouse Kick (attack 4) against Returning Strike (parry 2; cost 3: lose 2):
    the defender loses 2 in combat, then activates Returning Strike."""
    game = tabletop.make("kung-fu", **options)
    state = build(
        game,
        hands=[["Roundhouse Kick", "Straight Punch"], ["Returning Strike"]],
        rows=[[], ["Rising Block", "Deflecting Hand"]],
    )
    act(state, "attack with Roundhouse Kick face up")
    assert state.current_player == 1 and decision(state) == "activate"
    act(state, "activate your card's effect")
    settle(state, "pay")
    return state


@pytest.mark.parametrize(
    ("options", "activator_loses"),
    [({}, True), ({"lose2_target": "card"}, True), ({"lose2_target": "opponent"}, False)],
    ids=["default", "card", "opponent"],
)
@pytest.mark.parametrize(
    ("scene", "activator"),
    [(snake_fang, 0), (returning_strike, 1)],
    ids=["Snake Fang", "Returning Strike"],
)
def test_lose2_target(scene, activator, options, activator_loses):
    """The "lose 2" effect hurts the player who activates it (default
    ``lose2_target="card"`` with the provisional deck, whose cards follow the legend).

    The rulebook's legend of the symbols: „Du verlierst zwei Lebenspunkte." So
    activating Snake Fang or Returning Strike costs its owner 2 life, on top of the
    2 the defender lost in combat. With ``lose2_target="opponent"`` the opponent
    loses the 2 instead.
    """
    state = scene(options)
    assert state.view(None)["round"] == 2  # the round is over
    defender = 1
    expected = [10, 10]
    expected[defender] -= 2  # combat: attack beats parry by 2
    expected[activator if activator_loses else 1 - activator] -= 2
    assert life(state) == expected

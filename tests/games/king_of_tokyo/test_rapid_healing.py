"""Rapid Healing, and the ``rapid_healing`` option that says when it may be used.

The card (Keep, 3 energy):

    Rapid Healing: "Spend 2 energy at any time to gain 1 heart."

A monster cannot go above its maximum hearts (10 normally), so the card does nothing
for a monster at its maximum, nor for one with fewer than 2 energy.

Option ``rapid_healing``:

* ``"any_time"`` (the default, the card's reading): besides its owner's Buy phase, the
  owner that may heal is asked before every loss of hearts (``prevent_damage``, lethal
  or not, on anybody's turn), at each step boundary of every turn (``rapid_healing``:
  before the roll, after the last roll, after the dice resolve, after Enter Tokyo --
  not for the active monster, whose Buy phase follows --, after the Buy phase, at the
  end of the turn) and before another card takes its energy (Vast Storm);
* ``"buy_or_lethal"``: only in its own Buy phase and against a loss that would
  eliminate it.

Actions are picked by their *move* (``game.action_data(id)["move"]``): ``rapid_heal``,
``decline``, ``take_damage``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import tabletop
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.scenario import (
    BUY_1,
    END_BUY,
    NOTHING,
    act,
    asked,
    energy,
    hearts,
    labels,
    mimic,
    position,
    roll,
    set_row,
    start_turn,
    turn,
)

OPTIONS = ("any_time", "buy_or_lethal")

TWO_CLAWS = ("claw", "claw", "1", "2", "3", "3")
"""Two claws, no set: 2 hearts for whoever the active monster attacks."""

SCORE_AND_ENTER = ("1", "1", "1", "claw", "2", "3")
"""1-1-1 scores 1 star and the claw takes an empty Tokyo City (+1 star)."""


# -- helpers ---------------------------------------------------------------------------


def moves(state: KingOfTokyoState) -> list[str]:
    """The move names of the current player's legal actions."""
    return [state.game.action_data(a.id)["move"] for a in state.legal_actions()]


def do(state: KingOfTokyoState, move: str) -> KingOfTokyoState:
    """Apply the (single) legal action whose move is ``move``."""
    found = [a for a in state.legal_actions() if state.game.action_data(a.id)["move"] == move]
    assert len(found) == 1, (
        f"{len(found)} actions with move {move!r} for seat {state.current_player} "
        f"({asked(state)!r}): {moves(state)} {labels(state)}"
    )
    state.apply(found[0])
    return state


def decision(state: KingOfTokyoState, seat: int | None = None) -> dict[str, Any]:
    d = state.view(seat)["decision"]
    return {} if d is None else dict(d)


def who_and_what(state: KingOfTokyoState) -> tuple[Any, Any]:
    d = decision(state)
    return d.get("player"), d.get("kind")


def decline_boundaries(state: KingOfTokyoState) -> list[int]:
    """Decline every ``rapid_healing`` question pending now; the seats asked."""
    seats = []
    for _ in range(20):
        if asked(state) != "rapid_healing":
            return seats
        seats.append(state.current_player)
        do(state, "decline")
    raise AssertionError("rapid_healing asked again and again after decline")


def with_option(option: str | None) -> dict[str, Any]:
    return {} if option is None else {"rapid_healing": option}


def _point(state: KingOfTokyoState) -> tuple[str, int, Any]:
    """Where seat 0's turn stands: phase, seat 0's stars, who holds Tokyo City."""
    view = state.view(None)
    return view["phase"], view["monsters"][0]["stars"], view["tokyo"]["city"]


def play_seat_0_turn(
    state: KingOfTokyoState,
    owner: int,
    *,
    faces: tuple[str, ...] = SCORE_AND_ENTER,
    answer: str = "decline",
) -> list[tuple[str, int, Any]]:
    """Play seat 0's turn to its end: seat 0 rolls ``faces`` as its last roll, takes
    no damage decision other than "take_damage", buys nothing. Every ``rapid_healing``
    question to ``owner`` is answered with ``answer`` (its move); any other decision is
    an error. Returns where the turn stood at each question to ``owner``."""
    points: list[tuple[str, int, Any]] = []
    rolled = False
    for _ in range(60):
        if state.is_terminal() or state.active != 0:
            return points
        player, kind = who_and_what(state)
        if kind == "rapid_healing" and player == owner:
            points.append(_point(state))
            do(state, answer)
        elif player == 0 and kind == "roll" and not rolled:
            rolled = True
            roll(state, *faces)
        elif player == 0 and kind == "buy":
            act(state, END_BUY)
        elif kind == "prevent_damage":
            do(state, "take_damage")
        else:
            raise AssertionError(f"unexpected decision: {decision(state)} {labels(state)}")
    raise AssertionError("seat 0's turn did not end")


# -- 1. the default --------------------------------------------------------------------


def test_rapid_healing_option_default_is_any_time() -> None:
    """The card says "at any time": that is the default reading."""
    assert tabletop.make("king-of-tokyo").options_dict()["rapid_healing"] == "any_time"
    state = position(cards={1: "rapid_healing"}, seats={1: {"hearts": 5, "energy": 4}})
    assert state.to_dict()["options"]["rapid_healing"] == "any_time"
    start_turn(state, 0)
    # the default asks the owner on another monster's turn, as any_time does
    assert who_and_what(state) == (1, "rapid_healing")


# -- own Buy phase: both readings ------------------------------------------------------


@pytest.mark.parametrize("option", OPTIONS)
def test_rapid_heal_offered_in_own_buy_phase(option: str) -> None:
    """Both readings allow the card in its owner's own Buy phase: "rapid_heal" is one
    of the buy actions; each use pays 2 energy for 1 heart, and it stops at the
    maximum (10 hearts)."""
    state = turn(options=with_option(option), cards={0: "rapid_healing"}, hearts=8, energy=7)
    decline_boundaries(state)
    roll(state, *NOTHING)
    decline_boundaries(state)
    assert who_and_what(state) == (0, "buy"), decision(state)
    assert "rapid_heal" in moves(state) and "end_buy" in moves(state)
    do(state, "rapid_heal")
    assert (hearts(state)[0], energy(state)[0]) == (9, 5)
    assert who_and_what(state) == (0, "buy")
    do(state, "rapid_heal")
    assert (hearts(state)[0], energy(state)[0]) == (10, 3)
    assert "rapid_heal" not in moves(state), "offered above the maximum hearts"


# -- 2. a non-lethal hit on another monster's turn -------------------------------------


def _hit_for_two(option: str, hearts_: int = 5, energy_: int = 4) -> KingOfTokyoState:
    """Seat 0 in Tokyo City rolls two claws: seat 1 (outside, Rapid Healing, ``hearts_``
    hearts, ``energy_`` energy) is about to lose 2 hearts. Boundary questions before
    the hit are declined."""
    state = position(
        options=with_option(option),
        cards={1: "rapid_healing"},
        city=0,
        seats={1: {"hearts": hearts_, "energy": energy_}},
    )
    start_turn(state, 0)
    decline_boundaries(state)
    roll(state, *TWO_CLAWS)
    decline_boundaries(state)
    return state


def test_non_lethal_hit_offers_rapid_heal_any_time() -> None:
    """ "at any time" includes the moment hearts are about to be lost, even a loss that
    would not eliminate: seat 1 (5 hearts, 4 energy) about to lose 2 is asked
    ``prevent_damage`` (amount 2) with "rapid_heal" beside "take_damage". It heals
    once (6 hearts, 2 energy); the hit has not landed, so the same question comes
    back; taking it leaves 4 hearts and 2 energy."""
    state = _hit_for_two("any_time")
    d = decision(state)
    assert (d.get("player"), d.get("kind"), d.get("amount")) == (1, "prevent_damage", 2), d
    assert sorted(moves(state)) == ["rapid_heal", "take_damage"]
    do(state, "rapid_heal")
    assert (hearts(state)[1], energy(state)[1]) == (6, 2)
    d = decision(state)
    assert (d.get("player"), d.get("kind"), d.get("amount")) == (1, "prevent_damage", 2), d
    assert "rapid_heal" in moves(state)
    do(state, "take_damage")
    assert (hearts(state)[1], energy(state)[1]) == (4, 2)
    assert hearts(state)[2:] == [8, 8]


def test_non_lethal_hit_heal_twice_any_time() -> None:
    """Healing twice against the same hit (4 energy): 7 hearts, 0 energy, then the
    2 hearts land: 5 hearts."""
    state = _hit_for_two("any_time")
    do(state, "rapid_heal")
    do(state, "rapid_heal")
    assert energy(state)[1] == 0
    if asked(state) == "prevent_damage" and state.current_player == 1:
        assert "rapid_heal" not in moves(state)
        do(state, "take_damage")
    assert hearts(state)[1] == 5


def test_non_lethal_hit_not_offered_buy_or_lethal() -> None:
    """``buy_or_lethal``: a loss that would not eliminate the owner offers no
    "rapid_heal" (and the owner is not asked at all for it): 5 hearts - 2 = 3, energy
    untouched."""
    state = _hit_for_two("buy_or_lethal")
    if asked(state) == "prevent_damage" and state.current_player == 1:
        assert "rapid_heal" not in moves(state), labels(state)
        do(state, "take_damage")
    assert (hearts(state)[1], energy(state)[1]) == (3, 4)


# -- 3. a lethal hit -------------------------------------------------------------------


@pytest.mark.parametrize("option", OPTIONS)
def test_lethal_hit_offers_rapid_heal_and_healing_saves(option: str) -> None:
    """Both readings allow the card against a loss that would eliminate: seat 1 at 2
    hearts and 2 energy, about to lose 2, is asked ``prevent_damage`` with
    "rapid_heal"; paying 2 energy for 1 heart (3 hearts) it survives with 1 heart
    and 0 energy."""
    state = _hit_for_two(option, hearts_=2, energy_=2)
    d = decision(state)
    assert (d.get("player"), d.get("kind"), d.get("amount")) == (1, "prevent_damage", 2), d
    assert "rapid_heal" in moves(state) and "take_damage" in moves(state)
    do(state, "rapid_heal")
    assert state.view(None)["monsters"][1]["alive"]
    assert (hearts(state)[1], energy(state)[1]) == (1, 0)


@pytest.mark.parametrize("option", OPTIONS)
def test_lethal_hit_taken_eliminates(option: str) -> None:
    """Taking the lethal damage instead: seat 1 is eliminated."""
    state = _hit_for_two(option, hearts_=2, energy_=2)
    do(state, "take_damage")
    assert not state.view(None)["monsters"][1]["alive"]


@pytest.mark.parametrize("option", OPTIONS)
def test_lethal_hit_after_one_heal_is_no_longer_lethal(option: str) -> None:
    """Seat 1 at 2 hearts and 4 energy, about to lose 2. After one heal (3 hearts) the
    hit is no longer lethal: ``any_time`` asks again with "rapid_heal" (the hit has not
    landed), ``buy_or_lethal`` offers it no more. Either way seat 1 lives."""
    state = _hit_for_two(option, hearts_=2, energy_=4)
    do(state, "rapid_heal")
    again = asked(state) == "prevent_damage" and state.current_player == 1
    if option == "any_time":
        # the hit has not landed yet: 3 hearts, 2 energy, asked again
        assert (hearts(state)[1], energy(state)[1]) == (3, 2)
        assert again and "rapid_heal" in moves(state), decision(state)
        do(state, "take_damage")
    elif again:
        assert "rapid_heal" not in moves(state), labels(state)
        do(state, "take_damage")
    assert state.view(None)["monsters"][1]["alive"]
    assert (hearts(state)[1], energy(state)[1]) == (1, 2)


# -- 4. step boundaries of another monster's turn --------------------------------------


def _owner_waits(option: str | None = None, **fields: int) -> KingOfTokyoState:
    """Seat 1 (not active) holds Rapid Healing with 5 hearts and 4 energy (or
    ``fields``); seat 0's turn begins, Tokyo empty."""
    values = {"hearts": 5, "energy": 4, **fields}
    state = position(options=with_option(option), cards={1: "rapid_healing"}, seats={1: values})
    return start_turn(state, 0)


def test_boundary_question_on_another_turn_heal_twice() -> None:
    """Before seat 0's roll, seat 1 (5 hearts, 4 energy) is asked ``rapid_healing``
    ("rapid_heal" or "decline"). It heals: 6 hearts, 2 energy, and is asked again (it
    can still heal); heals again: 7 hearts, 0 energy, and is not asked again: seat 0
    rolls."""
    state = _owner_waits()
    assert who_and_what(state) == (1, "rapid_healing"), decision(state)
    assert sorted(moves(state)) == ["decline", "rapid_heal"]
    do(state, "rapid_heal")
    assert (hearts(state)[1], energy(state)[1]) == (6, 2)
    assert who_and_what(state) == (1, "rapid_healing"), decision(state)
    do(state, "rapid_heal")
    assert (hearts(state)[1], energy(state)[1]) == (7, 0)
    assert who_and_what(state) == (0, "roll"), decision(state)
    # with 0 energy seat 1 is never asked again this turn
    assert play_seat_0_turn(state, 1) == []
    assert (hearts(state)[1], energy(state)[1]) == (7, 0)


def test_boundary_decline_closes_the_boundary() -> None:
    """Heal once then decline: the boundary is closed for seat 1 (not asked again
    there), and seat 0's turn goes on to its roll."""
    state = _owner_waits()
    do(state, "rapid_heal")
    assert who_and_what(state) == (1, "rapid_healing")
    do(state, "decline")
    assert (hearts(state)[1], energy(state)[1]) == (6, 2)
    assert who_and_what(state) == (0, "roll"), decision(state)


EXPECTED_BOUNDARIES = [
    # before the roll: the old turn's phase, nothing scored
    ("roll", 0, None),
    # after the last roll: the 1-1-1 not scored yet
    ("resolve", 0, None),
    # after the dice resolve: 1 star, Tokyo not entered
    ("resolve", 1, None),
    # after Enter Tokyo: seat 0 in Tokyo City (+1 star)
    ("buy", 2, 0),
    # after the Buy phase
    ("end", 2, 0),
    # at the end of the turn
    ("end", 2, 0),
]


def test_boundary_questions_at_every_step_of_another_turn() -> None:
    """``any_time``: seat 1 (5 hearts, plenty of energy), declining each time, is asked
    once at each of the six step boundaries of seat 0's turn, and seat 0's turn goes
    on as usual (1-1-1 and a claw into empty Tokyo: 2 stars, Tokyo City)."""
    state = _owner_waits(energy=20)
    points = play_seat_0_turn(state, 1)
    assert len(points) == 6, points
    # each boundary once, in the order of the turn
    assert [p[1:] for p in points] == [p[1:] for p in EXPECTED_BOUNDARIES], points
    assert state.active == 1 and (hearts(state)[1], energy(state)[1]) == (5, 20)
    assert state.view(None)["tokyo"]["city"] == 0


def test_boundaries_never_asked_buy_or_lethal() -> None:
    """``buy_or_lethal``: the same turn never asks seat 1 anything."""
    state = _owner_waits("buy_or_lethal", energy=20)
    assert who_and_what(state) == (0, "roll"), decision(state)
    assert play_seat_0_turn(state, 1) == []
    assert state.active == 1 and (hearts(state)[1], energy(state)[1]) == (5, 20)


def test_active_owner_not_asked_after_enter_tokyo() -> None:
    """The active owner is asked at its own turn's boundaries, except after Enter
    Tokyo, where its Buy phase (which offers "rapid_heal") follows: after declining
    the question that follows the dice, the next decision is its Buy phase."""
    state = position(cards={0: "rapid_healing"}, seats={0: {"hearts": 5, "energy": 4}})
    start_turn(state, 0)
    assert who_and_what(state) == (0, "rapid_healing"), decision(state)
    do(state, "decline")
    roll(state, *SCORE_AND_ENTER)
    assert who_and_what(state) == (0, "rapid_healing")
    assert _point(state)[1:] == (0, None)  # after the last roll
    do(state, "decline")
    assert who_and_what(state) == (0, "rapid_healing")
    assert _point(state)[1:] == (1, None)  # after the dice resolve
    do(state, "decline")
    assert who_and_what(state) == (0, "buy"), decision(state)
    assert state.view(None)["tokyo"]["city"] == 0
    assert "rapid_heal" in moves(state)


# -- 5. never asked when it cannot heal ------------------------------------------------


@pytest.mark.parametrize(
    ("hearts_", "energy_"), [(10, 10), (5, 1)], ids=["full_hearts", "one_energy"]
)
def test_not_asked_when_it_cannot_heal(hearts_: int, energy_: int) -> None:
    """At its maximum hearts, or with fewer than 2 energy, the owner is asked at no
    step of another monster's turn."""
    state = _owner_waits(hearts=hearts_, energy=energy_)
    assert who_and_what(state) == (0, "roll"), decision(state)
    assert play_seat_0_turn(state, 1, faces=NOTHING) == []
    assert (hearts(state)[1], energy(state)[1]) == (hearts_, energy_)


@pytest.mark.parametrize(
    ("hearts_", "energy_"), [(10, 10), (5, 1)], ids=["full_hearts", "one_energy"]
)
def test_no_rapid_heal_against_a_hit_when_it_cannot_heal(hearts_: int, energy_: int) -> None:
    """Against a hit too: at 10 hearts nothing can be gained, with 1 energy nothing
    can be paid, so "rapid_heal" is not offered (nor a question for it)."""
    state = _hit_for_two("any_time", hearts_=hearts_, energy_=energy_)
    if asked(state) == "prevent_damage" and state.current_player == 1:
        assert "rapid_heal" not in moves(state), labels(state)
        do(state, "take_damage")
    assert (hearts(state)[1], energy(state)[1]) == (hearts_ - 2, energy_)


# -- 6. Vast Storm ---------------------------------------------------------------------


def _vast_storm(option: str | None = None) -> KingOfTokyoState:
    """Seat 1 holds Rapid Healing with 7 hearts and 6 energy; seat 0 (10 energy) rolls
    nothing and buys Vast Storm ("all other monsters lose 1 energy for every 2 energy
    they have"). Boundary questions before the purchase are declined."""
    state = position(
        options=with_option(option),
        cards={1: "rapid_healing"},
        seats={0: {"energy": 10}, 1: {"hearts": 7, "energy": 6}},
    )
    set_row(state, "vast_storm")
    start_turn(state, 0)
    decline_boundaries(state)
    roll(state, *NOTHING)
    decline_boundaries(state)
    assert who_and_what(state) == (0, "buy"), decision(state)
    act(state, BUY_1)
    return state


def test_vast_storm_asks_first_and_healing_twice_leaves_one_energy() -> None:
    """``any_time``: when seat 0 buys Vast Storm, seat 1 is asked first
    (``rapid_healing``, before ``vast_storm``), still with its 6 energy. It heals twice
    (9 hearts, 2 energy), is asked again (it still can), declines: the storm takes
    half of the 2 energy it then has: 9 hearts, 1 energy."""
    state = _vast_storm()
    d = decision(state)
    assert (d.get("player"), d.get("kind"), d.get("before")) == (
        1,
        "rapid_healing",
        "vast_storm",
    ), d
    assert (hearts(state)[1], energy(state)[1]) == (7, 6)
    do(state, "rapid_heal")
    do(state, "rapid_heal")
    assert (hearts(state)[1], energy(state)[1]) == (9, 2)
    d = decision(state)
    assert (d.get("player"), d.get("kind"), d.get("before")) == (
        1,
        "rapid_healing",
        "vast_storm",
    ), d
    do(state, "decline")
    assert (hearts(state)[1], energy(state)[1]) == (9, 1)
    assert state.active == 0


def test_vast_storm_declined_loses_half() -> None:
    """Declining at once: 7 hearts, 6 - 3 = 3 energy."""
    state = _vast_storm()
    assert who_and_what(state) == (1, "rapid_healing")
    do(state, "decline")
    assert (hearts(state)[1], energy(state)[1]) == (7, 3)


def test_vast_storm_heal_to_the_maximum() -> None:
    """Healing three times (10 hearts, 0 energy) closes the question by itself (it can
    heal no more) and the storm takes nothing."""
    state = _vast_storm()
    for _ in range(3):
        assert who_and_what(state) == (1, "rapid_healing"), decision(state)
        do(state, "rapid_heal")
    assert (hearts(state)[1], energy(state)[1]) == (10, 0)
    assert decision(state).get("before") != "vast_storm"


def test_vast_storm_buy_or_lethal_just_loses_half() -> None:
    """``buy_or_lethal``: no question before Vast Storm; seat 1 loses half its energy:
    7 hearts, 3 energy."""
    state = _vast_storm("buy_or_lethal")
    assert asked(state) != "rapid_healing" or state.current_player != 1, decision(state)
    assert (hearts(state)[1], energy(state)[1]) == (7, 3)


# -- 7. several owners at one boundary -------------------------------------------------


def test_two_owners_asked_clockwise_from_the_active_monster() -> None:
    """On seat 2's turn, seat 3 (Rapid Healing) and seat 1 (Mimic copying it) are asked
    before the roll in clockwise order from the active monster: seat 3 first (asked
    again after its heal, until it declines), then seat 1; then seat 2 rolls."""
    state = position(
        cards={3: "rapid_healing"},
        seats={1: {"hearts": 6, "energy": 4}, 3: {"hearts": 6, "energy": 4}},
    )
    mimic(state, 1, state.monsters[3].cards[0])
    start_turn(state, 2)
    order = []
    assert who_and_what(state) == (3, "rapid_healing"), decision(state)
    do(state, "rapid_heal")
    order.append(3)
    assert who_and_what(state) == (3, "rapid_healing"), decision(state)
    do(state, "decline")
    order.append(3)
    assert who_and_what(state) == (1, "rapid_healing"), decision(state)
    do(state, "decline")
    order.append(1)
    assert order == [3, 3, 1]
    assert who_and_what(state) == (2, "roll"), decision(state)
    assert hearts(state)[1] == 6 and hearts(state)[3] == 7


def test_two_owners_asked_clockwise_including_the_active_monster() -> None:
    """The active monster, holding the card, is asked first before its own roll; then
    the next owner clockwise (seat 0 on seat 2's turn: 2, then 0)."""
    state = position(
        cards={2: "rapid_healing"},
        seats={0: {"hearts": 6, "energy": 4}, 2: {"hearts": 6, "energy": 4}},
    )
    mimic(state, 0, state.monsters[2].cards[0])
    start_turn(state, 2)
    assert decline_boundaries(state) == [2, 0]
    assert who_and_what(state) == (2, "roll"), decision(state)


# -- 8. the view -----------------------------------------------------------------------


def test_view_for_a_third_player_shows_the_question() -> None:
    """A third monster's view (and the spectators') shows the pending ``rapid_healing``
    question with the asked seat, and is plain JSON."""
    state = _owner_waits()
    for seat in (2, 0, None):
        view = state.view(seat)
        json.dumps(view)
        d = view["decision"]
        assert d is not None and d["kind"] == "rapid_healing" and d["player"] == 1, (seat, d)
    assert state.view(1)["decision"]["kind"] == "rapid_healing"


def test_view_for_a_third_player_before_vast_storm() -> None:
    """The same during the question before Vast Storm: seat 2 sees seat 1 asked,
    ``before`` Vast Storm."""
    state = _vast_storm()
    view = state.view(2)
    json.dumps(view)
    d = view["decision"]
    assert (d["kind"], d["player"], d.get("before")) == ("rapid_healing", 1, "vast_storm"), d

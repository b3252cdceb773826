"""Option ``evolution_prompts``: who is asked at a moment where an Evolution may be played.

``"public"`` (the default): every living monster with at least one Evolution in hand
is asked at a window when its monster's Evolution deck (with ``power_up="mutant"``, any
deck of the monsters in the game) holds some card that could be played at that moment,
whatever its hand holds. Being asked therefore tells the other players nothing about
the hand; a monster holding nothing playable can only decline (``decline``, or
``take_damage`` at the ``prevent_damage`` question).

``"holding"``: only a monster holding a card it can legally play at that moment (one
that would change something) is asked.

In both, a monster with an empty hand is never asked at these windows.

Each test is written so that it fails if the engine asked only the holders of a
playable card (``"holding"``) or asked every monster.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.pu_scenario import hand, powered, skip_setup
from tests.games.king_of_tokyo.scenario import (
    END_BUY,
    NOTHING,
    STAY,
    act,
    fresh,
    hearts,
    labels,
    put,
    roll,
    setup,
    start_turn,
)

GIANT_BANANA = "play Giant Banana"
"""Giant Banana (The King, temporary, no timing): "Gain 2 hearts." """

KING = "giga_zaur,the_king,cyber_bunny,kraken"
"""Seat 1 is The King (Giant Banana), seat 2 Cyber Bunny (Stroke of Genius, timing
"end"), seat 3 Kraken."""

CLAW = ("claw", "1", "1", "2", "2", "3")
"""One claw and nothing else that scores or heals."""

EVOLUTION_KINDS = ("play_evolution", "prevent_damage")


def _decision(state: KingOfTokyoState, seat: int | None = None) -> dict[str, Any]:
    decision = state.view(seat)["decision"]
    return {} if decision is None else dict(decision)


def _moves(state: KingOfTokyoState) -> list[str]:
    """The moves (``action_data(id)["move"]``) of the current player's legal actions."""
    return sorted(state.game.action_data(a.id)["move"] for a in state.legal_actions())


def _hand_size(state: KingOfTokyoState, seat: int) -> int:
    return int(state.view(None)["monsters"][seat]["evolutions"]["hand_size"])


def _game(mode: str, monsters: str = KING, **options: Any) -> KingOfTokyoState:
    """Power Up! with 4 monsters, set-up answered, every hand emptied, under
    ``evolution_prompts=mode``."""
    return powered(4, evolution_prompts=mode, monsters=monsters, **options)


def _default_game(monsters: str = KING) -> KingOfTokyoState:
    """As :func:`_game`, but ``evolution_prompts`` left at its default (not passed to
    ``tabletop.make``)."""
    state = fresh(4, power_up="on", monsters=monsters)
    skip_setup(state)
    pu = state.pu
    assert pu is not None
    for seat in range(4):
        for n in pu.hand[seat]:
            pu.deck[pu.owner.get(n, seat)].append(n)
        pu.hand[seat] = []
    return state


def _play_turn(state: KingOfTokyoState, faces: tuple[str, ...]) -> list[tuple[int, str, Any]]:
    """Play the active monster's turn to its end: its first roll is replaced by
    ``faces`` (the last roll), every Evolution question is declined, damage is taken,
    a monster smashed in Tokyo stays, and the Buy phase is ended at once. Returns each
    Evolution question met as ``(player, kind, window)``."""
    seat = state.active
    questions: list[tuple[int, str, Any]] = []
    rolled = False
    for _ in range(200):
        if state.is_terminal() or state.active != seat:
            return questions
        decision = _decision(state)
        player, kind = decision.get("player"), decision.get("kind")
        if kind in EVOLUTION_KINDS:
            assert player == state.current_player
            questions.append((player, kind, decision.get("window")))
            move = "decline" if kind == "play_evolution" else "take_damage"
            (chosen,) = [
                a for a in state.legal_actions() if state.game.action_data(a.id)["move"] == move
            ]
            state.apply(chosen.id)
        elif kind == "roll" and player == seat and not rolled:
            rolled = True
            roll(state, *faces)
        elif kind == "buy" and player == seat:
            act(state, END_BUY)
        elif kind == "yield":
            act(state, STAY)
        else:
            raise AssertionError(f"unexpected decision: {decision} {labels(state)}")
    raise AssertionError("the turn did not end")


def _asked_seats(questions: list[tuple[int, str, Any]]) -> set[int]:
    return {player for player, _, _ in questions}


# -- 1. The default ------------------------------------------------------------------------


def test_default_is_public() -> None:
    assert tabletop.make("king-of-tokyo").options.evolution_prompts == "public"
    assert tabletop.make("king-of-tokyo").options_dict()["evolution_prompts"] == "public"
    game = tabletop.make("king-of-tokyo", power_up="on")
    assert game.options_dict()["evolution_prompts"] == "public"


@pytest.mark.parametrize("mode", ["public", "holding"])
def test_both_values_accepted(mode: str) -> None:
    game = tabletop.make("king-of-tokyo", power_up="on", evolution_prompts=mode)
    assert game.options_dict()["evolution_prompts"] == mode


def test_unknown_value_rejected() -> None:
    with pytest.raises(InvalidOptionsError, match="evolution_prompts"):
        tabletop.make("king-of-tokyo", power_up="on", evolution_prompts="sometimes")


# -- 2. A holder of an unusable card is asked ("public") -----------------------------------


def _banana_at(hearts_: int, mode: str | None) -> KingOfTokyoState:
    """Seat 1 (The King) holds only Giant Banana at ``hearts_`` hearts; seat 0's turn
    begins (nobody has rolled yet). ``mode=None``: the option's default."""
    state = _default_game() if mode is None else _game(mode)
    hand(state, 1, "giant_banana")
    setup(state, 1, hearts=hearts_)
    start_turn(state, 0)
    return state


@pytest.mark.parametrize("mode", ["public", None], ids=["public", "default"])
def test_public_asks_holder_of_card_that_changes_nothing(mode: str | None) -> None:
    """Giant Banana at 10/10 hearts would change nothing, yet under "public" The King is
    asked at the step boundary before seat 0's roll (``play_evolution``, window
    ``any_time``, seat 1), and its only choice is to decline."""
    state = _banana_at(10, mode)
    decision = _decision(state)
    assert (decision.get("player"), decision.get("kind"), decision.get("window")) == (
        1,
        "play_evolution",
        "any_time",
    ), decision
    assert state.current_player == 1
    assert _moves(state) == ["decline"], labels(state)
    assert GIANT_BANANA not in labels(state)
    act(state, "decline")
    assert _hand_size(state, 1) == 1 and hearts(state)[1] == 10


def test_public_asks_holder_at_every_boundary_of_another_turn() -> None:
    """The King (Giant Banana at 10/10) is asked at each of the six step boundaries of
    seat 0's turn, declining each time, and never offered the card."""
    state = _banana_at(10, "public")
    questions = _play_turn(state, NOTHING)
    assert questions == [(1, "play_evolution", "any_time")] * 6, questions
    assert state.active == 1 and hearts(state)[1] == 10


def test_holding_does_not_ask_holder_of_card_that_changes_nothing() -> None:
    """The same position under "holding": seat 0 is asked to roll at once, and The King
    is asked nowhere in seat 0's turn."""
    state = _banana_at(10, "holding")
    decision = _decision(state)
    assert (decision.get("player"), decision.get("kind")) == (0, "roll"), decision
    assert _play_turn(state, NOTHING) == []


def test_holding_asks_holder_of_a_playable_card() -> None:
    """Under "holding", Giant Banana at 6 hearts can be played: The King is asked, with
    the card among its choices."""
    state = _banana_at(6, "holding")
    decision = _decision(state)
    assert (decision.get("player"), decision.get("kind")) == (1, "play_evolution"), decision
    assert GIANT_BANANA in labels(state)


# -- 3. Being asked reveals nothing --------------------------------------------------------


def _without_kings_hearts(view: dict[str, Any]) -> str:
    view = json.loads(json.dumps(view, default=str))
    del view["monsters"][1]["hearts"]
    return json.dumps(view, sort_keys=True)


def test_public_observer_sees_the_same_question_playable_or_not() -> None:
    """Two games alike but for The King's hearts: at 6 it can play Giant Banana, at 10 it
    cannot. Under "public" it is asked in both; seat 3's view is the same in both but for
    The King's hearts, and only the asked seat's legal actions differ."""
    can, cannot = _banana_at(6, "public"), _banana_at(10, "public")
    assert _decision(can, 3) == _decision(cannot, 3)
    assert _decision(can, 3).get("player") == 1
    assert _decision(can, 3).get("kind") == "play_evolution"
    assert _without_kings_hearts(can.view(3)) == _without_kings_hearts(cannot.view(3))
    assert labels(can) == [GIANT_BANANA, "decline"]
    assert labels(cannot) == ["decline"]


def test_holding_observer_tells_them_apart() -> None:
    """The contrast: under "holding", seat 3 sees The King asked at 6 hearts and seat 0
    rolling at 10."""
    can, cannot = _banana_at(6, "holding"), _banana_at(10, "holding")
    assert _decision(can, 3).get("player") == 1
    assert _decision(cannot, 3).get("player") == 0


def _two_holders(mode: str) -> KingOfTokyoState:
    """Seat 1 (The King, 6 hearts) holds Giant Banana, which it can play now; seat 2
    (Cyber Bunny) holds Stroke of Genius (timing "end"), which it cannot play before
    seat 0's roll. Seat 0's turn begins."""
    state = _game(mode)
    hand(state, 1, "giant_banana")
    setup(state, 1, hearts=6)
    hand(state, 2, "stroke_of_genius")
    start_turn(state, 0)
    return state


def test_public_asks_both_holders_at_one_boundary() -> None:
    """Under "public" both are asked at the boundary before seat 0's roll, clockwise from
    seat 0; seat 3 sees the same decision for each, only the seat differs; the asked
    seat's legal actions tell them apart."""
    state = _two_holders("public")
    first = _decision(state, 3)
    assert (first.get("player"), first.get("kind"), first.get("window")) == (
        1,
        "play_evolution",
        "any_time",
    ), first
    assert labels(state) == [GIANT_BANANA, "decline"]
    act(state, "decline")
    second = _decision(state, 3)
    assert second.get("player") == 2, second
    assert {**second, "player": 1} == first
    assert _moves(state) == ["decline"], labels(state)
    act(state, "decline")
    assert _decision(state).get("player") == 0 and _decision(state).get("kind") == "roll"


def test_holding_asks_only_the_one_that_can_play() -> None:
    state = _two_holders("holding")
    assert _decision(state).get("player") == 1
    act(state, "decline")
    decision = _decision(state)
    assert (decision.get("player"), decision.get("kind")) == (0, "roll"), decision


# -- 4. An empty hand is never asked -------------------------------------------------------


@pytest.mark.parametrize("mode", ["public", "holding"])
def test_empty_hand_never_asked(mode: str) -> None:
    """Seat 3 (Kraken) holds Tokyo City with an empty hand; seat 0 smashes it with two
    claws. In neither mode is seat 3 asked anything about Evolutions during the turn
    (not at the step boundaries, not before the damage), while under "public" the
    holders of a card are (seat 1 can play its card, seat 2 cannot)."""
    state = _game(mode)
    hand(state, 1, "giant_banana")
    setup(state, 1, hearts=6)
    hand(state, 2, "stroke_of_genius")
    put(state, 3, "city")
    start_turn(state, 0)
    questions = _play_turn(state, ("claw", "claw", "1", "2", "3", "3"))
    assert hearts(state)[3] == 8, "the smash did not land"
    assert 3 not in _asked_seats(questions), questions
    assert 0 not in _asked_seats(questions), questions
    expected = {1, 2} if mode == "public" else {1}
    assert _asked_seats(questions) == expected, questions


def test_public_empty_hands_nobody_asked() -> None:
    """With every hand empty, a whole turn under "public" asks no Evolution question."""
    state = _game("public")
    start_turn(state, 0)
    assert _play_turn(state, CLAW) == []


# -- 5. The damage question ----------------------------------------------------------------


def _bunny_smashed(mode: str) -> tuple[KingOfTokyoState, list[tuple[int, str, Any]]]:
    """Seat 2 (Cyber Bunny) holds Tokyo City and only Stroke of Genius (timing "end":
    it cannot answer damage); seat 0, outside, rolls one claw. Returns the state at the
    first decision after the claw is rolled that is not a step-boundary window, and the
    questions met."""
    state = _game(mode)
    hand(state, 2, "stroke_of_genius")
    put(state, 2, "city")
    start_turn(state, 0)
    questions: list[tuple[int, str, Any]] = []
    while _decision(state).get("kind") == "play_evolution":
        questions.append((state.current_player, "play_evolution", _decision(state)["window"]))
        act(state, "decline")
    roll(state, *CLAW)
    while _decision(state).get("kind") == "play_evolution" and hearts(state)[2] == 10:
        questions.append((state.current_player, "play_evolution", _decision(state)["window"]))
        act(state, "decline")
    return state, questions


def test_public_asks_prevent_damage_of_holder_with_nothing_playable() -> None:
    """Under "public" Cyber Bunny, about to lose 1 heart on seat 0's turn, is asked
    ``prevent_damage`` though Stroke of Genius cannot answer damage: its only choice is
    to take the damage, which then lands."""
    state, _ = _bunny_smashed("public")
    decision = _decision(state)
    assert (decision.get("player"), decision.get("kind")) == (2, "prevent_damage"), decision
    assert state.current_player == 2
    assert _moves(state) == ["take_damage"], labels(state)
    assert not any("Stroke of Genius" in label for label in labels(state))
    assert hearts(state)[2] == 10
    chosen = state.legal_actions()[0]
    state.apply(chosen.id)
    assert hearts(state)[2] == 9


def test_holding_lets_the_hit_land_without_a_question() -> None:
    """Under "holding" the same hit lands at once: the next question is whether Cyber
    Bunny yields Tokyo, and it was never asked about Evolutions."""
    state, questions = _bunny_smashed("holding")
    assert questions == []
    assert hearts(state)[2] == 9
    decision = _decision(state)
    assert (decision.get("player"), decision.get("kind")) == (2, "yield"), decision


def test_public_damage_question_for_full_hearts_giant_banana() -> None:
    """The King at 10/10 with Giant Banana, hit for 1: under "public" it is asked
    ``prevent_damage``; Giant Banana would heal nothing before the loss, so it is not
    among the choices then (only ``take_damage``)."""
    state = _game("public")
    hand(state, 1, "giant_banana")
    put(state, 1, "city")
    start_turn(state, 0)
    while _decision(state).get("kind") == "play_evolution":
        act(state, "decline")
    roll(state, *CLAW)
    while _decision(state).get("kind") == "play_evolution" and hearts(state)[1] == 10:
        assert _moves(state) == ["decline"], labels(state)
        act(state, "decline")
    decision = _decision(state)
    assert (decision.get("player"), decision.get("kind")) == (1, "prevent_damage"), decision
    assert _moves(state) == ["take_damage"], labels(state)


# -- 6. The Mutant draft: the decks are pooled ---------------------------------------------

BUNNY_FIRST = "cyber_bunny,giga_zaur,kraken,meka_dragon"
"""Seat 0 Cyber Bunny (its deck has Stroke of Genius, timing "end", and Heart of the
Rabbit, "after another monster's roll"), seat 1 Giga Zaur and seat 3 Meka Dragon (no
card of either timing in their decks), seat 2 Kraken (Cult Worshippers, "end")."""


@pytest.mark.parametrize("power_up", ["on", "mutant"])
def test_public_asks_holder_of_unusable_card_at_any_time_boundary(power_up: str) -> None:
    """Seat 1 at 10/10 holds Healing Rain (Kraken: "Gain 2 hearts", no timing): it can
    change nothing, yet under "public" it is asked before seat 0's roll, only to decline
    (in the Mutant draft the card came from a deck of the game, not necessarily its
    monster's)."""
    state = _game("public", BUNNY_FIRST, power_up=power_up)
    hand(state, 1, "healing_rain")
    start_turn(state, 0)
    decision = _decision(state)
    assert (decision.get("player"), decision.get("kind"), decision.get("window")) == (
        1,
        "play_evolution",
        "any_time",
    ), decision
    assert _moves(state) == ["decline"], labels(state)


@pytest.mark.parametrize("power_up", ["on", "mutant"])
def test_holding_skips_holder_of_unusable_card_at_any_time_boundary(power_up: str) -> None:
    state = _game("holding", BUNNY_FIRST, power_up=power_up)
    hand(state, 1, "healing_rain")
    start_turn(state, 0)
    assert (_decision(state).get("player"), _decision(state).get("kind")) == (0, "roll")


def _own_turn_windows(power_up: str, mode: str) -> list[tuple[int, str, Any]]:
    """``evolution_windows="own_turn"`` (no-timing cards only on their holder's turn):
    seat 1 (Giga Zaur) holds Radioactive Waste and seat 2 (Kraken) Healing Rain, both
    at 10/10; seat 0 (Cyber Bunny) plays a quiet turn. The questions met."""
    state = _game(mode, BUNNY_FIRST, power_up=power_up, evolution_windows="own_turn")
    hand(state, 1, "radioactive_waste")
    hand(state, 2, "healing_rain")
    start_turn(state, 0)
    return _play_turn(state, NOTHING)


def test_public_asks_only_monsters_whose_deck_fits_the_window() -> None:
    """``power_up="on"``: on seat 0's turn only timed windows remain. At the end of the
    turn Kraken is asked (its deck has Cult Worshippers, "end"), Giga Zaur is not (its
    deck has no end-of-turn card), and neither is asked after seat 0's roll (only Cyber
    Bunny's deck has Heart of the Rabbit)."""
    questions = _own_turn_windows("on", "public")
    assert questions == [(2, "play_evolution", "end")], questions


def test_mutant_pools_the_decks_of_the_game() -> None:
    """``power_up="mutant"``: the decks of the monsters in the game are pooled, so Giga
    Zaur's seat is asked where any of them has a card: after seat 0's roll (Heart of the
    Rabbit) and at the end of the turn (Stroke of Genius, Cult Worshippers), as Kraken's
    seat is; each only declines."""
    questions = _own_turn_windows("mutant", "public")
    assert (1, "play_evolution", "end") in questions, questions
    assert (2, "play_evolution", "end") in questions, questions
    assert (1, "play_evolution", "after_other_roll") in questions, questions
    assert (2, "play_evolution", "after_other_roll") in questions, questions
    assert _asked_seats(questions) == {1, 2}, questions


@pytest.mark.parametrize("power_up", ["on", "mutant"])
def test_holding_own_turn_asks_nobody(power_up: str) -> None:
    assert _own_turn_windows(power_up, "holding") == []


# -- 7. Whole games ------------------------------------------------------------------------


def _random_game(mode: str, seed: int) -> tuple[int, int]:
    """A 4-player Power Up! game with random legal choices: the number of decisions and
    of Evolution questions (``play_evolution`` / ``prevent_damage``)."""
    game = tabletop.make("king-of-tokyo", power_up="on", evolution_prompts=mode)
    state = game.new_state(4, seed=seed)
    assert isinstance(state, KingOfTokyoState)
    rng = random.Random(seed)
    questions = 0
    for decisions in range(20_000):
        if state.is_terminal():
            return decisions, questions
        if _decision(state).get("kind") in EVOLUTION_KINDS:
            questions += 1
        state.apply(rng.choice(state.legal_actions()).id)
    raise AssertionError(f"game {seed} ({mode}) did not end")


def test_public_asks_more_questions_over_whole_games() -> None:
    """20 seeded random games per mode: every game ends, and "public" asks more on
    average (decisions and Evolution questions per game)."""
    counts = {
        mode: [_random_game(mode, seed) for seed in range(20)] for mode in ("public", "holding")
    }
    mean = {mode: sum(d for d, _ in runs) / len(runs) for mode, runs in counts.items()}
    asked = {mode: sum(q for _, q in runs) / len(runs) for mode, runs in counts.items()}
    assert mean["public"] > mean["holding"], mean
    assert asked["public"] > asked["holding"], asked


# -- What a search may read into being asked -------------------------------------------


def test_a_search_does_not_read_a_playable_card_into_being_asked() -> None:
    """Under "public", another seat's determinized worlds deal The King a hand from its
    unseen cards whatever being asked might suggest: some worlds hold a card it could
    play now, some do not, and in each the question stands with "decline" among its
    choices."""
    from tabletop.core.rng import Rng

    state = _banana_at(6, "public")  # 6 hearts: Giant Banana would heal
    assert _decision(state).get("player") == 1
    playable, unplayable = 0, 0
    for k in range(60):
        world = state.determinize(2, Rng(k))
        assert world.current_player == 1
        moves = {world.game.action_data(a.id)["move"] for a in world.legal_actions()}
        assert "decline" in moves
        if "play_evolution" in moves:
            playable += 1
        else:
            unplayable += 1
    assert playable and unplayable, (playable, unplayable)

"""Kraken's Evolutions."""

from __future__ import annotations

from tabletop.games.king_of_tokyo.dice import HEART, ONE
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.pu_scenario import hand, in_play, number, powered
from tests.games.king_of_tokyo.scenario import (
    EDITIONS,
    END_BUY,
    NOTHING,
    act,
    asked,
    energy,
    give,
    hearts,
    labels,
    put,
    roll,
    script_dice,
    setup,
    stars,
    start_turn,
)

KRAKEN = "kraken,cyber_bunny,giga_zaur,alienoid"


def _game(edition: str = "2011", **options: object) -> KingOfTokyoState:
    return powered(4, monsters=KRAKEN, edition=edition, **options)


def _pu(state: KingOfTokyoState):  # type: ignore[no-untyped-def]
    assert state.pu is not None
    return state.pu


def test_healing_rain() -> None:
    """Gain 2 hearts, in Tokyo too."""
    state = _game()
    hand(state, 0, "healing_rain")
    setup(state, 0, hearts=5)
    put(state, 0, "city")
    start_turn(state, 0)
    act(state, "play Healing Rain")
    assert hearts(state)[0] == 7


def test_healing_rain_answers_damage() -> None:
    state = _game()
    hand(state, 1, "healing_rain")
    setup(state, 1, hearts=3)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert state.current_player == 1 and "play Healing Rain" in labels(state)
    act(state, "play Healing Rain")
    assert hearts(state)[1] == 2 and state.monsters[1].alive


@EDITIONS
def test_destructive_wave(edition: str) -> None:
    """After entering Tokyo this turn: every other monster loses 2 hearts."""
    state = _game(edition)
    hand(state, 0, "destructive_wave")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert state.city == 0 and state.view(0)["decision"]["window"] == "after_enter"
    act(state, "play Destructive Wave")
    assert hearts(state) == [10, 8, 8, 8]
    assert state.city == 0  # it stays in Tokyo


def test_destructive_wave_not_without_an_entry() -> None:
    state = _game()
    hand(state, 0, "destructive_wave")
    put(state, 0, "city")
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert "play Destructive Wave" not in labels(state)


def test_cult_worshippers() -> None:
    """1 star per heart actually gained this turn (the cap counts)."""
    state = _game()
    hand(state, 0, "cult_worshippers")
    setup(state, 0, hearts=9, energy=5)
    put(state, 1, "city")
    start_turn(state, 0)
    assert "play Cult Worshippers" not in labels(state)  # nothing gained yet
    roll(state, "heart", "heart", "1", "2", "3", "3")
    assert hearts(state)[0] == 10
    act(state, "play Cult Worshippers")  # in its Buy phase
    assert stars(state)[0] == 1


def test_cult_worshippers_at_the_end_of_another_turn() -> None:
    state = _game(evolution_windows="own_turn")  # Panda-Monium is not offered meanwhile
    hand(state, 1, "cult_worshippers")
    hand(state, 0, "panda_monium")
    setup(state, 1, hearts=5)
    start_turn(state, 1)
    roll(state, "heart", "heart", "1", "2", "3", "3")  # seat 1 heals 2
    while state.current_player == 1 and asked(state) != "play_evolution":
        act(state, END_BUY if END_BUY in labels(state) else labels(state)[-1])
    assert state.view(1)["decision"]["window"] in ("end", "end_own")
    act(state, "play Cult Worshippers")
    assert stars(state)[1] == 2


def test_high_tide() -> None:
    """While resolving: one more heart per heart die (not for the Evolution draw)."""
    state = _game()
    hand(state, 0, "high_tide")
    setup(state, 0, hearts=3)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "heart", "heart", "1", "2", "3", "3")
    assert asked(state) == "play_evolution"
    assert state.view(0)["decision"]["window"] == "resolving"
    act(state, "play High Tide")
    assert hearts(state)[0] == 3 + 4


def test_high_tide_not_without_heart_dice() -> None:
    state = _game()
    hand(state, 0, "high_tide")
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert "play High Tide" not in labels(state)


def test_terror_of_the_deep() -> None:
    """Face up (option "permanent"): a die per heart about to be lost; each heart face
    cancels one, on every loss."""
    state = _game(terror_of_the_deep="permanent")
    in_play(state, 1, "terror_of_the_deep")
    put(state, 1, "city")
    start_turn(state, 0)
    script_dice(state, always=HEART)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert hearts(state)[1] == 10
    script_dice(state, always=ONE)
    start_turn(state, 0)
    put(state, 1, "city")
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert hearts(state)[1] == 7


def test_terror_of_the_deep_played_on_damage() -> None:
    """From the hand, in the damage window: rolls for that loss and (option
    "permanent") stays face up."""
    state = _game(terror_of_the_deep="permanent")
    hand(state, 1, "terror_of_the_deep")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert state.current_player == 1 and "play Terror of the Deep" in labels(state)
    script_dice(state, always=HEART)
    act(state, "play Terror of the Deep")
    assert hearts(state)[1] == 10
    assert number("terror_of_the_deep") in _pu(state).table[1]


def test_terror_of_the_deep_temporary_by_default() -> None:
    """The card's reading: one roll, then discarded."""
    state = _game()
    hand(state, 1, "terror_of_the_deep")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    script_dice(state, always=HEART)
    act(state, "play Terror of the Deep")
    assert hearts(state)[1] == 10
    n = number("terror_of_the_deep")
    assert n not in _pu(state).table[1] and n in _pu(state).discard[0]


@EDITIONS
def test_eater_of_souls(edition: str) -> None:
    """A maximum of 12 hearts, and 1 heart each time it enters Tokyo."""
    state = _game(edition)
    hand(state, 0, "eater_of_souls")
    setup(state, 0, hearts=10)
    start_turn(state, 0)
    act(state, "play Eater of Souls")
    assert state.monsters[0].max_hearts == 12
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert state.city == 0 and hearts(state)[0] == 11


def test_eater_of_souls_with_even_bigger_stays_at_12() -> None:
    state = _game()
    in_play(state, 0, "eater_of_souls")
    give(state, 0, "even_bigger")
    assert state.monsters[0].max_hearts == 12


def test_sunken_temple() -> None:
    """Before rolling, outside Tokyo: skip the turn for 3 hearts and 3 energy."""
    state = _game()
    in_play(state, 0, "sunken_temple")
    setup(state, 0, hearts=5, poison=1)
    start_turn(state, 0)
    assert asked(state) == "evolution_question"
    act(state, "skip your turn for 3 hearts and 3 energy")
    assert (hearts(state)[0], energy(state)[0]) == (8, 3)  # no Poison: no end of turn
    assert state.active == 1 and state.current_player == 1


def test_sunken_temple_skipped_turn_end_option() -> None:
    state = _game(skipped_turn_end="end_of_turn")
    in_play(state, 0, "sunken_temple")
    setup(state, 0, hearts=5, poison=1)
    start_turn(state, 0)
    act(state, "skip your turn for 3 hearts and 3 energy")
    assert hearts(state)[0] == 7 and state.active == 1  # Poison at the end of the turn


def test_sunken_temple_declined_or_in_tokyo() -> None:
    state = _game()
    hand(state, 0, "sunken_temple")
    start_turn(state, 0)
    act(state, "play Sunken Temple")  # before the start: asked this very turn
    act(state, "play your turn")
    assert asked(state) == "roll" and state.active == 0
    put(state, 0, "city")
    start_turn(state, 0)
    assert asked(state) == "roll"  # in Tokyo: not asked


def test_mandibles_of_dread() -> None:
    """Every monster its claws wound loses 1 star."""
    state = _game()
    in_play(state, 0, "mandibles_of_dread")
    put(state, 0, "city")
    for seat in (1, 2, 3):
        setup(state, seat, stars=3)
    setup(state, 3, hearts=10)
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert stars(state)[1:] == [2, 2, 2]


def test_mandibles_of_dread_not_for_card_damage() -> None:
    state = _game()
    in_play(state, 0, "mandibles_of_dread")
    setup(state, 1, stars=3)
    state.card_damage([1], 2, 0)
    state.advance()
    assert stars(state)[1] == 3

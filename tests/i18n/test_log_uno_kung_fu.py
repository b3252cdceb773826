"""UNO Power's and Kung Fu's rare log events read in every language.

The random games of ``test_log_text`` reach the common events; these positions
(docs/positions.md) make the rare ones happen: every event of each state renders in
every language, its English rendering is its ``text``, and each test names the kinds,
or the data that picks another sentence of a kind (a template's ``cases``), it is
there for.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.core.game import State
from tabletop.i18n import Reader, languages
from tests.games.kung_fu import scenario as kf
from tests.games.uno_power import scenario as uno
from tests.helpers import act, labels

READERS = [Reader(lang) for lang in languages()]


def rendered(state: State) -> list[tuple[str, dict[str, Any]]]:
    """Every event of ``state`` rendered in every language, English as its text; the
    events' kinds and data."""
    messages = state.game.log_messages()
    assert messages is not None
    for event in state.log:
        for reader in READERS:
            text = messages.render(event, reader, state)
            assert text and "{" not in text, (reader.lang, event)
            if reader.lang == "en":
                assert text == event.text, event
    return [(e.kind, e.data) for e in state.log]


def kinds(state: State) -> set[str]:
    """The kinds of the events of ``state``, each rendered."""
    return {kind for kind, _ in rendered(state)}


def cases(state: State, key: str) -> set[tuple[str, Any]]:
    """Each event's kind with its data's ``key`` (which picks a kind's sentence), for
    the events that hold it, each rendered; a list as a tuple."""
    return {
        (kind, tuple(data[key]) if isinstance(data[key], list) else data[key])
        for kind, data in rendered(state)
        if key in data
    }


def test_every_reader_renders_a_whole_game() -> None:
    """A plain game renders, for a check of the test itself."""
    state = tabletop.make("uno-power", target_score="single_round").new_state(3, seed=2)
    assert {"round", "hand", "flip"} <= kinds(state)


# -- UNO Power ------------------------------------------------------------------------


def test_uno_dealer_drawn_at_random() -> None:
    state = tabletop.make("uno-power", dealer="random").new_state(3, seed=1)
    assert ("dealer", True) in cases(state, "random")


def test_uno_reverse_blocked_by_tower_bang() -> None:
    game = tabletop.make("uno-power", reverse_skip_blocked_by_tower=True)
    state = uno.build(
        game,
        2,
        hands=[["red Reverse", "red 1"], ["blue 2", "blue 3"]],
        top="red 4",
        towers={"!": 1},
    )
    act(state, "play red Reverse")
    assert ("blocked", "reverse") in cases(state, "what")


def test_uno_seven_swap() -> None:
    game = tabletop.make("uno-power", seven_swap=True)
    state = uno.build(game, 2, hands=[["red 7", "red 1"], ["blue 2", "blue 3"]], top="red 4")
    act(state, "play red 7")
    assert "swap" in kinds(state) and ("hand", True) in cases(state, "swap")


def test_uno_jump_in() -> None:
    game = tabletop.make("uno-power", jump_in=True)
    hands = [
        ["red 5", "yellow 1", "yellow 2"],
        ["blue 5", "blue 1", "blue 2"],
        ["red 5 (U)", "green 9", "green 8"],
    ]
    state = uno.build(game, 3, hands=hands, top="red 4")
    act(state, "play red 5", "play red 5 (U)")
    assert "jump" in kinds(state)


def test_uno_no_tower_taken() -> None:
    game = tabletop.make("uno-power", icon_grab="optional")
    hands = [["red 5 (U)", "red 1"], ["blue 1", "blue 2"], ["green 1", "green 2"]]
    state = uno.build(game, 3, hands=hands, top="red 4")
    act(state, "play red 5 (U)", "take no tower")
    assert "no_tower" in kinds(state)


def test_uno_turn_limit_ends_the_round_by_fewest_points() -> None:
    game = tabletop.make("uno-power", round_turn_limit=50)
    hands = [["red 6", "red 5", "yellow 9"], ["blue 1", "blue 2"], ["green 1", "green 2"]]
    state = uno.build(game, 3, hands=hands, top="red 4", turns=50)
    act(state, "play red 6")
    assert "limit" in kinds(state)
    assert ("round_end", "fewest points") in cases(state, "how")


def test_uno_empty_pile_ends_the_round() -> None:
    game = tabletop.make("uno-power", empty_pile="end_round")
    hands = [["yellow 1", "yellow 2"], ["blue 1", "blue 2"], ["green 1", "green 2"]]
    state = uno.build(game, 3, hands=hands, top="red 4", rest="discard")
    act(state, "draw a card")
    assert "empty" in kinds(state)


def test_uno_nobody_can_play_or_draw() -> None:
    game = tabletop.make("uno-power", target_score=2000)
    hands = [["yellow 1", "yellow 2"], ["blue 1"], ["green 1"]]
    state = uno.build(game, 3, hands=hands, top="red 4", rest=1)
    for _ in range(3):
        act(state, "draw a card")
    assert {"pass", "stalemate"} <= kinds(state)


def test_uno_challenged_last_card_shows_no_cards() -> None:
    game = tabletop.make("uno-power", wd4_challenge_on_last_card=True)
    hands = [["Wild Draw Four"], ["blue 1", "blue 2"], ["green 1", "green 2"]]
    state = uno.build(game, 3, hands=hands, top="red 4")
    act(state, "play Wild Draw Four, name blue")
    challenge = next(label for label in labels(state) if label.startswith("challenge"))
    act(state, challenge)
    assert ("reveal", ()) in cases(state, "cards")
    assert ("draw", "failed_challenge") in cases(state, "reason")


def test_uno_first_card_blocked_by_a_tower_kept() -> None:
    """Seat 0 goes out; round 2 is dealt by seat 0 and its first card, a Draw or a
    Skip, aims at seat 1, which keeps its towers."""
    game = tabletop.make("uno-power", towers_reset_each_round=False, target_score=2000)
    hands = [["red 6"], ["blue 1", "blue 2"], ["green 1", "green 2"]]
    towers = {"U": 1, "N": 1, "!": 1}
    for seed in range(200):
        state = uno.build(game, 3, hands=hands, top="red 4", towers=towers, dealer=2, seed=seed)
        act(state, "play red 6")
        if ("blocked", "first_card") in cases(state, "what"):
            return
    raise AssertionError("no seed turns up a first card that a tower blocks")


# -- Kung Fu --------------------------------------------------------------------------

ACTIVATE = "activate your card's effect"


def test_kung_fu_first_player_by_option_and_the_bonus_cards() -> None:
    for bonus in (1, 2):
        game = tabletop.make("kung-fu", first_player="0", second_player_bonus_parry_cards=bonus)
        state = game.new_state(2, seed=1)
        assert "bonus" in kinds(state) and ("first_player", "option") in cases(state, "how")


def test_kung_fu_negated_parry(tmp_path: Path) -> None:
    game = kf.make(tmp_path)
    state = kf.build(
        game,
        hands=[["Negator", "Jab"], ["Block", "Wall"]],
        rows=[["Coin Punch", "Coin Punch"], []],
    )
    act(state, "attack with Negator face up", "parry with Block", ACTIVATE)
    assert "negate" in kinds(state)


def test_kung_fu_nothing_to_discard_at_random(tmp_path: Path) -> None:
    game = kf.make(tmp_path)
    state = kf.build(
        game,
        hands=[["Heavy"], ["Disarm", "Block"]],
        rows=[[], ["Coin Block", "Coin Block"]],
    )
    act(state, "attack with Heavy face up", "parry with Disarm", ACTIVATE)
    assert ("discard_random", ()) in cases(state, "types")


def _double_knockout(game: Any) -> State:
    """Attacker at 2 and defender at 1: Jab hits for 1, Striker takes 2 back."""
    state = kf.build(
        game,
        hands=[["Jab", "Jab", "Heavy", "Power Kick"], ["Striker", "Block", "Wall", "Jab"]],
        life=(2, 1),
        rows=[["Coin Punch", "Coin Punch"], ["Coin Block", "Coin Block"]],
    )
    act(state, "attack with Jab face up", "parry with Striker", ACTIVATE)
    return state


def test_kung_fu_double_knockout_fights_on(tmp_path: Path) -> None:
    state = _double_knockout(kf.make(tmp_path))
    assert ("double_knockout", False) in cases(state, "deciding")


def test_kung_fu_deciding_fight(tmp_path: Path) -> None:
    state = _double_knockout(kf.make(tmp_path, deciding_fight="single_exchange"))
    act(state, "attack with Jab face up", "parry with Block")  # a tie: roles swap
    act(state, "draw 0 red, the rest blue", "attack with Jab face up")
    assert state.is_terminal()
    deciding = cases(state, "deciding")
    assert ("double_knockout", True) in deciding and ("round", True) in deciding
    assert "deciding_tie" in kinds(state)
    assert ("game_end", "deciding") in cases(state, "ending")


@pytest.mark.parametrize(("life", "ending"), [((6, 6), "equal_life"), ((4, 6), "more_life")])
def test_kung_fu_stalemate(tmp_path: Path, life: tuple[int, int], ending: str) -> None:
    state = kf.build(
        kf.make(tmp_path, cards={"Coin Punch": 1, "Block": 2, "Wall": 1}),
        hands=[["Block"], ["Wall"]],
        rows=[["Coin Punch"], []],
        red=[],
        blue=["Block"],
        life=life,
    )
    assert state.is_terminal()
    assert "stalemate" in kinds(state) and ("game_end", ending) in cases(state, "ending")


def test_kung_fu_round_limit(tmp_path: Path) -> None:
    state = kf.build(kf.make(tmp_path, round_limit=1), hands=[["Heavy", "Jab"], ["Block", "Wall"]])
    act(state, "attack with Heavy face up", "parry with Block")
    assert "round_limit" in kinds(state)
    assert ("game_end", "round_limit") in cases(state, "ending")


def test_kung_fu_no_card_left_to_draw(tmp_path: Path) -> None:
    """Every card is in a hand: the defender who wins draws the difference from nothing."""
    game = kf.make(tmp_path, cards={"Jab": 2, "Wall": 2})
    state = kf.build(game, hands=[["Jab", "Jab"], ["Wall", "Wall"]], red=[], blue=[])
    act(state, "attack with Jab face up", "draw the difference")  # the only parry: no choice
    assert "no_cards" in kinds(state)


@pytest.mark.parametrize("exhausted", ["attack", "parry"])
def test_kung_fu_a_colour_runs_out_at_the_deal(tmp_path: Path, exhausted: str) -> None:
    """Too few cards of one colour for both starting hands: the deal draws the other."""
    few = [kf.card("A01", "Jab", 2, count=4)] if exhausted == "attack" else []
    few += [kf.card("P01", "Block", 2, count=4)] if exhausted == "parry" else []
    cards = few + [c for c in kf.FIXTURE if c["deck"] != exhausted]
    game = tabletop.make("kung-fu", deck=kf.write_deck(tmp_path, cards), first_player="0")
    drawn = "blue" if exhausted == "attack" else "red"
    assert ("other_colour", drawn) in cases(game.new_state(2, seed=1), "colour")

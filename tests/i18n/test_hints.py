"""Hints' reasons read in the reader's language (``Game.explain(..., reader)``): whole
messages with the game's names for cards, colours and monsters; English as before."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.bots import analyse
from tabletop.core.game import State
from tabletop.i18n import Reader

EN, DE, IT = Reader("en"), Reader("de"), Reader("it")

GAMES = [
    ("king-of-tokyo", {}, 3),
    ("king-of-tokyo", {"power_up": "on"}, 2),
    ("uno-power", {}, 3),
    ("kung-fu", {}, 2),
]


def states(game_id: str, options: dict[str, str], players: int, seed: int) -> list[State]:
    """The states of a game played at random (at most 150 decisions)."""
    game = tabletop.make(game_id, **options)
    state = game.new_state(players, seed=seed)
    rng = random.Random(seed)
    seen = []
    while not state.is_terminal() and len(seen) < 150:
        seen.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return seen


def reasons(state: State, reader: Reader | None) -> list[str | None]:
    p = state.current_player
    return [state.game.explain(state, p, a, reader) for a in state.legal_actions()]


@pytest.mark.parametrize(("game_id", "options", "players"), GAMES)
def test_reasons_read_in_every_language(
    game_id: str, options: dict[str, str], players: int
) -> None:
    differ = 0
    for seed in (1, 2):
        for state in states(game_id, options, players, seed):
            english = reasons(state, None)
            assert reasons(state, EN) == english
            for reader in (DE, IT):
                for source, text in zip(english, reasons(state, reader), strict=True):
                    assert (text is None) == (source is None)
                    if text is None:
                        continue
                    assert text and "{" not in text and "}" not in text, (reader, text)
                    differ += reader is DE and text != source
    # Card, colour and monster names (and numbers: "4,5") are German already, whatever
    # the catalog holds.
    assert differ > 0


def test_a_king_of_tokyo_purchase_names_the_card_in_german() -> None:
    game = tabletop.make("king-of-tokyo")
    for state in states("king-of-tokyo", {}, 3, 3) + states("king-of-tokyo", {}, 4, 5):
        p = state.current_player
        for a in state.legal_actions():
            english = game.explain(state, p, a)
            if english and english.startswith("buys "):
                german = game.explain(state, p, a, DE)
                assert german and german != english and "{" not in german
                return
    pytest.fail("no purchase reached")


def test_uno_names_the_colour_and_the_card_in_german() -> None:
    game = tabletop.make("uno-power", target_score="single_round")
    hand = ["blue Draw Two", "blue 5", "blue 7", "red 3", "Wild Grab-a-Tower"]
    others = [["green 1", "green 2"], ["red 9", "yellow 4", "yellow 5"]]
    state = game.position({"hands": [hand, *others], "top": "blue 3", "turn": 0})
    play = next(a for a in state.legal_actions() if a.label == "play blue Draw Two")
    assert game.explain(state, 0, play) == "plays blue Draw Two: player 2 holds 2 cards"
    german = game.explain(state, 0, play, DE)
    assert german and "blue" not in german and "{" not in german
    name = game.table.name_colour[1]
    assert game.explain(state, 0, name, EN) == "names blue: you hold 3 blue cards"
    german = game.explain(state, 0, name, DE)
    assert german and "blue" not in german and "{" not in german


def test_hints_carry_the_readers_reasons() -> None:
    state = tabletop.make("kung-fu").new_state(2, seed=3)
    player = state.current_player
    english = {h.action.id: h.reason for h in analyse(state, player, iterations=30, seed=1)}
    german = {
        h.action.id: h.reason for h in analyse(state, player, iterations=30, seed=1, reader=DE)
    }
    assert english.keys() == german.keys()
    for key, reason in german.items():
        assert (reason is None) == (english[key] is None)
        assert reason is None or "{" not in reason
        assert reason == state.game.explain(
            state, player, next(a for a in state.legal_actions() if a.id == key), DE
        )

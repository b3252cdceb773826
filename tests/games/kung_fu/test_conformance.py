"""The conformance harness over option sets and decks, and that rare events occur."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core.conformance import check_game
from tests.games.kung_fu.scenario import ARROW, FIXTURE, card, write_deck

OPTION_SETS = [
    {"draw_split": "sequential", "payment": "minimal"},
    {"deciding_fight": "single_exchange", "lose2_target": "self", "reshuffle_on_empty": False},
    {
        "max_voluntary_passes": 3,
        "second_player_bonus_parry_cards": 2,
        "negated_parry_keeps_koku": True,
        "first_player": "1",
    },
    {"max_voluntary_passes": 0, "lose2_target": "opponent", "first_player": "0"},
]

# Cheap, brutal effects: double knock-outs and reshuffles happen in random play.
BRAWL = [
    card("A01", "Smash", 6, count=6),
    card(
        "A02",
        "Fang",
        3,
        count=4,
        effects=[{"type": "lose2", "trigger": ARROW, "amount": 4, "target": "opponent"}],
    ),
    card("A03", "Coin Punch", 1, koku=1),
    card(
        "P01",
        "Striker",
        1,
        count=6,
        effects=[{"type": "lose2", "trigger": "on_activate", "amount": 4, "target": "opponent"}],
    ),
    card("P02", "Block", 2, count=4),
    card("P03", "Healer", 2, count=2, effects=["heal2"]),
]

# Few red cards and no reshuffling: the red cards run out (stalemate, R13).
SPARSE = [
    card("A01", "Jab", 2, count=4),
    card("A02", "Coin Punch", 1, koku=1, count=2),
    card("P01", "Block", 2, count=8),
    card("P02", "Coin Block", 1, koku=2, count=4),
]


def test_conformance_default_deck() -> None:
    report = check_game(tabletop.make("kung-fu"), games=10, deep_every=4)
    assert report.games == 10
    for kind in (
        "attack",
        "attack_down",
        "reveal",
        "pass",
        "handover",
        "initiative",
        "activate",
        "pay",
        "koku_row",
        "take_initiative",
        "draw_difference",
        "game_end",
    ):
        assert report.events[kind] > 0, kind


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o))
def test_conformance_option_sets(options) -> None:
    report = check_game(tabletop.make("kung-fu", **options), games=5, deep_every=6)
    assert report.games == 5
    assert report.events["game_end"] == 5


def test_conformance_fixture_deck_every_effect(tmp_path) -> None:
    game = tabletop.make("kung-fu", deck=write_deck(tmp_path, FIXTURE))
    report = check_game(game, games=25, deep_every=8)
    for kind in (
        "boost",
        "negate",
        "gain_koku",
        "switch",
        "effect_draw",
        "mark",
        "no_parry",
        "discard_random",
        "discard_koku",
        "heal",
        "lose",
        "fizzle",
    ):
        assert report.events[kind] > 0, kind


@pytest.mark.parametrize("deciding", ["reset_to_one", "single_exchange"])
def test_conformance_double_knockouts(tmp_path, deciding) -> None:
    game = tabletop.make("kung-fu", deck=write_deck(tmp_path, BRAWL), deciding_fight=deciding)
    report = check_game(game, games=150, deep_every=10)
    assert report.events["double_knockout"] > 0
    assert report.events["reshuffle"] > 0
    if deciding == "single_exchange":
        assert report.events["deciding_tie"] > 0


def test_conformance_stalemate_and_no_reshuffle(tmp_path) -> None:
    game = tabletop.make("kung-fu", deck=write_deck(tmp_path, SPARSE), reshuffle_on_empty=False)
    report = check_game(game, games=8, deep_every=5)
    assert report.events["stalemate"] > 0
    assert report.events["no_cards"] > 0


def test_conformance_round_limit(tmp_path) -> None:
    game = tabletop.make("kung-fu", round_limit=3, draw_split="sequential")
    report = check_game(game, games=6, deep_every=3)
    assert report.events["round_limit"] > 0
    assert max(report.lengths) <= game.info.max_game_length

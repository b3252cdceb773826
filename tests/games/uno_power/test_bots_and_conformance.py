"""The heuristic bot and the conformance harness over option sets."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.bots import make_bot
from tabletop.core.conformance import check_game

OPTION_SETS = [
    {},
    {"wd4_challenge": False, "uno_call": "auto"},
    {"stacking": "progressive", "jump_in": True, "seven_swap": True},
    {"icon_grab": "optional", "tower_protection": "optional", "four_tower_bonus": "automatic"},
    {"scoring": "lowest_total", "draw_until_playable": True, "forced_play_drawn": True},
    {"empty_pile": "end_round", "must_play_if_able": True, "no_action_finish": True},
    {
        "wd4_challenge_on_last_card": True,
        "blocked_wd4_challenge": True,
        "challenger_plays_after_guilty": False,
    },
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_heuristic_bot_never_chooses_an_illegal_action(options):
    game = tabletop.make("uno-power", target_score=150, **options)
    for n, seed in ((2, 1), (4, 2), (6, 3)):
        state = game.new_state(n, seed=seed, log=False)
        bots = [make_bot("heuristic", "uno-power", seed=seed * 10 + p) for p in range(n)]
        steps = 0
        while not state.is_terminal():
            p = state.current_player
            choice = bots[p].choose(state, p)
            assert choice in state.legal_actions()
            state.apply(choice)
            steps += 1
        assert steps > 0
        assert len(state.winners()) >= 1


def test_conformance_defaults():
    game = tabletop.make("uno-power", target_score="single_round")
    report = check_game(game, num_players=[2, 3, 6], games=6, deep_every=40)
    assert report.games == 18
    for kind in ("reshuffle", "tower", "blocked", "challenge", "catch", "skip", "round_end"):
        assert report.events[kind] > 0, kind


def test_conformance_long_match_with_bonus_and_reshuffles():
    game = tabletop.make("uno-power", target_score=60)
    report = check_game(game, num_players=[4], games=3, deep_every=60)
    for kind in ("bonus", "reshuffle", "round_end", "game_end"):
        assert report.events[kind] > 0, kind


MORE_OPTION_SETS = [
    {"dealer": "random", "first_wild_grab_policy": "redraw", "towers_reset_each_round": False},
    {"two_player_reverse_is_skip": False, "reverse_skip_blocked_by_tower": True, "hand_size": 3},
    {"icon_table": "U:9,9 N:1 O:2 !:3", "card_points": "draw1=5,wild_grab=40"},
]


@pytest.mark.parametrize("options", OPTION_SETS[1:] + MORE_OPTION_SETS, ids=lambda o: ",".join(o))
def test_conformance_options(options):
    game = tabletop.make("uno-power", target_score="single_round", **options)
    report = check_game(game, num_players=[2, 5], games=3, deep_every=50)
    assert report.games == 6
    assert report.events["round_end"] == 6


def test_conformance_house_rule_events_occur():
    game = tabletop.make(
        "uno-power", target_score=40, stacking="same_type", jump_in=True, seven_swap=True
    )
    report = check_game(game, num_players=[4], games=3, deep_every=80)
    for kind in ("jump", "swap"):
        assert report.events[kind] > 0, kind


def test_conformance_partners_and_multi_round_lowest_total():
    game = tabletop.make(
        "uno-power",
        partners=True,
        scoring="lowest_total",
        lowest_total_tie="play_on",
        target_score=80,
    )
    report = check_game(game, num_players=[4], games=2, deep_every=80)
    assert report.events["game_end"] == 2
    assert report.events["round_end"] >= 2

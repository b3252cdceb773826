"""The conformance harness for 2 to 6 players in both editions and under the rulings."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import tabletop
from tabletop.core.conformance import check_game

OPTION_SETS = [
    {"edition": "2011"},
    {"edition": "2016"},
    {
        "edition": "2011",
        "extra_damage": "claw",
        "tokyo_entry": "mandatory",
        "game_end": "end_of_turn",
        "fire_breathing": "both",
        "first_player": "random",
    },
    {
        "edition": "2016",
        "bay_at_four": "leave",
        "tentacles_counters": "stay",
        "metamorph_refund": "paid",
        "underdog_turns": "any",
        "healing_ray_regeneration": "healer",
        "frenzy_end_of_turn": False,
        "herbivore_counts_self": True,
        "bay_moves_up": True,
        "friend_of_children_metamorph": True,
    },
    {"edition": "2011", "tokyo_bay": False, "two_player_variant": True},
    {"power_up": "on"},
    {"power_up": "mutant", "edition": "2016", "evolution_setup": "discard"},
    {"power_up": "on", "edition": "2016", "draft_direction": "right"},
]


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_conformance(options: dict[str, object]) -> None:
    game = tabletop.make("king-of-tokyo", **options)
    report = check_game(game, num_players=[2, 3, 4, 5, 6], games=3, deep_every=9)
    assert report.games == 15
    for kind in ("roll", "attack", "enter", "yield", "eliminated", "buy", "game_over"):
        assert report.events[kind] > 0, kind
    if options.get("power_up", "off") != "off":
        for kind in ("evolution_draw", "evolution_keep", "evolution"):
            assert report.events[kind] > 0, kind


def test_random_games_reach_rare_situations() -> None:
    """Random 6-player games reach Tokyo Bay, its closing at four monsters and reshuffles.

    The harness above checks the invariants; this makes sure the situations where
    they are most fragile do happen in the seeded games the suite plays.
    """
    game = tabletop.make("king-of-tokyo", edition="2016")
    rng = random.Random(0)
    seen: Counter[str] = Counter()
    for seed in range(60):
        state = game.new_state(6, seed=seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        for event in state.log:
            if event.kind == "enter" and "Bay" in event.text:
                seen["bay"] += 1
            if "four monsters remain" in event.text:
                seen["bay closes"] += 1
            if "shuffled into a new deck" in event.text:
                seen["reshuffle"] += 1
    assert seen["bay"] and seen["bay closes"] and seen["reshuffle"], seen


def test_heuristic_games_buy_cards_and_end() -> None:
    """Heuristic bots play whole games: cards are bought and somebody wins or all die."""
    from tabletop.bots import make_bot

    game = tabletop.make("king-of-tokyo")
    bought = 0
    for seed in range(6):
        state = game.new_state(4, seed=seed)
        bots = [make_bot("heuristic", game.id, seed=seed * 10 + p) for p in range(4)]
        while not state.is_terminal():
            p = state.current_player
            state.apply(bots[p].choose(state, p))
        bought += sum(e.kind == "buy" for e in state.log)
        assert state.winners() or all(m["alive"] is False for m in state.view(None)["monsters"])
    assert bought > 0

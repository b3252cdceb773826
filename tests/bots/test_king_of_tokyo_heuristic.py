"""The King of Tokyo heuristic's Power Up! timing: the Evolutions that the Power Up!
study measured costing their holder points when the bot used them at once
(docs/bots.md, "The heuristic's Evolutions")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.games.king_of_tokyo import heuristic
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def _start_of_turn(subject: dict[str, Any], *, in_tokyo: bool = False) -> KingOfTokyoState:
    """Seat 0 (``subject``) begins its turn against two monsters, asked its Evolution's
    question or offered its Evolution."""
    position: dict[str, Any] = {
        "players": 3,
        "turn": 0,
        "step": "start of turn",
        "monsters": [subject, {"name": "the_king"}, {"name": "giga_zaur"}],
    }
    if in_tokyo:
        position["city"] = 0
    state = tabletop.make("king-of-tokyo", power_up="on").position(position)
    assert isinstance(state, KingOfTokyoState)
    return state


def _choice(state: KingOfTokyoState) -> int:
    """The move the heuristic makes where seat 0 decides."""
    assert state.current_player == 0
    return state.table.move[heuristic.choose(state, 0).id]


@pytest.mark.parametrize(("hearts", "skips"), [(10, False), (3, False), (2, True), (1, True)])
def test_sunken_temple_skips_a_turn_only_to_escape_death(hearts: int, skips: bool) -> None:
    state = _start_of_turn({"name": "kraken", "hearts": hearts, "played": ["sunken_temple"]})
    assert _choice(state) == (Move.EVO_YES if skips else Move.EVO_NO)


@pytest.mark.parametrize(("hearts", "plays"), [(10, False), (6, False), (3, False), (2, True)])
def test_tune_up_waits_in_hand_until_the_monster_is_near_death(hearts: int, plays: bool) -> None:
    state = _start_of_turn({"name": "meka_dragon", "hearts": hearts, "evolutions": ["tune_up"]})
    assert _choice(state) == (Move.PLAY_EVOLUTION if plays else Move.DECLINE)


@pytest.mark.parametrize(
    ("hearts", "energy", "in_tokyo", "bets"),
    [
        (8, 6, True, True),  # in Tokyo every claw smashes both others: 2 extra hearts each
        (6, 4, True, True),
        (10, 9, False, False),  # outside, rich and healthy: its claws smash one monster
        (5, 6, True, False),  # a lost bet's 2 hearts would leave it at 3
        (8, 3, True, False),  # the bet would leave it 1 energy
    ],
)
def test_exotic_arms_bets_only_from_tokyo_healthy_and_not_poor(
    hearts: int, energy: int, in_tokyo: bool, bets: bool
) -> None:
    subject = {"name": "alienoid", "hearts": hearts, "energy": energy, "played": ["exotic_arms"]}
    state = _start_of_turn(subject, in_tokyo=in_tokyo)
    assert _choice(state) == (Move.EVO_YES if bets else Move.EVO_NO)


def test_the_evolutions_benchmark_plays_the_study_s_arms() -> None:
    """benchmarks/heuristic_evolutions.py (the figures of docs/bots.md) runs: a few
    replicates of one Evolution's arm against its monster's."""
    script = Path(__file__).parents[2] / "benchmarks" / "heuristic_evolutions.py"
    done = subprocess.run(
        [sys.executable, str(script), "--replicates", "4", "--evolution", "Tune-Up (Meka Dragon)"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "| Tune-Up (Meka Dragon) |" in done.stdout
    assert "4 replicates" in done.stdout
    refused = subprocess.run(
        [sys.executable, str(script), "--replicates", "4", "--evolution", "Tune-Up"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert refused.returncode != 0
    assert "not an arm of the Power Up! study: Tune-Up" in refused.stderr

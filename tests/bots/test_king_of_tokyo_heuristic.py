"""The King of Tokyo heuristic's Power Up! timing: the Evolutions that the Power Up!
study measured costing their holder points when the bot used them at once, and those
that do something only at their moment (docs/bots.md, "The heuristic's Evolutions")."""

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

OTHERS = ({"name": "the_king"}, {"name": "giga_zaur"})


def _position(subject: dict[str, Any], **fields: Any) -> KingOfTokyoState:
    """A Power Up! position of seat 0 (``subject``) against ``others`` (default
    :data:`OTHERS`), at seat 0's turn, with the position's other ``fields``."""
    others = fields.pop("others", OTHERS)
    position = {"players": 3, "turn": 0, "monsters": [subject, *others], **fields}
    state = tabletop.make("king-of-tokyo", power_up="on").position(position)
    assert isinstance(state, KingOfTokyoState)
    return state


def _start_of_turn(subject: dict[str, Any], *, in_tokyo: bool = False) -> KingOfTokyoState:
    """Seat 0 (``subject``) begins its turn against two monsters, asked its Evolution's
    question or offered its Evolution."""
    city = {"city": 0} if in_tokyo else {}
    return _position(subject, step="start of turn", **city)


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


def _resolving(subject: dict[str, Any], dice: list[str], *, in_tokyo: bool) -> KingOfTokyoState:
    """Seat 0 (``subject``) after its last roll of ``dice``, at the window that offers
    its Evolution (the windows before it, which do not, declined)."""
    city = 0 if in_tokyo else 1
    state = _position(subject, step="after the last roll", dice=dice, city=city)
    while not any(state.table.move[a.id] == Move.PLAY_EVOLUTION for a in state.legal_actions()):
        assert state.current_player == 0, "the window never offered the Evolution"
        (decline,) = state.legal_actions()
        state.apply(decline)
    return state


@pytest.mark.parametrize(
    ("dice", "plays"),
    [
        (["claw", "claw", "1", "2", "3", "energy"], True),
        (["1", "1", "2", "2", "3", "energy"], False),
    ],
)
def test_mecha_blast_waits_for_claws_to_wound(dice: list[str], plays: bool) -> None:
    state = _resolving({"name": "meka_dragon", "evolutions": ["mecha_blast"]}, dice, in_tokyo=False)
    assert _choice(state) == (Move.PLAY_EVOLUTION if plays else Move.DECLINE)


@pytest.mark.parametrize(
    ("hearts", "in_tokyo", "plays"),
    [(6, False, True), (10, False, False), (6, True, False)],  # full, or in Tokyo: no healing
)
def test_high_tide_waits_for_hearts_that_heal(hearts: int, in_tokyo: bool, plays: bool) -> None:
    subject = {"name": "kraken", "hearts": hearts, "evolutions": ["high_tide"]}
    state = _resolving(subject, ["heart", "heart", "1", "2", "3", "energy"], in_tokyo=in_tokyo)
    assert _choice(state) == (Move.PLAY_EVOLUTION if plays else Move.DECLINE)


@pytest.mark.parametrize(
    ("stars", "plays"), [((0, 0), False), ((2, 1), False), ((2, 2), True), ((9, 0), False)]
)
def test_primal_bellow_waits_until_the_others_lose_4_stars(
    stars: tuple[int, int], plays: bool
) -> None:
    others = ({"name": "the_king", "stars": stars[0]}, {"name": "kraken", "stars": stars[1]})
    subject = {"name": "giga_zaur", "evolutions": ["primal_bellow"]}
    state = _position(subject, step="start of turn", others=others)
    assert _choice(state) == (Move.PLAY_EVOLUTION if plays else Move.DECLINE)


@pytest.mark.parametrize(("hearts_rolled", "stars"), [(1, 0), (2, 2)])
def test_a_tally_s_reward_waits_for_a_tally_of_2(hearts_rolled: int, stars: int) -> None:
    """Cult Worshippers (1 star per heart gained this turn), offered as the turn ends:
    kept after a turn that healed 1 heart, played after one that healed 2."""
    dice = ["heart"] * hearts_rolled + ["1", "1", "2", "3", "energy"][hearts_rolled - 1 :]
    subject = {"name": "kraken", "hearts": 5, "evolutions": ["cult_worshippers"]}
    state = _resolving(subject, dice, in_tokyo=False)
    while state.current_player == 0:  # the heuristic plays the rest of its turn
        state.apply(heuristic.choose(state, 0))
    assert state.monsters[0].hearts == 5 + hearts_rolled
    assert state.monsters[0].stars == stars


def _benchmark(evolution: str) -> subprocess.CompletedProcess[str]:
    """benchmarks/heuristic_evolutions.py for 4 replicates of ``evolution``'s arm."""
    script = Path(__file__).parents[2] / "benchmarks" / "heuristic_evolutions.py"
    args = [sys.executable, str(script), "--replicates", "4", "--evolution", evolution]
    return subprocess.run(args, capture_output=True, text=True, timeout=120, check=False)


def test_the_evolutions_benchmark_plays_the_study_s_arms() -> None:
    """benchmarks/heuristic_evolutions.py (the figures of docs/bots.md) runs: a few
    replicates of one Evolution's arm against its monster's; a name that is no arm of
    the study is refused."""
    done = _benchmark("Tune-Up (Meka Dragon)")
    assert done.returncode == 0, done.stderr
    assert "| Tune-Up (Meka Dragon) |" in done.stdout
    assert "4 replicates" in done.stdout
    refused = _benchmark("Tune-Up")
    assert refused.returncode != 0
    assert "not an arm of the Power Up! study: Tune-Up" in refused.stderr
